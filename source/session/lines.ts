import * as fs from "node:fs";

const NEWLINE = 0x0a;
/** Bytes read at a time; a longer line grows the buffer. */
const CHUNK = 1024 * 1024;

/**
 * Calls `each` for every line of `file` (without its `\n`; a last line without one included), in
 * order, reading the file in chunks: its bytes are never all in memory at once. `buf` is reused
 * between calls: decode what you keep (`buf.toString("utf8", start, end)`).
 */
export function forEachLine(file: string, each: (buf: Buffer, start: number, end: number) => void): void {
	const fd = fs.openSync(file, "r");
	try {
		let buf = Buffer.allocUnsafe(CHUNK);
		let carried = 0; // bytes of a line begun in the previous read, at the front of `buf`
		for (;;) {
			if (carried === buf.length) {
				const bigger = Buffer.allocUnsafe(buf.length * 2);
				buf.copy(bigger, 0, 0, carried);
				buf = bigger;
			}
			const n = fs.readSync(fd, buf, carried, buf.length - carried, null);
			const size = carried + n;
			let start = 0;
			for (let nl = buf.indexOf(NEWLINE, 0); nl !== -1 && nl < size; nl = buf.indexOf(NEWLINE, start)) {
				each(buf, start, nl);
				start = nl + 1;
			}
			if (n === 0) {
				if (start < size) each(buf, start, size);
				return;
			}
			carried = size - start;
			if (start > 0 && carried > 0) buf.copy(buf, 0, start, size);
		}
	} finally {
		fs.closeSync(fd);
	}
}
