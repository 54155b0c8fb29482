/**
 * Finding candidate lines without decoding the file: the query's longest literal is reduced to
 * its rarest two-byte "anchor" (as it appears in the JSON line: escaped, UTF-8), and the anchor is
 * looked up in every case at once (pair-scan.ts: WebAssembly SIMD, 16 positions a step). Only lines
 * holding the anchor are decoded and checked further, so a rare word costs little more than
 * reading the bytes.
 */
import { must } from "../text/must.js";
import { ANY, type Pair, type PairFinder } from "./pair-scan.js";

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

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const cases = (b: number) => (isLetter(b) ? [b | 0x20, b & ~0x20] : [b]);
/** A byte as the finder compares it: an ASCII letter in lower case with mask 0x20 (either case), any other byte exactly. */
const folded = (b: number) => (isLetter(b) ? { value: b | 0x20, mask: 0x20 } : { value: b, mask: 0 });
const fold = (b: number) => (isLetter(b) ? b | 0x20 : b);

/** How often the pair (a, b) occurs in any case, as estimated from the bytes' frequencies (the model's, or a sample's). */
function estimate(a: number, b: number, frequency: Frequency): number {
	const f = (x: number) => cases(x).reduce((sum, c) => sum + frequency(c), 0);
	return f(a) * f(b);
}

/** Each byte with an ASCII letter folded to lower case. */
const FOLD = Uint8Array.from({ length: 256 }, (_, b) => fold(b));
/** Per pair of bytes (`a << 8 | b`, letters folded): 1 + its index among the pairs being counted, else 0. Kept all zero between calls. */
const slots = new Uint16Array(65536);
/** How often each byte occurs in the last sample counted. */
const byteCounts = new Uint32Array(256);

/**
 * Counts, in one pass over `sample` (the start of the file being searched), how often each byte
 * occurs and how often each of `keys` (pairs of bytes, `a << 8 | b`, letters folded) occurs in
 * any case. Session files are mostly JSON keys, whose letters English frequencies miss: "p" of
 * "type", "parentId", "timestamp" is on every line. No table is made per call (a search may open
 * thousands of small files). Returns the pairs' counts and the bytes' frequencies (the model only
 * breaking ties between bytes the sample lacks), good until the next call.
 */
function countSample(sample: Buffer, keys: readonly number[]): { seen: number[]; frequency: Frequency } {
	const seen = keys.map(() => 0);
	byteCounts.fill(0);
	keys.forEach((key, i) => (slots[key] = i + 1));
	try {
		let prev = sample[0] ?? 0;
		byteCounts[prev] = 1;
		for (let i = 1; i < sample.length; i++) {
			const next = sample[i] ?? 0;
			byteCounts[next] = (byteCounts[next] ?? 0) + 1;
			const slot = slots[((FOLD[prev] ?? 0) << 8) | (FOLD[next] ?? 0)] ?? 0;
			if (slot) seen[slot - 1] = (seen[slot - 1] ?? 0) + 1;
			prev = next;
		}
	} finally {
		for (const key of keys) slots[key] = 0;
	}
	return { seen, frequency: (byte) => (byteCounts[byte] ?? 0) + modelFrequency(byte) / 100 };
}

/** The byte forms of `literal` in a session line: JSON-escaped, UTF-8. */
function escapedBytes(literal: string): Buffer {
	return Buffer.from(JSON.stringify(literal).slice(1, -1), "utf8");
}

/**
 * The anchor that finds every line which can contain `literal` in any case: its byte pair that is
 * rarest in any case in a sample of `text` (a file's first chunk: its first quarter, at most 16 KB) — session files are mostly JSON
 * keys, whose letters English frequencies miss: "p" of "type", "parentId", "timestamp" is on every
 * line — with the bytes' frequencies breaking ties (English ones without a sample). Only ASCII
 * bytes are used (a non-ASCII letter's case changes its UTF-8 bytes); undefined when there is no
 * ASCII pair (the caller then uses a regex per chunk). A one-byte literal is a one-byte anchor.
 */
export function anchorPair(literal: string, text?: Buffer): Pair | undefined {
	// A quarter of a small file is sample enough: counting costs about as much as scanning.
	const sample = text?.subarray(0, Math.min(SAMPLE, Math.ceil(text.length / 4)));
	const bytes = escapedBytes(literal);
	const [only] = bytes;
	if (bytes.length === 1 && only !== undefined) {
		if (only >= 0x80) return undefined;
		const a = folded(only);
		return { a: a.value, maskA: a.mask, b: ANY, maskB: ANY };
	}
	// The ASCII pairs (a non-ASCII letter's case changes its UTF-8 bytes).
	const at = [...bytes.keys()].filter((i) => i + 1 < bytes.length && must(bytes[i], "byte") < 0x80 && must(bytes[i + 1], "byte") < 0x80);
	const keyOf = (i: number) => (fold(must(bytes[i], "anchor byte")) << 8) | fold(must(bytes[i + 1], "anchor byte"));
	const { seen, frequency } = sample?.length ? countSample(sample, at.map(keyOf)) : { seen: at.map(() => 0), frequency: modelFrequency };
	let best: Pair | undefined;
	let bestCost = Infinity;
	at.forEach((i, k) => {
		const a = must(bytes[i], "anchor byte");
		const b = must(bytes[i + 1], "anchor byte");
		// A pair seen in the sample costs more than any unseen one; the estimate orders the rest.
		const cost = (seen[k] ?? 0) * 1e12 + estimate(a, b, frequency);
		if (cost < bestCost) {
			bestCost = cost;
			const fa = folded(a);
			const fb = folded(b);
			best = { a: fa.value, maskA: fa.mask, b: fb.value, maskB: fb.mask };
		}
	});
	return best;
}

/** Start offsets of the lines of `bytes` that hold `pair` (each once, ascending); `bytes` is a buffer `finder` gave. */
export function linesWithAnchor(bytes: Buffer, pair: Pair, finder: PairFinder): number[] {
	const starts: number[] = [];
	for (let i = finder.find(bytes, pair, 0, bytes.length); i !== -1; ) {
		starts.push(bytes.lastIndexOf(0x0a, i) + 1);
		const end = bytes.indexOf(0x0a, i); // "\n" is in no anchor: JSON escapes it
		if (end === -1) break;
		i = finder.find(bytes, pair, end + 1, bytes.length);
	}
	return starts;
}

/** How many of a file's first bytes its anchor is chosen by, at most (pair counts). */
const SAMPLE = 16 * 1024;

/** When more than this share of a file's first chunk's lines hold the anchor, every line is read. */
const DENSE = 0.5;

/** How many lines `bytes` holds (the last may lack "\n"). */
function lineCount(bytes: Buffer): number {
	let n = 0;
	for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) n++;
	return bytes.length && bytes[bytes.length - 1] !== 0x0a ? n + 1 : n;
}

/** Whether the anchor is on most lines of `bytes` (a file's first chunk; `starts`: its lines holding it): then every line is read. */
export function dense(bytes: Buffer, starts: readonly number[]): boolean {
	return starts.length > DENSE * lineCount(bytes);
}
