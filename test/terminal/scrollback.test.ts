import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sessionDirFor } from "../../source/session/paths.js";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { tallSession } from "../helpers/tall-session.js";

let term: ArborTerminal | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux: term, dir });
	[term, dir] = [undefined, undefined];
});

const STATUS = /· leaf e\d+\s*$/;
/** The editor (`›`) and the status line are the last rows of the screen: below them only the cursor's row (Ink ends its frame with a newline). */
function editorAtBottom(screen: string): boolean {
	const lines = screen.replace(/\n$/, "").split("\n");
	if (lines.at(-1) === "") lines.pop();
	// A status message ("Navigated to selected point") may sit between the editor and the status line.
	return STATUS.test(lines.at(-1) ?? "") && [lines.at(-2), lines.at(-3)].some((l) => l?.startsWith("›"));
}
const count = (text: string, line: RegExp) => text.split("\n").filter((l) => line.test(l)).length;

/** Every `out k` line of the tall output, 1…n, somewhere in the screen or the scrollback. */
function missingOutput(all: string, n: number): number[] {
	const seen = new Set(all.split("\n").map((l) => /^(?:\s*⎿)?\s*out (\d+)$/.exec(l)?.[1]).filter(Boolean).map(Number));
	return Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k));
}

describe("the terminal's scrollback keeps the conversation (issue 37, virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: Ctrl+O prints a 300-line output whole; collapsing, /tree+Esc, a jump and a resize keep the earlier messages`, async () => {
			({ dir } = tempPlace("scrollback"));
			const file = join(dir, "s.jsonl");
			tallSession(file, { turns: 40, outputLines: 300 });
			term = startArbor({ args: ["--session", file], cwd: dir, home: join(dir, "home"), cols, rows });
			await term.waitForScreen((s) => s.includes("All done.") && editorAtBottom(s), "the session, editor at the bottom");
			const opened = await term.terminal.scrollback();
			// The printed tail reaches back past the first screen: those messages are in the scrollback.
			const earliest = Number(/question (\d+)/.exec(opened)![1]);
			expect(earliest).toBeLessThan(40);

			term.write("\x0f");
			await term.waitForScreen((s) => s.includes("All done.") && s.includes("out 300") && editorAtBottom(s), "expanded");
			const expanded = await term.terminal.scrollback();
			expect(missingOutput(expanded, 300)).toEqual([]);
			expect(expanded).toContain(`question ${earliest}`);

			term.write("\x0f");
			await term.waitForScreen((s) => s.includes("(Ctrl+O to expand)") && editorAtBottom(s), "collapsed");
			expect(missingOutput(await term.terminal.scrollback(), 300)).toEqual([]);

			// /tree then Esc: the buffer is as it was, the editor where it was.
			const before = await term.terminal.scrollback();
			term.send("Escape", "Escape");
			await term.waitForScreen((s) => s.includes("← active"), "tree");
			expect(term.terminal.term.buffer.active.type).toBe("alternate");
			term.send("Escape");
			const back = await term.waitForScreen((s) => !s.includes("← active") && editorAtBottom(s), "tree closed, editor at the bottom");
			expect(await term.terminal.scrollback()).toBe(before);
			expect(back).toContain("All done.");

			// A jump: the new path is printed below; the old output (the 300 lines too) stays above it.
			term.send("Escape", "Escape");
			await term.waitForScreen((s) => s.includes("← active"), "tree again");
			term.send("Home", "Down", "Enter");
			// The summary question fills the alternate screen: the status line on its last row.
			const question = await term.waitForScreen((s) => s.includes("Summarize the branch"), "summary question");
			expect(question.replace(/\n+$/, "").split("\n")).toHaveLength(rows - 1);
			expect(question.replace(/\n+$/, "").split("\n").at(-1)).toMatch(STATUS);
			term.send("Enter");
			const jumped = await term.waitForScreen((s) => s.includes("answer 1") && !s.includes("← active") && editorAtBottom(s), "jumped, editor at the bottom");
			expect(jumped.split("── the conversation now ──")[1]).not.toContain("All done.");
			const afterJump = await term.terminal.scrollback();
			expect(afterJump.startsWith(before.replace(/\n+$/, "").split("\n").slice(0, -rows).join("\n"))).toBe(true);
			expect(missingOutput(afterJump, 300)).toEqual([]);
			expect(count(afterJump, /── the conversation now ──/)).toBe(1);

			// A resize keeps it all too.
			term.resize(cols - 10, rows - 4);
			await term.waitForScreen((s) => editorAtBottom(s), "resized");
			const resized = await term.terminal.scrollback();
			expect(missingOutput(resized, 300)).toEqual([]);
			expect(resized).toContain(`question ${earliest}`);
			await quit(term);
		}, 90_000);
	}

	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: arbor -c prints the session's last screens: the earlier messages are in the scrollback`, async () => {
			({ dir } = tempPlace("scrollback-c"));
			const home = join(dir, "home");
			const sessions = sessionDirFor(dir, home);
			mkdirSync(sessions, { recursive: true });
			tallSession(join(sessions, "2026-11-22T09-00-00-000Z_0193e7a0-0000-7000-8000-000000000002.jsonl"), { turns: 40, outputLines: 30 });
			term = startArbor({ args: ["-c"], cwd: dir, home, cols, rows });
			const screen = await term.waitForScreen((s) => s.includes("All done.") && editorAtBottom(s), "the session resumed, editor at the bottom");
			const all = await term.terminal.scrollback();
			const above = all.slice(0, all.length - screen.length);
			const earlier = [...above.matchAll(/^› question (\d+)$/gm)].map((m) => Number(m[1]));
			expect(earlier.length).toBeGreaterThan(0);
			for (const k of earlier) expect(screen).not.toMatch(new RegExp(`question ${k}$`, "m"));
			await quit(term);
		}, 60_000);
	}
});
