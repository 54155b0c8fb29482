import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { expandableSession } from "../helpers/expandable-session.js";

let tmux: ArborTerminal | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, dir });
	[tmux, dir] = [undefined, undefined];
});

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
			// The edit previews its change, numbered; the summary its first sentence (issue 37).
			expect(short).toMatch(/⎿ Edited a\.txt\n\s+2 -old 2\n\s+2 \+new 2\n\s+… 8 more lines/);
			expect(short).not.toContain("+++ b/a.txt");
			expect(short).toContain("[branch summary] summary goal line");
			expect(short).not.toContain("## Goal");
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
			expect(back.split("── short forms ──").at(-1)).not.toContain("out 30");
			// Nothing is erased: the expanded print stays in the scrollback above the short forms.
			expect(await tmux.terminal.scrollback()).toMatch(/out 30[\s\S]*── short forms ──/);
			tmux.send("C-u");
			await quit(tmux);
		}, 60_000);
	}
});
