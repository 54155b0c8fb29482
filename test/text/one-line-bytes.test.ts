import { describe, expect, it } from "vitest";
import { oneLineCut } from "../../source/text/one-line.js";
import { oneLineCutInto } from "../../source/text/one-line-bytes.js";

/** What the string route gives: the folded text's UTF-8 bytes, or null when it keeps a control character. */
function expected(text: string, inMax: number, outMax: number): string | null {
	const folded = oneLineCut(text, inMax, outMax);
	return /[\u0000-\u001f\u007f-\u009f]/.test(folded) ? null : Buffer.from(folded, "utf8").toString("hex");
}

function actual(text: string, inMax: number, outMax: number): string | null {
	const buf = Buffer.alloc(4 + outMax * 3, 0xaa);
	const end = oneLineCutInto(buf, 4, text, inMax, outMax);
	if (end < 0) return null;
	expect(buf.subarray(0, 4).toString("hex")).toBe("aaaaaaaa");
	return buf.subarray(4, end).toString("hex");
}

describe("oneLineCutInto", () => {
	it("writes the bytes of oneLineCut on cases at the edges (surrogates cut in half, white space at the cut)", () => {
		const cases = ["", " ", "a", " a ", "a  b", "a\nb", "\u00a0x\u3000y\ufeff", "ab ".repeat(100), `${"a".repeat(9)} b`, "\ud83d\ude00".repeat(8), "é漢\ud83d", "\ude00x", "x\ud83d y", "caf\u00e9 \u2014 \u4f60\u597d \ud83d\ude80"];
		for (const text of cases) for (const [inMax, outMax] of [[20, 10], [10, 10], [11, 10], [1000, 240], [3, 1], [0, 5], [5, 0]] as const) {
			expect(actual(text, inMax, outMax), JSON.stringify([text, inMax, outMax])).toBe(expected(text, inMax, outMax));
		}
	});

	it("gives up (-1) exactly when the folded text keeps a control character, not for one cut off or folded away", () => {
		expect(actual("a\u001bb", 10, 10)).toBeNull();
		expect(actual("a\u0085b", 10, 10)).toBeNull();
		expect(actual("ab\u001b", 10, 2)).toBe(Buffer.from("ab").toString("hex"));
		expect(actual("ab\u001b", 2, 10)).toBe(Buffer.from("ab").toString("hex"));
		expect(actual("a\t\r\n\u000b\u000cb", 10, 10)).toBe(Buffer.from("a b").toString("hex"));
	});

	it("matches the string route on 20,000 random strings of words, white space, controls and surrogates", () => {
		const alphabet = ["a", "b", "é", "漢", "\ud83d", "\ude00", "\ud83d\ude00", " ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", "\u0085", "\u001b", "\u007f", "\u009f", "\u00a1", "\u07ff", "\u0800", "\uffff"];
		let seed = 29;
		const rnd = (n: number) => {
			seed = (seed * 1103515245 + 12345) % 2147483648;
			return seed % n;
		};
		for (let k = 0; k < 20_000; k++) {
			let text = "";
			for (let n = rnd(60); n > 0; n--) text += alphabet[rnd(alphabet.length)];
			const inMax = rnd(70);
			const outMax = rnd(40);
			expect(actual(text, inMax, outMax), JSON.stringify([text, inMax, outMax])).toBe(expected(text, inMax, outMax));
		}
	});
});
