import * as fs from "node:fs";

const NEWLINE = 0x0a;
/** Bytes read at a time; a longer line grows the buffer. */
const CHUNK = 1024 * 1024;

/**
 * One line for {@link forEachLine}: its bytes are `buf[start, end)` (without the `\n`), at byte
 * `offset` of the file; `torn` for a last line without a `\n`. `buf` is reused between calls:
 * decode what you keep (`buf.toString("utf8", start, end)`).
 */
export type LineVisitor = (buf: Buffer, start: number, end: number, offset: number, torn: boolean) => void;

/**
 * Calls `each` for every line of a file (a path, or an open descriptor read from its current
 * position and left open), in order, reading in chunks: the file's bytes are never all in memory at
 * once. Returns the number of bytes read.
 */
export function forEachLine(file: string | number, each: LineVisitor): number {
	if (typeof file === "number") return readLines(file, each);
	const fd = fs.openSync(file, "r");
	try {
		return readLines(fd, each);
	} finally {
		fs.closeSync(fd);
	}
}

function readLines(fd: number, each: LineVisitor): number {
	let buf = Buffer.allocUnsafe(CHUNK);
	let carried = 0; // bytes of a line begun in the previous read, at the front of `buf`
	let base = 0; // file offset of buf[0]
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
			each(buf, start, nl, base + start, false);
			start = nl + 1;
		}
		if (n === 0) {
			if (start < size) each(buf, start, size, base + start, true);
			return base + size;
		}
		carried = size - start;
		if (start > 0 && carried > 0) buf.copy(buf, 0, start, size);
		base += start;
	}
}
