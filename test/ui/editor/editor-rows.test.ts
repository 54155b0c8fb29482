import { describe, expect, it } from "vitest";
import { editorRows, rowWindow } from "../../../source/ui/editor/editor-rows.js";
import { CELL_MARK, plainWidth, wrapLine } from "../../../source/text/word-wrap.js";
import { displayWidth, fullWidth } from "../../../source/text/text-width.js";

const width = (row: string) => displayWidth(row.split(CELL_MARK).join(""));

describe("the editor's rows", () => {
	it("word-wraps after the last space; a word wider than the row breaks inside; a space that only overflows a full row is dropped", () => {
		expect(wrapLine("aaaa bbbb cccc", 10)).toEqual(["aaaa bbbb ", "cccc"]);
		expect(wrapLine("aaaa bbbbb cccc", 10)).toEqual(["aaaa bbbbb", "cccc"]);
		expect(wrapLine("abcdefghijklmno", 6)).toEqual(["abcdef", "ghijkl", "mno"]);
		expect(wrapLine("a bcdefghij", 5)).toEqual(["a ", "bcdef", "ghij"]);
		expect(wrapLine("", 5)).toEqual([""]);
	});

	it("counts columns, not code units: CJK and emoji take two, a cluster stays whole", () => {
		expect(wrapLine("日本語の文", 4)).toEqual(["日本", "語の", "文"]);
		expect(wrapLine("ab👍🏽cd", 3)).toEqual(["ab", "👍🏽c", "d"]);
		const rows = wrapLine("naïve 日本 👩‍👩‍👧 tea ".repeat(40), 17);
		expect(rows.every((r) => width(r) <= 17)).toBe(true);
		expect(rows.join("").replace(/ /g, "")).toBe("naïve 日本 👩‍👩‍👧 tea ".repeat(40).replace(/ /g, ""));
	});

	it("marks the cursor's cell (a space past a line's end) and says which row holds it; tabs show as two spaces", () => {
		const text = "one two three\nfour";
		const end = editorRows(text, text.length, text.length, 8, true);
		expect(end.rows).toEqual(["one two ", "three", `four${CELL_MARK} ${CELL_MARK}`]);
		expect(end.cursorRow).toBe(2);
		// On a line break: a space at the end of that line.
		expect(editorRows(text, 13, 14, 20, true).rows).toEqual([`one two three${CELL_MARK} ${CELL_MARK}`, "four"]);
		const mid = editorRows(text, 4, 5, 8, true);
		expect(mid.rows[0]).toBe(`one ${CELL_MARK}t${CELL_MARK}wo `);
		expect(mid.cursorRow).toBe(0);
		// The cursor's block at the end of a full row goes to the next row, as the terminal would put it.
		expect(editorRows("abcd", 4, 4, 4, true).rows).toEqual(["abcd", `${CELL_MARK} ${CELL_MARK}`]);
		expect(editorRows("a\tb", 0, 0, 8, false).rows).toEqual(["a  b"]);
	});

	it("the plain-line fast path counts columns as string-width does (every code unit it takes)", () => {
		const ranges = [[0x20, 0x7e], [0x3001, 0x3003], [0x3041, 0x3096], [0x30a1, 0x30fa], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xac00, 0xd7a3], [0xff01, 0xff60]] as const;
		const wrong: string[] = [];
		for (const [from, to] of ranges) {
			for (let c = from; c <= to; c++) {
				const unit = String.fromCharCode(c);
				if (plainWidth(unit) !== fullWidth.measure(unit)) wrong.push(c.toString(16));
			}
		}
		expect(wrong).toEqual([]);
	});

	it("a 100,000-character line: every row fits, none is lost", () => {
		const line = "word ".repeat(20_000);
		const rows = wrapLine(line, 98);
		expect(rows.length).toBe(Math.ceil(20_000 / 19)); // 19 words of 5 columns a 98-column row
		expect(rows.every((r) => r.length <= 98)).toBe(true);
		expect(rows.join(" ").replace(/ +/g, " ").trim()).toBe(line.trim());
	});

	it("shows all rows that fit, else a window of max - 2 around the cursor that moves as little as it can", () => {
		expect(rowWindow(5, 4, 10, 0)).toEqual({ top: 0, size: 5 });
		expect(rowWindow(100, 99, 10, 0)).toEqual({ top: 92, size: 8 });
		expect(rowWindow(100, 95, 10, 92)).toEqual({ top: 92, size: 8 }); // inside: no scroll
		expect(rowWindow(100, 90, 10, 92)).toEqual({ top: 90, size: 8 });
		expect(rowWindow(100, 0, 10, 90)).toEqual({ top: 0, size: 8 });
		expect(rowWindow(100, 50, 10, 500)).toEqual({ top: 50, size: 8 }); // a stale top is clamped first
	});
});
