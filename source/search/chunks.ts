/**
 * Reads a file in large chunks that always end on a line boundary, so a search can look at raw
 * bytes (as a latin1 string: one char per byte, no UTF-8 decoding) and decode only the lines it
 * needs. Memory stays at about two chunks whatever the file's size.
 */
import { closeSync, openSync, readSync } from "node:fs";

const CHUNK = 8 * 1024 * 1024;

/** A run of whole lines: the bytes, their latin1 view, and the run's offset in the file. */
export type Chunk = { bytes: Buffer; latin1: string; offset: number };

/** Calls `onChunk` for each run of whole lines of `file`, in order (the last line may lack "\n"). */
export function forEachChunk(file: string, onChunk: (chunk: Chunk) => void): void {
	const fd = openSync(file, "r");
	try {
		let carry = Buffer.alloc(0);
		let offset = 0;
		const buf = Buffer.allocUnsafe(CHUNK);
		for (;;) {
			const n = readSync(fd, buf, 0, CHUNK, null);
			const data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
			if (n === 0) {
				if (data.length) onChunk({ bytes: data, latin1: data.toString("latin1"), offset });
				return;
			}
			const end = data.lastIndexOf(0x0a) + 1;
			if (end > 0) {
				const bytes = data.subarray(0, end);
				onChunk({ bytes, latin1: bytes.toString("latin1"), offset });
				offset += end;
			}
			carry = Buffer.from(data.subarray(end));
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
