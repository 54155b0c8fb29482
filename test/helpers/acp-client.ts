import { StringDecoder } from "node:string_decoder";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
	client,
	ndJsonStream,
	type ClientConnection,
	type RequestPermissionRequest,
	type RequestPermissionResponse,
	type SessionNotification,
} from "@agentclientprotocol/sdk/unstable";
import { builtCli } from "./cli.js";

/**
 * The ACP SDK's own client side driving the BUILT `arbor acp` over ndJsonStream:
 *
 *   const acp = startAcp(["--model", "compat:test-model", "--base-url", url], { cwd, home });
 *   await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
 *   acp.updates            // every session/update notification, in order
 *   acp.permissions        // every session/request_permission request; `acp.answer` decides
 *   acp.raw                // stdout as received (every line must be a JSON-RPC message)
 *   acp.send("not json")   // a raw line on stdin, bypassing the SDK (malformed-message tests)
 *   await acp.end()        // closes stdin and waits for the exit: {code, signal}
 *   await acp.exit()       // waits for the exit, stdin left open
 */
export type AcpHarness = {
	child: ChildProcessWithoutNullStreams;
	connection: ClientConnection;
	agent: ClientConnection["agent"];
	updates: SessionNotification[];
	permissions: RequestPermissionRequest[];
	answer: (request: RequestPermissionRequest) => RequestPermissionResponse | Promise<RequestPermissionResponse>;
	raw: { stdout: string; stderr: string };
	send(line: string): void;
	end(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	/** Waits for the exit with stdin left open (a signal must be the only way out). */
	exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Answers a permission request with the option of this kind. */
export function choose(kind: "allow_once" | "allow_always" | "reject_once") {
	return (request: RequestPermissionRequest): RequestPermissionResponse => {
		const option = request.options.find((o) => o.kind === kind);
		if (!option) throw new Error(`no ${kind} option in ${JSON.stringify(request.options)}`);
		return { outcome: { outcome: "selected", optionId: option.optionId } };
	};
}

export function startAcp(args: string[], opts: { cwd: string; home: string }): AcpHarness {
	const child = spawn(process.execPath, [builtCli(), "acp", ...args], {
		cwd: opts.cwd,
		env: { ...process.env, ARBOR_HOME: opts.home, NO_COLOR: "1" },
		stdio: "pipe",
	});
	const raw = { stdout: "", stderr: "" };
	// stdout also feeds the SDK's stream (bytes): decoded here on the side, across reads, so a
	// character split between two reads stays whole.
	const stdoutText = new StringDecoder("utf8");
	child.stdout.on("data", (d: Buffer) => (raw.stdout += stdoutText.write(d)));
	child.stderr.setEncoding("utf8");
	child.stderr.on("data", (d: string) => (raw.stderr += d));
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
	const harness = {
		child,
		updates: [] as SessionNotification[],
		permissions: [] as RequestPermissionRequest[],
		answer: choose("allow_once"),
		raw,
	} as AcpHarness;
	const app = client({ name: "arbor-test" })
		.onNotification("session/update", ({ params }) => {
			harness.updates.push(params);
		})
		.onRequest("session/request_permission", ({ params }) => {
			harness.permissions.push(params);
			return harness.answer(params);
		});
	const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>);
	harness.connection = app.connect(stream);
	// An agent that exits fails the requests still waiting (a clear error instead of a test timeout).
	void exited.then(({ code, signal }) => harness.connection.close(new Error(`arbor acp exited (code ${code}, signal ${signal}); stderr: ${raw.stderr}`)));
	harness.agent = harness.connection.agent;
	harness.send = (line) => child.stdin.write(`${line}\n`);
	harness.end = async () => {
		child.stdin.end();
		return exited;
	};
	harness.exit = () => exited;
	return harness;
}

/** The text of a session's agent message chunks, joined. */
export function agentText(updates: readonly SessionNotification[], sessionId: string): string {
	return updates
		.filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === "agent_message_chunk")
		.map((n) => {
			const u = n.update as { content: { type: string; text?: string } };
			return u.content.type === "text" ? (u.content.text ?? "") : "";
		})
		.join("");
}
