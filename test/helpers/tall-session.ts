import { writeFileSync } from "node:fs";

const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/**
 * A session of `turns` short exchanges (`question k` → `answer k`), then one bash call whose result
 * is `outputLines` lines (`out 1` …) and a closing reply `All done.`: the transcript tests' tall item.
 * Returns the id of the entry of `answer 1` (a point to jump to).
 */
export function tallSession(file: string, opts: { turns: number; outputLines: number }): { firstAnswer: string } {
	let parent: string | null = null;
	let n = 0;
	const entries: object[] = [{ type: "session", version: 3, id: "0193e7a0-0000-7000-8000-000000000002", timestamp: "2026-11-22T09:00:00.000Z", cwd: "/project" }];
	const add = (entry: object): string => {
		const id = `e${++n}`;
		entries.push({ ...entry, id, parentId: parent, timestamp: "2026-11-22T09:00:00.000Z" });
		parent = id;
		return id;
	};
	const assistant = (content: object[]) => ({ role: "assistant", content, api: "openai-completions", provider: "compat", model: "m", usage, stopReason: content.some((p: any) => p.type === "toolCall") ? "toolUse" : "stop", timestamp: 1 });
	const user = (text: string) => ({ type: "message", message: { role: "user", content: [{ type: "text", text }], timestamp: 1 } });
	let firstAnswer = "";
	for (let k = 1; k <= opts.turns; k++) {
		add(user(`question ${k}`));
		const id = add({ type: "message", message: assistant([{ type: "text", text: `answer ${k}` }]) });
		if (k === 1) firstAnswer = id;
	}
	add(user("print the numbers"));
	add({ type: "message", message: assistant([{ type: "toolCall", id: "c1", name: "bash", arguments: { command: `seq ${opts.outputLines}` } }]) });
	const output = Array.from({ length: opts.outputLines }, (_, i) => `out ${i + 1}`).join("\n");
	add({ type: "message", message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: output }], isError: false, timestamp: 1 } });
	add({ type: "message", message: assistant([{ type: "text", text: "All done." }]) });
	writeFileSync(file, `${entries.map((e) => JSON.stringify(e)).join("\n")}\n`);
	return { firstAnswer };
}
