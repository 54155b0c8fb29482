import { describe, expect, it } from "vitest";
import { displayWidth } from "../../source/text/text-width.js";
import { submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { writeBranchSessions } from "../helpers/branch-sessions.js";

const fx = useArborRun<ArborTerminal>();

function open(): { t: ArborTerminal; branched: string } {
	const place = tempPlace("search");
	fx.dir = place.dir;
	const { branched } = writeBranchSessions(place.dir, place.home);
	fx.tmux = startArbor({ args: ["-s", branched], cwd: place.dir, home: place.home });
	return { t: fx.tmux, branched };
}

describe("/search in the virtual terminal", () => {
	it("lists hits of this folder; Enter opens /tree on the hit in this session; Esc returns to chat", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		await submitLine(t, "/search approach");
		const list = await t.waitForScreen((s) => s.includes('Search "approach"'), "hit list");
		expect(list).toContain("2 of 2 hits in 2 sessions (this folder)");
		expect(list).toContain("› Try the banana approach  — user ● · 0a1b2c3d\n  Try the apple approach  — user · 0a1b2c3d\n");
		expect(list).toMatch(/\n2026-11-20 10:00 · 0a1b2c3d · uB · user · ● active path\n\S*2026-11-20_branched\.jsonl\n/);
		// Ctrl+Esc and Alt+Esc (kitty) are not Esc here, as before the keymap (c297249): the list stays.
		t.write("\x1b[27;5u\x1b[27;3u");
		t.send("Down");
		await t.waitForScreen((s) => s.includes("  Try the banana approach  — user ● · 0a1b2c3d\n› Try the apple approach"), "second hit selected");
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes('Search "approach"') && /›\s*\n/.test(s), "back to chat");
		await submitLine(t, "/search apple");
		await t.waitForScreen((s) => s.includes('Search "apple"'), "apple hits");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		expect(tree).toMatch(/› .*Try the apple approach/);
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
	});

	it("Enter on a hit in another session switches to it with /tree on the hit", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		t.type("/search zebra stripes");
		await t.waitForScreen((s) => s.includes("› /search zebra stripes"), "typed");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes('Search "zebra stripes"'), "hit list");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree") && s.includes("leaf z2"), "tree of the other session");
		expect(tree).toMatch(/› .*A zebra crossing has stripes/);
		expect(tree).toContain("Tell me about the zebra crossing");
		expect(tree).toContain("Opened 9f8e7d6c-0000-4000-8000-000000000002");
	});

	it("80×24: a CJK query finds the hit; the row fits the width; Tab shows all folders", async () => {
		const { t } = open();
		t.resize(80, 24);
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		await submitLine(t, "/search 縞模様");
		const list = await t.waitForScreen((s) => s.includes('Search "縞模様"'), "hit list");
		const row = list.split("\n").find((l) => l.startsWith("› ") && l.includes("縞模様"))!;
		expect(row).toBe("› A zebra crossing has stripes 縞模様 🦓 and more words after the wide ones  — …");
		expect(list).toMatch(/\n2026-11-20 10:00 · 9f8e7d6c · z2 · assistant · ● active path\n.*2026-11-20_other\.jsonl\n/);
		expect(displayWidth(row)).toBeLessThanOrEqual(80);
		t.send("Tab");
		await t.waitForScreen((s) => s.includes("(all folders)"), "all folders");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("leaf z2"), "tree of the hit");
	});

	it("no hit: a status message; a bad query: a status error and the text stays in the editor", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		await submitLine(t, "/search quokka");
		await t.waitForScreen((s) => s.includes('No matches for "quokka" in 2 sessions (all folders)'), "no matches");
		t.send("C-u");
		await submitLine(t, "/search re:(");
		const bad = await t.waitForScreen((s) => s.includes("Bad search:"), "bad query");
		expect(bad).toContain("› /search re:(");
	});
});
