import * as fs from "node:fs";

const NEWLINE = 0x0a;
/** Bytes read at a time; a longer line grows the buffer. */
const CHUNK = 1024 * 1024;

/**
 * One line for {@link forEachLine}: its bytes are `buf[start, end)` (without the `\n`), at byte
 * `offset` of the file; `torn` for a last line without a `\n`. `buf` is reused between calls:
 * decode what you keep (`buf.toString("utf8", start, end)`).
 */
type LineVisitor = (buf: Buffer, start: number, end: number, offset: number, torn: boolean) => void;

/**
 * Calls `each` for every line of a file (a path, or an open descriptor read from its current
 * position and left open), in order, reading in chunks: the file's bytes are never all in memory at
 * once. Returns the number of bytes read.
 */
export function forEachLine(file: string | number, each: LineVisitor, start?: number): number {
	if (typeof file === "number") return readLines(file, each, start);
	const fd = fs.openSync(file, "r");
	try {
		return readLines(fd, each);
	} finally {
		fs.closeSync(fd);
	}
}

/** With `start`, reads from that byte (offsets stay the file's) and returns the file's size read to. */
function readLines(fd: number, each: LineVisitor, start?: number): number {
	const runs = lineRuns(fd, undefined, start);
	for (let next = runs.next(); ; next = runs.next()) {
		if (next.done) return next.value;
		const { buf, end, base, torn } = next.value;
		if (torn) {
			each(buf, 0, end, base, true);
			continue;
		}
		let start = 0;
		for (let nl = buf.indexOf(NEWLINE, 0); nl !== -1 && nl < end; nl = buf.indexOf(NEWLINE, start)) {
			each(buf, start, nl, base + start, false);
			start = nl + 1;
		}
	}
}

/**
 * A run of whole lines read at once: `buf[0, end)`, at byte `base` of the file. It ends with
 * "\n", except a last line without one (`torn`), which comes alone.
 */
export type LineRun = { buf: Buffer; end: number; base: number; torn: boolean };

/**
 * The lines of an open file (read from its current position) in runs, one per read: the partial
 * line at a read's end moves to the front of the buffer for the next read, and a line longer
 * than the buffer grows it. `buf` is reused: a run is good until the next is asked for. `onRead`
 * sees every byte read, in order (the import hashes the source on the way). Returns the number of
 * bytes read (with `start`: reads from that byte of the file, and returns where it stopped).
 */
export function* lineRuns(fd: number, onRead?: (bytes: Buffer) => void, start?: number): Generator<LineRun, number, undefined> {
	let buf = Buffer.allocUnsafe(CHUNK);
	let carried = 0; // bytes of a line begun in the previous read, at the front of `buf`
	let base = start ?? 0; // file offset of buf[0]
	for (;;) {
		if (carried === buf.length) {
			const bigger = Buffer.allocUnsafe(buf.length * 2);
			buf.copy(bigger, 0, 0, carried);
			buf = bigger;
		}
		const n = fs.readSync(fd, buf, carried, buf.length - carried, start === undefined ? null : base + carried);
		onRead?.(buf.subarray(carried, carried + n));
		const size = carried + n;
		if (n === 0) {
			if (size > 0) yield { buf, end: size, base, torn: true };
			return base + size;
		}
		const end = buf.lastIndexOf(NEWLINE, size - 1) + 1; // the carried bytes hold no "\n"
		if (end > 0) yield { buf, end, base, torn: false };
		carried = size - end;
		if (end > 0 && carried > 0) buf.copy(buf, 0, end, size);
		base += end;
	}
}
