import { describe, expect, it } from "vitest";
import { anchorPair, linesWithAnchor } from "../../source/search/anchor.js";
import { indexOfFinder, simdFinder, type Pair, type PairFinder } from "../../source/search/pair-scan.js";

/** The oracle: the start of every line whose text holds `word` (here: the anchor's bytes) in any case. */
function bruteForce(text: string, word: string): number[] {
	const starts: number[] = [];
	let start = 0;
	for (const line of text.split("\n")) {
		if (line.toLowerCase().includes(word.toLowerCase())) starts.push(start);
		start += Buffer.byteLength(line) + 1;
	}
	return starts;
}

/** Every way of writing `word` with its letters in upper or lower case (up to 2^6 forms). */
function caseForms(word: string): string[] {
	let forms = [""];
	for (const ch of word.slice(0, 6)) forms = forms.flatMap((f) => [f + ch.toLowerCase(), f + ch.toUpperCase()]);
	return forms.map((f) => f + word.slice(6));
}

/** The anchor as text: its lower-case bytes ("x" alone for a one-byte anchor). */
const text = (pair: Pair | undefined) => pair && String.fromCharCode(pair.a) + (pair.maskB === 0xff ? "" : String.fromCharCode(pair.b));

/** A first chunk whose sample (its first quarter) is `text`. */
const sampled = (text: string) => Buffer.from(text + "\n".repeat(3 * Buffer.byteLength(text)));

/** `text` in a buffer of `finder`'s (where it reads files into). */
function held(finder: PairFinder, text: string): Buffer {
	const bytes = Buffer.from(text);
	const buf = finder.buffer(bytes.length, 0);
	bytes.copy(buf);
	return buf;
}

const simd = simdFinder();
const finders: [string, PairFinder][] = [
	["WebAssembly SIMD", simd ?? indexOfFinder()],
	["Buffer.indexOf", indexOfFinder()],
];

describe("the anchor", () => {
	it("is the literal's pair rarest in the file's first bytes, in any case, with masks that fold a letter's case only", () => {
		// English frequencies: "xy" (x and y rarer than the others).
		expect(text(anchorPair("xylophone"))).toBe("xy");
		expect(anchorPair("xylophone")).toEqual({ a: 0x78, maskA: 0x20, b: 0x79, maskB: 0x20 });
		// Session JSON where "x" is common ("const x", "./x") and "ph" never occurs: "ph".
		const sample = sampled('{"type":"message","content":"const x = 1; import x from \'./x\' by yy xy, XY, Xy"}\n'.repeat(40));
		expect(text(anchorPair("xylophone", sample))).toBe("ph");
		expect(text(anchorPair("xylophone", Buffer.concat([Buffer.from("\n".repeat(3 * sample.length)), sample])))).toBe("xy"); // only the first quarter counts
		// Every pair seen: the one seen least ("ne" once).
		expect(text(anchorPair("xylophone", sampled(`${"xy yl lo op ph ho on ".repeat(3)}ne`)))).toBe("ne");
		// Non-letters compare exactly; non-ASCII bytes are never an anchor; a one-byte literal is one byte.
		expect(anchorPair("a-b", sampled("a- a- a-"))).toEqual({ a: 0x2d, maskA: 0, b: 0x62, maskB: 0x20 });
		expect(anchorPair("ïé")).toBeUndefined();
		expect(anchorPair("Q")).toEqual({ a: 0x71, maskA: 0x20, b: 0xff, maskB: 0xff });
		expect(anchorPair("é")).toBeUndefined();
	});
});

describe.each(finders)("candidate lines by anchor (%s)", (_name, finder) => {
	it("WebAssembly SIMD runs here (node 20+)", () => {
		expect(simd).toBeDefined();
	});

	it("finds the pair at every position of a 16-byte step, across steps, and never past the end", () => {
		const pair = anchorPair("qz") as Pair;
		for (let len = 2; len <= 40; len++) {
			for (let at = 0; at + 1 < len; at++) {
				for (const form of ["qz", "Qz", "qZ", "QZ"]) {
					const s = `${"a".repeat(at)}${form}${"b".repeat(len - at - 2)}`;
					expect(finder.find(held(finder, s), pair, 0, len), `${form} at ${at} of ${len}`).toBe(at);
					expect(finder.find(held(finder, s), pair, at + 1, len)).toBe(-1);
					expect(finder.find(held(finder, s), pair, 0, at + 1), "the pair's second byte past the end").toBe(-1);
				}
			}
		}
		// A byte beyond the end that would complete the pair does not count; folding is for letters only.
		expect(finder.find(held(finder, "aaaq"), pair, 0, 4)).toBe(-1);
		expect(finder.find(held(finder, "Q@"), anchorPair("q@") as Pair, 0, 2)).toBe(0);
		expect(finder.find(held(finder, "Q`"), anchorPair("q@") as Pair, 0, 2)).toBe(-1); // "`" = "@" | 0x20
		const one = anchorPair("q") as Pair;
		expect(finder.find(held(finder, "abcQ"), one, 0, 4)).toBe(3); // a one-byte anchor at the last byte
		expect(finder.find(held(finder, "abcQ"), one, 0, 3)).toBe(-1);
	});

	it("keeps the bytes it holds when asked for a larger buffer", () => {
		const first = finder.buffer(100, 0);
		first.write("kept bytes");
		const bigger = finder.buffer(300_000, 10);
		expect(bigger.length).toBe(300_000);
		expect(bigger.toString("latin1", 0, 10)).toBe("kept bytes");
		bigger.fill(0x61, 10);
		bigger.write("Zq", 299_998);
		expect(finder.find(bigger, anchorPair("zq") as Pair, 0, bigger.length)).toBe(299_998);
	});

	it.each(["xylophone", "ze", "Qa", "a-b", "naïve", "x"])("finds every line holding %s in any case, wherever it is in the line and the buffer", (word) => {
		const pair = anchorPair(word, sampled("text index next XY yl Yl ze qa a-b naive")); // chosen from a sample too
		expect(pair).toBeDefined();
		const anchor = text(pair) ?? "";
		let seed = word.length;
		const rand = (k: number) => {
			seed = (seed * 1103515245 + 12345) % 2147483648;
			return seed % k;
		};
		const filler = ["text", "index", "next", "XY", "xY", "yx", "Yl", "", " ", "Z", "zz", "ABCDEFGHIJKLMNOP"];
		for (const form of caseForms(word)) {
			for (let round = 0; round < 4; round++) {
				const lines = Array.from({ length: 12 }, () => Array.from({ length: rand(5) }, () => filler[rand(filler.length)]).join(""));
				lines[rand(12)] += form; // at a line's end
				lines[rand(12)] = form + lines[rand(12)]; // at a line's start
				if (round === 0) lines[0] = form + lines[0]; // the buffer's first bytes
				if (round === 1) lines[11] = `${lines[11]}${form}`; // its last bytes (no final "\n")
				const text = lines.join("\n");
				const found = linesWithAnchor(held(finder, text), pair as Pair, finder);
				expect(found, `${form} in ${JSON.stringify(text)}`).toEqual(bruteForce(text, anchor));
				for (const start of bruteForce(text, word)) expect(found).toContain(start); // every line with the word is a candidate
			}
		}
	});
});
