import { describe, expect, it } from "vitest";
import { firstLine, hasVisibleText, isWhiteSpace, oneLine, oneLineCut, oneLineCutClean } from "../../source/text/one-line.js";
import { hasControl } from "../../source/text/terminal-text.js";
import { casesFor } from "../helpers/large.js";


/** 20,000 seeded random strings (4,000 in test:unit) (up to 60 letters of `alphabet`) with random limits, each handed to `check`. */
function forRandomCases(alphabet: string[], start: number, check: (text: string, inMax: number, outMax: number) => void): void {
	let seed = start;
	const rnd = (n: number) => {
		seed = (seed * 1103515245 + 12345) % 2147483648;
		return seed % n;
	};
	for (let k = 0, n = casesFor(20_000, 4_000); k < n; k++) {
		let text = "";
		for (let n = rnd(60); n > 0; n--) text += alphabet[rnd(alphabet.length)];
		const inMax = rnd(70);
		check(text, inMax, rnd(40));
	}
}
describe("oneLine", () => {
	it("turns runs of white space into one space and trims the ends", () => {
		expect(oneLine("  first\n\n\tsecond  third \r\n")).toBe("first second third");
	});
	it("leaves other text alone (CJK, emoji, no-break space counts as white space)", () => {
		expect(oneLine("世界 👍🏽\u00a0x")).toBe("世界 👍🏽 x");
		expect(oneLine("")).toBe("");
	});
});

describe("firstLine", () => {
	it("is the first non-blank line as it stands, and says whether more follows", () => {
		expect(firstLine("\n  \n  ls -la  \nmore\n")).toEqual({ line: "  ls -la  ", more: true });
		expect(firstLine("  only  \n\n")).toEqual({ line: "  only  ", more: false });
		expect(firstLine("")).toEqual({ line: "", more: false });
	});
});

describe("oneLineCut", () => {
	const reference = (text: string, inMax: number, outMax: number) => oneLine(text.slice(0, inMax)).slice(0, outMax);

	it("sees white space exactly as \\s and trim do, for every UTF-16 code unit", () => {
		const wrong: string[] = [];
		for (let c = 0; c <= 0xffff; c++) {
			const ch = String.fromCharCode(c);
			const ws = /\s/.test(ch);
			if (isWhiteSpace(c) !== ws || (ch.trim() === "") !== ws || hasVisibleText(`  ${ch}\n`) === ws) wrong.push(c.toString(16));
		}
		expect(wrong).toEqual([]);
		expect(isWhiteSpace(0x20) && isWhiteSpace(0x3000) && !isWhiteSpace(0x200b)).toBe(true);
	});

	it("equals oneLine of the first inMax characters cut to outMax, on cases at the edges", () => {
		const cases = ["", " ", "   ", "a", " a ", "a  b", "a\nb", "a \n b", "\u00a0x\u3000y\ufeff", "ab ".repeat(100), `${"a".repeat(10)}  `, `${"a".repeat(9)} b`, `  ${"a".repeat(12)}`, "\ud83d\ude00".repeat(8)];
		for (const text of cases) for (const [inMax, outMax] of [[20, 10], [10, 10], [11, 10], [1000, 240], [3, 1], [0, 5]] as const) {
			expect(oneLineCut(text, inMax, outMax), JSON.stringify([text, inMax, outMax])).toBe(reference(text, inMax, outMax));
		}
	});

	it("equals the reference on 20,000 random strings of words, white space of every kind and surrogates", () => {
		const alphabet = ["a", "b", "漢", "\ud83d", "\ude00", " ", " ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", "\u0085", "\u001b"];
		forRandomCases(alphabet, 17, (text, inMax, outMax) =>
			expect(oneLineCut(text, inMax, outMax), JSON.stringify([text, inMax, outMax])).toBe(reference(text, inMax, outMax)),
		);
	});
});

describe("oneLineCutClean", () => {
	const reference = (text: string, inMax: number, outMax: number) => {
		const folded = oneLine(text.slice(0, inMax)).slice(0, outMax);
		return hasControl(folded) ? undefined : folded;
	};

	it("is oneLineCut, or undefined when that keeps a control character (one cut off or folded away does not count)", () => {
		expect(oneLineCutClean("a\u001bb", 10, 10)).toBeUndefined();
		expect(oneLineCutClean("a\u0085b", 10, 10)).toBeUndefined();
		expect(oneLineCutClean("ab\u001b", 10, 2)).toBe("ab");
		expect(oneLineCutClean("ab\u001b", 2, 10)).toBe("ab");
		expect(oneLineCutClean("a \u001b", 10, 2)).toBe("a ");
		expect(oneLineCutClean(" a\t\r\n\u000b\u000cb ", 20, 10)).toBe("a b");
	});

	it("equals the reference on 20,000 random strings of words, white space, controls and surrogates", () => {
		const alphabet = ["a", "b", "漢", "\ud83d", "\ude00", " ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u2028", "\u3000", "\ufeff", "\u0085", "\u001b", "\u0000", "\u001f", "\u007f", "\u009f", "\u00a1"];
		forRandomCases(alphabet, 23, (text, inMax, outMax) =>
			expect(oneLineCutClean(text, inMax, outMax), JSON.stringify([text, inMax, outMax])).toBe(reference(text, inMax, outMax)),
		);
	});
});
