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

/**
 * Calls `onChunk` for each run of whole lines of `file`, in order (the last line may lack "\n").
 * The partial line at a chunk's end moves to the front of the buffer for the next read (no
 * concatenation); a line longer than the buffer grows it.
 */
export function forEachChunk(file: string, onChunk: (chunk: Chunk) => void): void {
	const fd = openSync(file, "r");
	try {
		let buf = Buffer.allocUnsafe(CHUNK);
		let carried = 0;
		let offset = 0;
		for (;;) {
			if (carried === buf.length) {
				const bigger = Buffer.allocUnsafe(buf.length * 2);
				buf.copy(bigger, 0, 0, carried);
				buf = bigger;
			}
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
