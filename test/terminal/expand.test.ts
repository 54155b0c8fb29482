import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

let tmux: ArborTerminal | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, dir });
	[tmux, dir] = [undefined, undefined];
});

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

const collapsed = (s: string) => s.includes("All counted.") && s.includes("(Ctrl+O to expand)");

describe("Ctrl+O expands and collapses every item of the transcript (virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: short forms with a hint, Ctrl+O the whole text, again the short forms; a resize while expanded`, async () => {
			({ dir } = tempPlace("expand"));
			const file = join(dir, "s.jsonl");
			expandableSession(file);
			tmux = startArbor({ args: ["--session", file], cwd: dir, home: join(dir, "home"), cols, rows });
			const short = await tmux.waitForScreen(collapsed, "collapsed transcript");
			expect(short).toContain("… 27 more lines (Ctrl+O to expand)");
			expect(short).not.toContain("out 30");
			expect(short).toContain("pondering step 3");
			expect(short).not.toContain("pondering step 8");
			expect(short).not.toContain("second step");
			// Ctrl+O, then a letter typed in the same write: the letter lands in the editor.
			tmux.write("\x0fx");
			const whole = await tmux.terminal.waitForScreen((s) => s.includes("All counted.") && s.includes("› x"), "expanded, then x typed");
			const all = await tmux.terminal.scrollback();
			expect(all).toContain("out 30");
			expect(all).toContain("pondering step 8");
			expect(all).toMatch(/-old 2[^\n]*\n[^\n]*\+new 2/);
			expect(all).toMatch(/Next Steps[\s\S]*1\. first step[\s\S]*2\. second step/);
			expect(all).toContain("note line 3");
			expect(all).toContain("command: seq 1 30");
			expect(whole).not.toContain("(Ctrl+O to expand)");
			// A resize while expanded keeps the expanded form and the editor at the bottom.
			tmux.resize(cols - 10, rows);
			await tmux.waitForScreen((s) => s.includes("All counted.") && s.includes("› x"), "after resize");
			tmux.write("\x0f");
			const back = await tmux.waitForScreen(collapsed, "collapsed again");
			expect(back).not.toContain("out 30");
			expect(await tmux.terminal.scrollback()).not.toContain("out 30");
			tmux.send("C-u");
			await quit(tmux);
		}, 60_000);
	}
});
