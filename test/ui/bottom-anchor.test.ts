import ansiEscapes from "ansi-escapes";
import { describe, expect, it } from "vitest";
import { BottomAnchor } from "../../source/ui/terminal/bottom-anchor.js";
import { VirtualTerminal } from "../helpers/virtual-terminal.js";

/** Ink's writes as its log-update makes them: the old frame erased, the new one drawn (ending in a newline). */
function inkLike(rows: number) {
	const vt = new VirtualTerminal(40, rows);
	const anchor = new BottomAnchor(rows);
	let height = 0;
	const out = (text: string) => vt.term.write(anchor.filter(text));
	const frame = (lines: string[]) => {
		out(ansiEscapes.eraseLines(height) + `${lines.join("\n")}\n`);
		height = lines.length + 1;
	};
	const print = (lines: string[]) => {
		out(ansiEscapes.eraseLines(height));
		height = 0;
		out(`${lines.join("\n")}\n`);
	};
	const screen = async () => (await vt.flush(), vt.screen().split("\n").slice(0, rows));
	return { vt, anchor, frame, print, screen };
}

const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe("BottomAnchor", () => {
	it("before the screen is full a shorter frame follows the text; once full, it stays on the last rows and printed text fills the blank rows", async () => {
		const t = inkLike(12);
		t.print(lines("msg", 3));
		t.frame(lines("dialog", 6));
		t.frame(["› editor", "status"]);
		expect((await t.screen()).slice(3, 6)).toEqual(["› editor", "status", ""]);

		t.print(lines("more", 4));
		t.frame(lines("dialog", 8));
		expect(t.anchor.row).toBe(11);
		t.frame(["› editor", "status"]);
		const anchored = await t.screen();
		expect(anchored.slice(-3)).toEqual(["› editor", "status", ""]);
		// The 6 rows the dialog gave up stay blank between the last printed line and the editor.
		expect(anchored.slice(anchored.indexOf("more 4") + 1, -3)).toEqual(Array<string>(6).fill(""));

		// New transcript lines land right under the old ones, in the blank rows; the frame stays at the bottom.
		t.print(["new 1", "new 2"]);
		t.frame(["› editor", "status"]);
		const filled = await t.screen();
		expect(filled.indexOf("new 1")).toBe(filled.indexOf("more 4") + 1);
		expect(filled.slice(-3)).toEqual(["› editor", "status", ""]);
		t.vt.dispose();
	});

	it("leaves the alternate screen alone and anchors the frame drawn on return", async () => {
		const t = inkLike(10);
		t.print(lines("msg", 12));
		t.frame(lines("menu", 4));
		t.print([]);
		t.vt.term.write(t.anchor.filter("\u001b[?1049h\u001b[H"));
		t.frame(lines("tree", 3));
		t.print([]);
		t.vt.term.write(t.anchor.filter("\u001b[?1049l"));
		t.frame(["› editor", "status"]);
		expect((await t.screen()).slice(-3)).toEqual(["› editor", "status", ""]);
		t.vt.dispose();
	});
});
