/**
 * Finding a two-byte anchor in every case at once: a small WebAssembly SIMD loop compares 16
 * positions per step, `(byte | mask) === target` for both bytes of the pair (mask 0x20 folds an
 * ASCII letter's case, 0 compares exactly). One pass over the bytes finds all four case variants
 * of a letter pair, where Buffer.indexOf needs one pass per variant and stops at every occurrence
 * of the variant's first byte (for "xylophone": every "x" of the text, ~0.6% of session bytes).
 *
 * The bytes must be in the finder's memory: a file is read straight into it ({@link PairFinder.buffer}),
 * so nothing is copied. Without WebAssembly (node --jitless) the same candidates come from
 * Buffer.indexOf, one variant at a time ({@link indexOfFinder}).
 */
import { growingBuffer, type ChunkMemory } from "./chunks.js";

/** The anchor: byte `a` then byte `b`, each compared as `(byte | mask) === value`. */
export type Pair = { a: number; b: number; maskA: number; maskB: number };

/** A single-byte anchor: `b` and `maskB` 0xff accept any byte (or none) after `a`. */
export const ANY = 0xff;

export type PairFinder = ChunkMemory & {
	/** The first position ≥ `from` where `pair` starts and ends before `end` (a single byte: starts before `end`), else -1. */
	find(bytes: Buffer, pair: Pair, from: number, end: number): number;
};

const leb = (n: number): number[] => {
	const out: number[] = [];
	do {
		let b = n & 0x7f;
		n >>>= 7;
		if (n) b |= 0x80;
		out.push(b);
	} while (n);
	return out;
};
const section = (id: number, bytes: number[]) => [id, ...leb(bytes.length), ...bytes];
const name = (s: string) => [...leb(s.length), ...Buffer.from(s, "latin1")];
const simd = (op: number) => [0xfd, ...leb(op)];
const [I32, V128] = [0x7f, 0x7b];
const [GET, SET, TEE] = [0x20, 0x21, 0x22];
const [SPLAT, EQ, AND, OR, BITMASK] = [0x0f, 0x23, 0x4e, 0x50, 0x64];
const load = (offset: number) => [...simd(0x00), 0, offset];

/**
 * `find(from, end, a, b, maskA, maskB) → i32` over the imported memory `js.mem`: params 0–5, v128
 * locals 6–9 (a, b, maskA, maskB splatted), i32 local 10 (the step's match bits). Each step loads
 * the 16 bytes at `from` and at `from + 1`, and returns `from` + the lowest match bit; past `end`, -1.
 * It reads up to 16 bytes past `end`: the memory keeps that much beyond any buffer it gives.
 */
function moduleBytes(): Uint8Array<ArrayBuffer> {
	const body = [
		...[2, 4, V128, 1, I32],
		...[2, 3, 4, 5].flatMap((p) => [GET, p, ...simd(SPLAT), SET, p + 4]),
		...[0x02, 0x40, 0x03, 0x40], // block, loop
		...[GET, 0, GET, 1, 0x4f, 0x0d, 1], // from >= end (unsigned): leave the block
		...[GET, 0, ...load(0), GET, 8, ...simd(OR), GET, 6, ...simd(EQ)],
		...[GET, 0, ...load(1), GET, 9, ...simd(OR), GET, 7, ...simd(EQ)],
		...[...simd(AND), ...simd(BITMASK), TEE, 10],
		...[0x04, 0x40, GET, 0, GET, 10, 0x68, 0x6a, 0x0f, 0x0b], // if bits: return from + ctz(bits)
		...[GET, 0, 0x41, 16, 0x6a, SET, 0, 0x0c, 0], // from += 16; again
		...[0x0b, 0x0b, 0x41, 0x7f, 0x0b], // end loop, end block, -1
	];
	return new Uint8Array([
		...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
		...section(1, [1, 0x60, 6, I32, I32, I32, I32, I32, I32, 1, I32]),
		...section(2, [1, ...name("js"), ...name("mem"), 0x02, 0x00, 1]),
		...section(3, [1, 0]),
		...section(7, [1, ...name("find"), 0x00, 0]),
		...section(10, [1, ...leb(body.length), ...body]),
	]);
}

const PAGE = 65536;
/** What the loop may read past the end of the bytes it is given (one 16-byte load at end - 1 + 1). */
const SLACK = 32;

/** A finder on WebAssembly SIMD, or undefined where WebAssembly cannot run. */
export function simdFinder(): PairFinder | undefined {
	let mem: WebAssembly.Memory;
	let find: (from: number, end: number, a: number, b: number, maskA: number, maskB: number) => number;
	try {
		mem = new WebAssembly.Memory({ initial: 1 });
		const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), { js: { mem } });
		find = instance.exports.find as typeof find;
	} catch {
		return undefined;
	}
	let view = Buffer.from(mem.buffer);
	return {
		buffer(size) {
			const need = size + SLACK;
			if (mem.buffer.byteLength < need) {
				mem.grow(Math.ceil((need - mem.buffer.byteLength) / PAGE)); // keeps the bytes in place
				view = Buffer.from(mem.buffer);
			}
			return view.subarray(0, size);
		},
		find(bytes, pair, from, end) {
			if (bytes.buffer !== mem.buffer || bytes.byteOffset !== 0) throw new Error("pair-scan: bytes not in the finder's memory");
			const at = find(from, end, pair.a, pair.b, pair.maskA, pair.maskB);
			return at >= 0 && at < lastStart(pair, end) ? at : -1;
		},
	};
}

/** Where a match may start at the latest: a pair must end before `end`. */
const lastStart = (pair: Pair, end: number) => (pair.maskB === ANY ? end : end - 1);

/** The byte values `(byte | mask) === value` accepts. */
function bytesOf(value: number, mask: number): number[] {
	const out: number[] = [];
	for (let byte = 0; byte < 256; byte++) if ((byte | mask) === value) out.push(byte);
	return out;
}

/** The same finder on Buffer.indexOf, one needle per accepted byte pair (the fallback, and the tests' other oracle). */
export function indexOfFinder(): PairFinder {
	const source = growingBuffer();
	return {
		buffer: (size, keep) => source.buffer(size, keep),
		find(bytes, pair, from, end) {
			const window = bytes.subarray(0, end);
			const needles = bytesOf(pair.a, pair.maskA).flatMap((a) => (pair.maskB === ANY ? [Buffer.from([a])] : bytesOf(pair.b, pair.maskB).map((b) => Buffer.from([a, b]))));
			let best = -1;
			for (const n of needles) {
				const at = window.indexOf(n, from);
				if (at !== -1 && at < lastStart(pair, end) && (best === -1 || at < best)) best = at;
			}
			return best;
		},
	};
}

let shared: PairFinder | undefined;
/** This thread's finder (one per thread: a worker has its own module scope). */
export function pairFinder(): PairFinder {
	return (shared ??= simdFinder() ?? indexOfFinder());
}
