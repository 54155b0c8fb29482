/**
 * Finding candidate lines without decoding the file: the query's longest literal is reduced to
 * its rarest two-byte "anchor" (as it appears in the JSON line: escaped, UTF-8), and every case
 * variant of that anchor is looked up with Buffer.indexOf (memchr-fast). Only lines holding an
 * anchor are decoded and checked further, so a rare word costs little more than reading the bytes.
 *
 * Buffer.indexOf runs memchr for a needle's first byte and stops at each one; lastIndexOf runs
 * memrchr for its last byte. Each variant is looked up in the direction whose stopping byte is
 * rarer: "xY" backward stops only at "Y", not at every "x" (uppercase letters are rare in text).
 */
import { must } from "../text/must.js";

/** Letters from most to least frequent in English text (and in code and prose alike, roughly). */
const LETTERS = "etaoinsrhldcumfpgwybvkxjqz";

/** How often a byte occurs (a relative figure): what the anchor is chosen by. */
type Frequency = (byte: number) => number;

/** How often `byte` occurs in session text, roughly (a relative figure): an uppercase letter a tenth as often as its lowercase. */
function modelFrequency(byte: number): number {
	if (byte === 0x20) return 40;
	if (byte >= 0x80) return 4;
	const upper = byte >= 0x41 && byte <= 0x5a;
	const rank = LETTERS.indexOf(String.fromCharCode(upper ? byte + 0x20 : byte));
	if (rank < 0) return 8;
	const f = 2 + (26 - rank) * 1.5;
	return upper ? f / 10 : f;
}

/** One case variant of the anchor and the direction it is looked up in (the one that stops at its rarer byte). */
export type Needle = { bytes: Buffer; backward: boolean };

/**
 * How often each byte occurs in `sample` (the start of the file being searched: session files
 * are mostly JSON keys, whose letters English frequencies miss — "p" of "type", "parentId",
 * "timestamp" is on every line). The model only breaks ties between bytes the sample lacks.
 */
function sampledFrequency(sample: Buffer): Frequency {
	const counts = new Uint32Array(256);
	for (let i = 0; i < sample.length; i++) {
		const b = sample[i] ?? 0;
		counts[b] = (counts[b] ?? 0) + 1;
	}
	return (byte) => (counts[byte] ?? 0) + modelFrequency(byte) / 100;
}

function needleOf(a: number, b: number, frequency: Frequency): Needle {
	return { bytes: Buffer.from([a, b]), backward: frequency(b) < frequency(a) };
}

/** What looking up every case variant of the pair (a, b) costs: the stops at each variant's rarer byte. */
function pairCost(a: number, b: number, frequency: Frequency): number {
	let c = 0;
	for (const x of cases(a)) for (const y of cases(b)) c += Math.min(frequency(x), frequency(y));
	return c;
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
 * With a `sample` of the text to search, byte frequencies are counted in it; else English ones.
 */
export function anchorNeedles(literal: string, sample?: Buffer): Needle[] | undefined {
	const frequency = sample ? sampledFrequency(sample) : modelFrequency;
	const bytes = escapedBytes(literal);
	const [only] = bytes;
	if (bytes.length === 1 && only !== undefined) return only < 0x80 ? cases(only).map((b) => ({ bytes: Buffer.from([b]), backward: false })) : undefined;
	const at = bestPair(bytes, (b) => b < 0x80, frequency);
	return at === undefined ? undefined : needlesAt(bytes, at, frequency);
}

function bestPair(bytes: Buffer, allowed: (b: number) => boolean, frequency: Frequency): number | undefined {
	let best: number | undefined;
	let bestCost = Infinity;
	for (let i = 0; i + 1 < bytes.length; i++) {
		const a = bytes[i];
		const b = bytes[i + 1];
		if (a === undefined || b === undefined || !allowed(a) || !allowed(b)) continue;
		const c = pairCost(a, b, frequency);
		if (c < bestCost) {
			bestCost = c;
			best = i;
		}
	}
	return best;
}

function needlesAt(bytes: Buffer, at: number, frequency: Frequency): Needle[] {
	const out: Needle[] = [];
	for (const a of cases(must(bytes[at], "anchor byte"))) for (const b of cases(must(bytes[at + 1], "anchor byte"))) out.push(needleOf(a, b, frequency));
	return out;
}

/** Start offsets of the lines of `bytes` that hold any needle, ascending, each once. */
export function linesWithAnchor(bytes: Buffer, needles: readonly Needle[]): number[] {
	const starts = new Set<number>();
	for (const { bytes: needle, backward } of needles) {
		if (backward) {
			// From the end: each hit's line, then on from just before that line ("\n" is in no needle).
			for (let i = bytes.lastIndexOf(needle); i !== -1; ) {
				const start = bytes.lastIndexOf(0x0a, i) + 1;
				starts.add(start);
				if (start === 0) break;
				i = bytes.lastIndexOf(needle, start - 1);
			}
			continue;
		}
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
