/**
 * Reads a file in large chunks that always end on a line boundary, so a search can look at raw
 * bytes (as a latin1 string: one char per byte, no UTF-8 decoding) and decode only the lines it
 * needs. Memory stays at about two chunks whatever the file's size.
 */
import { closeSync, openSync, readSync } from "node:fs";

/** 1 MB: the bytes are still in the CPU cache when scanned (8 MB chunks were slower to read and scan). */
const CHUNK = 1024 * 1024;

/** A run of whole lines: the bytes, their latin1 view (made on first use), and the run's offset in the file. */
export type Chunk = { readonly bytes: Buffer; readonly latin1: string; readonly offset: number };

function chunkOf(bytes: Buffer, offset: number): Chunk {
	let latin1: string | undefined;
	return {
		bytes,
		offset,
		get latin1() {
			return (latin1 ??= bytes.toString("latin1"));
		},
	};
}

/** Where a file is read into: a reader's buffer is good until it asks for the next one. */
export type ChunkMemory = {
	/** A buffer of at least `size` bytes whose first `keep` bytes are those of the last buffer given. */
	buffer(size: number, keep: number): Buffer;
};

/** Plain memory: one buffer, replaced by one twice as large (the kept bytes copied) when asked for more. */
export function growingBuffer(): ChunkMemory {
	let last = Buffer.alloc(0);
	return {
		buffer(size, keep) {
			if (last.length < size) {
				const bigger = Buffer.allocUnsafe(Math.max(size, 2 * last.length));
				last.copy(bigger, 0, 0, keep);
				last = bigger;
			}
			return last.subarray(0, size);
		},
	};
}

/** The lines of a file whose first byte is at or past `start` and before `end`: a thread's share of a split file (parallel.ts). */
export type Range = { start: number; end: number };

/** The whole file. */
export const WHOLE: Range = { start: 0, end: Infinity };

/** Whether `range` is the whole file (by value: a worker gets a copy of the plan's ranges). */
export const isWhole = (range: Range) => range.start === 0 && range.end === Infinity;

/**
 * Calls `onChunk` for each run of whole lines of `file` that begin within `range`, in order (the
 * last line may lack "\n"; a line begun in the range is read to its end, past the range). Ranges
 * that meet at an offset share out the lines of a file exactly. The partial line at a chunk's end
 * moves to the front of the buffer for the next read (no concatenation); a line longer than the
 * buffer grows it. The chunks are read into `source`'s buffers (search reads into the anchor
 * finder's memory: pair-scan.ts); a chunk's `offset` is where it is in the file.
 */
export function forEachChunk(file: string, onChunk: (chunk: Chunk) => void, source: ChunkMemory = growingBuffer(), range: Range = WHOLE): void {
	const fd = openSync(file, "r");
	try {
		let buf = source.buffer(CHUNK, 0);
		let carried = 0;
		let offset = range.start > 0 ? lineStart(fd, range.start, buf) : 0;
		let position = offset;
		if (offset >= range.end) return;
		for (;;) {
			if (carried === buf.length) buf = source.buffer(buf.length * 2, carried);
			// Up to a probe's length past the range's end at first: its last line most likely ends there.
			const room = buf.length - carried;
			const n = readSync(fd, buf, carried, position < range.end ? Math.min(room, range.end - position + PROBE) : room, position);
			position += n;
			const size = carried + n;
			// The lines begun before range.end: up to the first "\n" at or after its last byte.
			const last = range.end - 1 - offset;
			const stop = last < size ? buf.subarray(0, size).indexOf(0x0a, Math.max(last, carried)) : -1; // carried bytes hold no "\n"
			if (stop !== -1) {
				onChunk(chunkOf(buf.subarray(0, stop + 1), offset));
				return;
			}
			if (n === 0) {
				if (size) onChunk(chunkOf(buf.subarray(0, size), offset));
				return;
			}
			const end = buf.lastIndexOf(0x0a, size - 1) + 1;
			if (end > 0) {
				onChunk(chunkOf(buf.subarray(0, end), offset));
				offset += end;
			}
			carried = size - end;
			if (carried > 0 && end > 0) buf.copy(buf, 0, end, size);
		}
	} finally {
		closeSync(fd);
	}
}

/** How much is read at a time looking for where a range's first line starts. */
const PROBE = 64 * 1024;

/** Where the first line begun at or after `start` (> 0) starts: just after the first "\n" from `start` - 1 (Infinity: none). `buf` is scratch. */
function lineStart(fd: number, start: number, buf: Buffer): number {
	for (let position = start - 1; ; ) {
		const n = readSync(fd, buf, 0, Math.min(PROBE, buf.length), position);
		if (n === 0) return Infinity;
		const nl = buf.subarray(0, n).indexOf(0x0a);
		if (nl !== -1) return position + nl + 1;
		position += n;
	}
}

/** The whole lines of `file`'s first {@link CHUNK} bytes (all of it when shorter), in a buffer of `source`'s; undefined when no line ends in them. */
export function firstLines(file: string, source: ChunkMemory): Buffer | undefined {
	const fd = openSync(file, "r");
	try {
		const buf = source.buffer(CHUNK, 0);
		const n = readSync(fd, buf, 0, CHUNK, 0);
		if (n < CHUNK) return buf.subarray(0, n);
		const end = buf.lastIndexOf(0x0a, n - 1) + 1;
		return end > 0 ? buf.subarray(0, end) : undefined;
	} finally {
		closeSync(fd);
	}
}

/** The bounds [start, end) of the line holding `index` in a chunk's latin1 view. */
export function lineAround(latin1: string, index: number): { start: number; end: number } {
	const start = latin1.lastIndexOf("\n", index) + 1;
	const nl = latin1.indexOf("\n", index);
	return { start, end: nl === -1 ? latin1.length : nl };
}
