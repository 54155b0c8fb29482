/**
 * Finding candidate lines without decoding the file: the query's longest literal is reduced to
 * its rarest two-byte "anchor" (as it appears in the JSON line: escaped, UTF-8), and every case
 * variant of that anchor is looked up with Buffer.indexOf (memchr-fast). Only lines holding an
 * anchor are decoded and checked further, so a rare word costs little more than reading the bytes.
 */
import { must } from "../text/must.js";

/** Letters from most to least frequent in English text (and in code and prose alike, roughly). */
const LETTERS = "etaoinsrhldcumfpgwybvkxjqz";

function cost(byte: number): number {
	if (byte === 0x20) return 40;
	if (byte >= 0x80) return 4;
	const lower = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
	const rank = LETTERS.indexOf(String.fromCharCode(lower));
	return rank >= 0 ? 2 + (26 - rank) * 1.5 : 8;
}

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const cases = (b: number) => (isLetter(b) ? [b | 0x20, b & ~0x20] : [b]);

/** The byte forms of `literal` in a session line: JSON-escaped, UTF-8. */
function escapedBytes(literal: string): Buffer {
	return Buffer.from(JSON.stringify(literal).slice(1, -1), "utf8");
}

/**
 * The needles that find every line which can contain `literal` in any case: all case variants of
 * its rarest byte pair. Only ASCII bytes are used as anchors (a non-ASCII letter's case changes its
 * UTF-8 bytes); undefined when there is no ASCII pair (the caller then uses a regex per chunk).
 */
export function anchorNeedles(literal: string): Buffer[] | undefined {
	const bytes = escapedBytes(literal);
	const [only] = bytes;
	if (bytes.length === 1 && only !== undefined) return only < 0x80 ? cases(only).map((b) => Buffer.from([b])) : undefined;
	const at = bestPair(bytes, (b) => b < 0x80);
	return at === undefined ? undefined : needlesAt(bytes, at);
}

function bestPair(bytes: Buffer, allowed: (b: number) => boolean): number | undefined {
	let best: number | undefined;
	let bestCost = Infinity;
	for (let i = 0; i + 1 < bytes.length; i++) {
		const a = bytes[i];
		const b = bytes[i + 1];
		if (a === undefined || b === undefined || !allowed(a) || !allowed(b)) continue;
		const c = cost(a) * cost(b) * cases(a).length * cases(b).length;
		if (c < bestCost) {
			bestCost = c;
			best = i;
		}
	}
	return best;
}

function needlesAt(bytes: Buffer, at: number): Buffer[] {
	const out: Buffer[] = [];
	for (const a of cases(must(bytes[at], "anchor byte"))) for (const b of cases(must(bytes[at + 1], "anchor byte"))) out.push(Buffer.from([a, b]));
	return out;
}

/** Start offsets of the lines of `bytes` that hold any needle, ascending, each once. */
export function linesWithAnchor(bytes: Buffer, needles: readonly Buffer[]): number[] {
	const starts = new Set<number>();
	for (const needle of needles) {
		for (let i = bytes.indexOf(needle); i !== -1; ) {
			const start = bytes.lastIndexOf(0x0a, i) + 1;
			starts.add(start);
			const end = bytes.indexOf(0x0a, i);
			if (end === -1) break;
			i = bytes.indexOf(needle, end + 1);
		}
	}
	return [...starts].sort((x, y) => x - y);
}
