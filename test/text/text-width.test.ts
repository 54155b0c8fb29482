import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
	cutToWidth,
	displayWidth,
	graphemes,
	nextBoundary,
	padToWidth,
	previousBoundary,
} from "../../source/text/text-width.js";

describe("text-width", () => {
	it("splits by grapheme cluster, not UTF-16 unit", () => {
		expect(graphemes("a😀b")).toEqual(["a", "😀", "b"]);
		expect(graphemes("👍🏽e\u0301")).toEqual(["👍🏽", "e\u0301"]);
	});

	it("counts the characters it knows without string-width exactly as string-width does", () => {
		const known = [" ~AZaz09", "─│┌└├┤┬┴┼═║╭╰╿", "…•›●←↑→↓⊞⊟"].join("");
		for (const ch of known) expect([ch, displayWidth(ch)]).toEqual([ch, stringWidth(ch)]);
		for (let c = 0x2500; c <= 0x257f; c++) expect(displayWidth(String.fromCharCode(c))).toBe(stringWidth(String.fromCharCode(c)));
		expect(displayWidth("│  ├─ ⊟ • ")).toBe(10);
		expect(displayWidth("├─ 漢")).toBe(5);
		expect(displayWidth("├─ e\u0301")).toBe(4);
		expect(displayWidth("a\u00ad\u200bb")).toBe(stringWidth("a\u00ad\u200bb"));
	});

	it("counts CJK and emoji as two columns", () => {
		expect(displayWidth("漢字")).toBe(4);
		expect(displayWidth("a😀")).toBe(3);
		expect(displayWidth("abc")).toBe(3);
	});

	it("finds grapheme boundaries around a surrogate pair", () => {
		const text = "x😀y";
		expect(previousBoundary(text, 3)).toBe(1);
		expect(nextBoundary(text, 1)).toBe(3);
		expect(previousBoundary(text, 0)).toBe(0);
		expect(nextBoundary(text, text.length)).toBe(text.length);
	});

	it("cuts by columns without splitting a wide character", () => {
		expect(cutToWidth("漢字漢字", 5)).toBe("漢字…");
		expect(displayWidth(cutToWidth("漢字漢字", 5))).toBe(5);
		expect(cutToWidth("short", 10)).toBe("short");
		expect(cutToWidth("😀😀😀", 4)).toBe("😀…");
	});

	it("pads to an exact column count", () => {
		expect(padToWidth("漢", 4)).toBe("漢  ");
		expect(displayWidth(padToWidth("漢字漢字", 5))).toBe(5);
	});
});
