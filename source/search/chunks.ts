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

/**
 * Calls `onChunk` for each run of whole lines of `file`, in order (the last line may lack "\n").
 * The partial line at a chunk's end moves to the front of the buffer for the next read (no
 * concatenation); a line longer than the buffer grows it. The chunks are read into `source`'s
 * buffers (search reads into the anchor finder's memory: pair-scan.ts).
 */
export function forEachChunk(file: string, onChunk: (chunk: Chunk) => void, source: ChunkMemory = growingBuffer()): void {
	const fd = openSync(file, "r");
	try {
		let buf = source.buffer(CHUNK, 0);
		let carried = 0;
		let offset = 0;
		for (;;) {
			if (carried === buf.length) buf = source.buffer(buf.length * 2, carried);
			const n = readSync(fd, buf, carried, buf.length - carried, null);
			const size = carried + n;
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

/** The bounds [start, end) of the line holding `index` in a chunk's latin1 view. */
export function lineAround(latin1: string, index: number): { start: number; end: number } {
	const start = latin1.lastIndexOf("\n", index) + 1;
	const nl = latin1.indexOf("\n", index);
	return { start, end: nl === -1 ? latin1.length : nl };
}
