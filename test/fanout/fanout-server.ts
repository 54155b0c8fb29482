import { startSseServer, textReply, toolCallReply, errorReply, type Script, type SseServer } from "../helpers/sse-server.js";

/** The branch (1…N) a request comes from: its copy's folder, `…/fanout/<run>/<k>/project`, is in the system prompt. */
export function branchOf(body: any): number {
	const system = JSON.stringify(body.messages?.[0] ?? "");
	return Number(/fanout\/[^/]+\/(\d+)\//.exec(system)?.[1] ?? 0);
}

/**
 * A model server for fan-outs: each branch runs `steps` bash commands (`command(k, step)`), then
 * answers `Branch k done`. `fail` branches get an HTTP 500; `delayMs` answers late.
 */
export function fanoutServer(opts: { command: (k: number, step: number) => string; steps?: number; fail?: number[]; hold?: number[] }): Promise<SseServer> {
	return startSseServer(fanoutScript(opts));
}

/** The handler of {@link fanoutServer}; a request from outside a fan-out gets `Hello.` */
export function fanoutScript(opts: { command: (k: number, step: number) => string; steps?: number; fail?: number[]; hold?: number[] }): (body: any) => Script {
	const steps = opts.steps ?? 1;
	return (body: any): Script => {
		const k = branchOf(body);
		if (k === 0) return textReply("Hello.");
		if (opts.fail?.includes(k)) return errorReply(500, `branch ${k} broke`);
		const toolResults = (body.messages as { role: string }[]).filter((m) => m.role === "tool").length;
		if (opts.hold?.includes(k) && toolResults >= steps) return textReply(`Branch ${k} is slow`, { hold: true });
		if (toolResults < steps) return toolCallReply([{ id: `c${k}-${toolResults}`, name: "bash", args: { command: opts.command(k, toolResults) } }]);
		return textReply(`Branch ${k} done\nsecond line`);
	};
}
