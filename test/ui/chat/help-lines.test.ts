/** /help's layout: descriptions wrap under their own column, or under the name when that column is too narrow. */
import { describe, expect, it } from "vitest";
import { helpLines, MIN_TEXT } from "../../../source/ui/chat/help-lines.js";
import { displayWidth } from "../../../source/text/text-width.js";

const sections = [
	{ heading: "Keys", rows: [["Enter", "send"], ["Ctrl+G", "open the text in $EDITOR; the text comes back when it closes"]] as const },
	{ heading: "Commands", rows: [["/thinking [level]", "show or set the thinking level: off, minimal, low, medium, high (Shift+Tab cycles)"]] as const },
];

describe("helpLines", () => {
	it("wraps a description under its section's column at 60 columns, never past the width", () => {
		const lines = helpLines(sections, 60).map((l) => l.text);
		expect(lines).toEqual([
			"Keys",
			"  Enter   send",
			"  Ctrl+G  open the text in $EDITOR; the text comes back when",
			"          it closes",
			"Commands",
			"  /thinking [level]  show or set the thinking level: off,",
			"                     minimal, low, medium, high (Shift+Tab",
			"                     cycles)",
		]);
		for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
	});

	it(`puts the description under the name when its column would be under ${MIN_TEXT} columns`, () => {
		const lines = helpLines(sections, 40).map((l) => l.text);
		expect(lines[1]).toBe("  Enter   send");
		expect(lines.slice(lines.indexOf("Commands"), lines.indexOf("Commands") + 3)).toEqual(["Commands", "  /thinking [level]", "    show or set the thinking level: off,"]);
		for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
	});

	it("marks the headings and keeps control characters out", () => {
		const lines = helpLines([{ heading: "Commands", rows: [["/x\u001b[2J", "an \u0007extension's"]] }], 80);
		expect(lines[0]).toEqual({ text: "Commands", heading: true });
		expect(lines[1]?.text).not.toMatch(/[\u0000-\u001f]/);
	});
});
