import { writeFileSync } from "node:fs";

const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join("\n");

/** A session with one of each collapsible item: reasoning, a tool call with a long result, an edit's diff, a branch summary, a custom message. */
export function expandableSession(file: string): void {
	let parent: string | null = null;
	let n = 0;
	const entries: object[] = [{ type: "session", version: 3, id: "0193e7a0-0000-7000-8000-000000000001", timestamp: "2026-11-22T09:00:00.000Z", cwd: "/project" }];
	const add = (entry: object) => {
		const id = `e${++n}`;
		entries.push({ ...entry, id, parentId: parent, timestamp: "2026-11-22T09:00:00.000Z" });
		parent = id;
	};
	const assistant = (content: object[]) => ({ role: "assistant", content, api: "openai-completions", provider: "compat", model: "m", usage, stopReason: content.some((p: any) => p.type === "toolCall") ? "toolUse" : "stop", timestamp: 1 });
	add({ type: "message", message: { role: "user", content: [{ type: "text", text: "count for me" }], timestamp: 1 } });
	add({ type: "message", message: assistant([{ type: "thinking", thinking: lines("pondering step", 8) }, { type: "toolCall", id: "c1", name: "bash", arguments: { command: "seq 1 30" } }]) });
	add({ type: "message", message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: lines("out", 30) }], isError: false, timestamp: 1 } });
	const diff = ["--- a/a.txt", "+++ b/a.txt", "@@ -1,6 +1,6 @@", " keep 1", "-old 2", "+new 2", " keep 3", " keep 4", " keep 5", " keep 6"].join("\n");
	add({ type: "message", message: assistant([{ type: "toolCall", id: "c2", name: "edit", arguments: { path: "a.txt", oldText: "old 2", newText: "new 2" } }]) });
	add({ type: "message", message: { role: "toolResult", toolCallId: "c2", toolName: "edit", content: [{ type: "text", text: `Edited a.txt\n${diff}` }], isError: false, timestamp: 1 } });
	add({ type: "branch_summary", fromId: "e1", summary: "## Goal\nsummary goal line\n\n## Next Steps\n1. **first** step\n2. second step" });
	add({ type: "custom_message", customType: "note", content: "note line 1\nnote line 2\nnote line 3", display: true });
	add({ type: "message", message: assistant([{ type: "text", text: "All counted." }]) });
	writeFileSync(file, `${entries.map((e) => JSON.stringify(e)).join("\n")}\n`);
}
