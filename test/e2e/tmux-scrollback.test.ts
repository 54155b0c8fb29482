import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionDirFor } from "../../source/session/paths.js";
import { answerConfirmation, builtCli, resizeTmux, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { tallSession } from "../helpers/tall-session.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";

const fx = useArborRun();
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

/** The pane's scrollback and screen (`capture-pane -S -`), or only the scrollback (`-E -1`). */
const capture = (t: TmuxSession, historyOnly = false) =>
	execFileSync("tmux", ["-L", t.name, "capture-pane", "-p", "-S", "-", ...(historyOnly ? ["-E", "-1"] : []), "-t", t.name], { encoding: "utf8" });

/** The status line on the last row but one, the editor right above it (the last row is the cursor's). */
function editorAtBottom(screen: string, rows: number): boolean {
	const lines = screen.split("\n");
	return /leaf \S+\s*$/.test(lines[rows - 2] ?? "") && [lines[rows - 3], lines[rows - 4]].some((l) => l?.startsWith("›"));
}

/** Which of `out 1` … `out n` are nowhere in `text`. */
function missingOutput(text: string, n: number): number[] {
	const seen = new Set(text.split("\n").map((l) => /^(?:\s*⎿)?\s*out (\d+)$/.exec(l)?.[1]).filter(Boolean).map(Number));
	return Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k));
}

describe.skipIf(!hasTmux)("the scrollback in a true terminal (tmux, issue 37)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: arbor -c prints earlier messages into the scrollback; Ctrl+O on a 300-line output keeps every line; /tree then Esc, a jump, a resize and a confirmation keep it, the editor on the last rows`, async () => {
			const { dir, home } = tempPlace("tmux-scrollback");
			fx.dir = dir;
			const sessions = sessionDirFor(dir, home);
			mkdirSync(sessions, { recursive: true });
			tallSession(join(sessions, "2026-11-22T09-00-00-000Z_0193e7a0-0000-7000-8000-000000000002.jsonl"), { turns: 40, outputLines: 300 });
			fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: "b\n".repeat(rows - 8) } }]), textReply("wrote it")]);
			const args = [builtCli(), "-c", "--model", "compat:test-model", "--base-url", fx.server.url];
			const command = `env -u ARBOR_MODEL -u ARBOR_BASE_URL node ${args.map(shellQuote).join(" ")}`;
			const t = startTmux({ command, cwd: dir, cols, rows, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
			fx.tmux = t;
			const opened = await t.waitForScreen((s) => s.includes("All done.") && editorAtBottom(s, rows), "the session resumed, editor at the bottom");
			// Scrolling up after `arbor -c` shows history: earlier exchanges are in tmux's scrollback, not on the screen.
			const history = capture(t, true);
			const earlier = [...history.matchAll(/^› question (\d+)$/gm)].map((m) => Number(m[1]));
			expect(earlier.length).toBeGreaterThan(0);
			for (const k of earlier) expect(opened).not.toMatch(new RegExp(`question ${k}$`, "m"));

			t.send("C-o");
			await t.waitForScreen((s) => s.includes("All done.") && s.includes("out 300") && editorAtBottom(s, rows), "expanded");
			expect(missingOutput(capture(t), 300)).toEqual([]);
			expect(capture(t)).toContain(`question ${earlier[0]}`);

			// /tree then Esc: the alternate screen; the scrollback is as it was.
			const before = capture(t, true);
			t.send("Escape", "Escape");
			await t.waitForScreen((s) => s.includes("← active"), "tree");
			t.send("Escape");
			await t.waitForScreen((s) => !s.includes("← active") && s.includes("All done.") && editorAtBottom(s, rows), "tree closed, editor at the bottom");
			expect(capture(t, true)).toBe(before);
			expect(missingOutput(capture(t), 300)).toEqual([]);
			const keeps = (what: string) => {
				const all = capture(t);
				expect(all, what).toContain(`question ${earlier[0]}`);
				expect(missingOutput(all, 300), what).toEqual([]);
			};

			// A jump (the summary question answered): the new path printed below, the old one above it.
			t.send("Escape", "Escape");
			await t.waitForScreen((s) => s.includes("← active"), "tree again");
			t.send("Home", "Down", "Enter");
			await t.waitForScreen((s) => s.includes("Summarize the branch"), "summary question");
			t.send("Enter");
			await t.waitForScreen((s) => s.includes("answer 1") && !s.includes("Summarize") && editorAtBottom(s, rows), "jumped, editor at the bottom");
			keeps("after the jump");

			const resized = rows - 4;
			resizeTmux(t, cols - 10, resized);
			await t.waitForScreen((s) => editorAtBottom(s, resized), "resized, editor at the bottom");
			keeps("after the resize");

			// Last (commands wait for a turn's end, which comes a little after its reply shows): a tool's
			// confirmation, allowed: the editor back on the last rows.
			// Short forms again first: expanded, the write's content would be printed whole in its place.
			t.send("C-o");
			await t.waitForScreen((s) => s.includes("── short forms ──") && editorAtBottom(s, resized), "short forms");
			await submitLine(t, "make b");
			await answerConfirmation(t, (s) => s.includes("Allow write b.txt?"), "y", "write confirmation");
			await t.waitForScreen((s) => s.includes("wrote it") && !s.includes("Working") && editorAtBottom(s, resized), "confirmation allowed, editor at the bottom");
			keeps("after the confirmation");
			expect(capture(t)).toContain("── the conversation now ──");
			t.send("C-d");
			await t.waitForScreen((s) => s.includes("[exit 0]"), "quit");
		}, 60_000);
	}
});
