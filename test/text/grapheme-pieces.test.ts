import { describe, expect, it } from "vitest";
import { graphemePieces, PIECE, surelyBoundary } from "../../source/text/grapheme-chunks.js";
import { displayWidth, fullWidth, graphemes, nextBoundary, previousBoundary } from "../../source/text/text-width.js";

// Every kind of cluster that joins code units: combining marks, ZWJ emoji, modifiers, flags, keycaps,
// Hangul jamo, an Indic conjunct, kana and half-width voiced marks, Thai SARA AM, prepend and
// spacing marks, soft hyphen, variation selectors, CR LF; and what stands alone around them.
const ATOMS = [
	"a", "Z", " ", "-", "é", "e\u0301", "\u0301", "日", "本", "の", "カ", "\u3099", "ｶ", "\uff9e", "한", "\u1100", "\u1161", "\u11a8",
	"👍", "🏽", "👩\u200d👩\u200d👧", "\u200d", "🇯", "🇵", "1\ufe0f\u20e3", "\ufe0f", "क", "्", "ष", "ि", "\u0e33", "ก", "\u0d4e", "\u00ad",
	"\r", "\n", "\r\n", "Ж", "\u0483", "→", "│", "—", "\t", "\u0600", "x",
];

function randomText(seed: number, length: number): string {
	let x = seed;
	const next = () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648), x);
	let out = "";
	while (out.length < length) {
		// Runs of plain text between the joining kinds, as real text has them.
		out += next() % 3 === 0 ? ATOMS[next() % ATOMS.length] : "plain words ".slice(0, 1 + (next() % 12));
	}
	return out;
}

const whole = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment);

describe("a long text segmented in pieces", () => {
	it("gives the clusters, boundaries and widths of the whole text (200 random texts mixing every joining kind)", () => {
		for (let seed = 1; seed <= 200; seed++) {
			const text = randomText(seed, 300 + ((seed * 37) % 1700));
			const clusters = whole(text);
			expect(graphemes(text), `seed ${seed}`).toEqual(clusters);
			expect(graphemePieces(text).join("")).toBe(text);
			expect(displayWidth(text), `seed ${seed}`).toBe(fullWidth.measure(text));
			const starts = new Set<number>();
			let at = 0;
			for (const c of clusters) {
				starts.add(at);
				at += c.length;
			}
			for (let k = 0; k < 20; k++) {
				const offset = (seed * 7919 + k * 104_729) % (text.length + 1);
				const after = [...starts, text.length].find((s) => s > offset) ?? text.length;
				const before = [0, ...starts].filter((s) => s < offset).at(-1) ?? 0;
				expect(nextBoundary(text, offset), `seed ${seed} offset ${offset}`).toBe(after);
				expect(previousBoundary(text, offset), `seed ${seed} offset ${offset}`).toBe(before);
			}
		}
	});

	it("cuts only where a cluster ends, into pieces of at least PIECE code units", () => {
		const text = randomText(7, 20_000);
		const pieces = graphemePieces(text);
		expect(pieces.length).toBeGreaterThan(20);
		let at = 0;
		for (const piece of pieces.slice(0, -1)) {
			expect(piece.length).toBeGreaterThanOrEqual(PIECE);
			at += piece.length;
			expect(surelyBoundary(text, at)).toBe(true);
		}
		// No sure place (a run of joining marks): one piece from there on.
		expect(graphemePieces("a" + "\u0301".repeat(1000))).toHaveLength(1);
		expect(graphemePieces("")).toEqual([""]);
	});
});
