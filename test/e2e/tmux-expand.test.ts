import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli, cleanUp, resizeTmux, tempPlace, type E2eResources } from "../helpers/arbor-tmux.js";
import { expandableSession } from "../helpers/expandable-session.js";
import { shellQuote, startTmux } from "../helpers/tmux.js";

let r: E2eResources = {};
afterEach(async () => {
	await cleanUp(r);
	r = {};
});

/** The pane's scrollback and screen (`capture-pane -S -`). */
const EXPANDED = "── expanded ──";
const SHORT = "── short forms ──";
/** The text from the last `rule` on (it must be there). */
function afterLast(text: string, rule: string): string {
	expect(text).toContain(rule);
	return text.slice(text.lastIndexOf(rule));
}
const everything = (name: string) => execFileSync("tmux", ["-L", name, "capture-pane", "-p", "-S", "-", "-t", name], { encoding: "utf8" });

describe("Ctrl+O in a true terminal (tmux)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) it(`at ${cols}×${rows}: expands every item (keys in one write), survives a resize, collapses again`, async () => {
		const { dir, home } = tempPlace("expand");
		r.dir = dir;
		const file = join(dir, "s.jsonl");
		expandableSession(file);
		const command = `env -u ARBOR_MODEL -u ARBOR_BASE_URL node ${[builtCli(), "--session", file].map(shellQuote).join(" ")}`;
		const t = startTmux({ command, cwd: dir, cols, rows, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
		r.tmux = t;
		await t.waitForScreen((s) => s.includes("All counted.") && s.includes("(Ctrl+O to expand)"), "short forms");
		// Ctrl+O and two letters in one write.
		t.type("\x0fhi");
		const whole = await t.waitForScreen((s) => s.includes("note line 3") && s.includes("› hi"), "expanded");
		expect(whole).not.toContain("to expand");
		// Ctrl+O prints the items again, expanded, below a rule (docs/usage.md, The scrollback).
		const expanded = afterLast(everything(t.name), EXPANDED);
		expect(expanded).toMatch(/out 29\n\s+out 30/);
		expect(expanded).toContain("pondering step 8");
		resizeTmux(t, cols + 20, rows + 6);
		await t.waitForScreen((s) => s.includes("All counted.") && s.includes("› hi"), "after the resize");
		t.send("C-o");
		await t.waitForScreen((s) => s.includes("(Ctrl+O to expand)") && s.includes("› hi"), "collapsed again");
		// Collapsing prints the short forms below another rule; the expanded items stay above it.
		const all = everything(t.name);
		const short = afterLast(all, SHORT);
		expect(short).not.toContain("out 30");
		expect(short).toContain("… 27 more lines (Ctrl+O to expand)");
		expect(all.slice(0, all.lastIndexOf(SHORT))).toMatch(/out 29\n\s+out 30/);
		t.send("C-u", "C-d");
		await t.waitForScreen((s) => s.includes("[exit 0]"), "quit");
	}, 60_000);
});
