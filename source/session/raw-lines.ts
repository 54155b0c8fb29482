/**
 * A session file's own lines for a list of its entries, read in chunks (forEachLine): fork and the
 * HTML export copy these bytes instead of re-serializing, without ever holding the whole file.
 */
import * as fs from "node:fs";
import { forEachLine } from "./lines.js";
import type { SessionEntry } from "./types.js";

/** How far into a line its id is looked for: pi and arbor write it near the start. */
const HEAD = 160;

/**
 * Whether `buf[start, end)` (a line without its `\n`) is the line of entry `id`: whether a file's
 * own bytes can be copied for the entry or it must be re-serialized.
 */
export function lineHoldsId(buf: Buffer, start: number, end: number, id: string): boolean {
	return buf.toString("latin1", start, Math.min(end, start + HEAD)).includes(`"id":"${id}"`);
}

/**
 * Called for each entry in order with its line: `buf[start, end]` is the line and its `\n`
 * (`buf` is reused after the call returns: copy or write what you keep), or `buf` undefined when
 * the entry has no line of its own in the file to copy.
 */
export type RawLineVisitor = (entry: SessionEntry, buf: Buffer | undefined, start: number, end: number) => void;

/** Thrown out of forEachLine once every entry has had its line: the rest of the file is not read. */
const DONE = Symbol("every line found");

/**
 * Calls `each` for every entry of `entries`, in their order, with the entry's line from `file` when
 * `offsetOf` knows where it starts and the line there still names the entry's id. One pass over
 * the file in chunks when the offsets grow (they do: a parent is written before its children, and
 * a view's entries are in file order), stopping after the last wanted line; an entry whose offset
 * is behind one already passed gets its line by a read at its offset.
 */
export function eachRawLine(file: string, entries: readonly SessionEntry[], offsetOf: (e: SessionEntry) => number | undefined, each: RawLineVisitor): void {
	let i = 0;
	const next = () => {
		// Entries without a line of their own, or whose line is behind the reader, go as they come.
		for (;;) {
			const e = entries[i];
			if (e === undefined) return undefined;
			const at = offsetOf(e);
			if (at !== undefined && at >= reached) return at;
			if (at === undefined) each(e, undefined, 0, 0);
			else readLineAt(file, at, e, each);
			i++;
		}
	};
	let reached = 0;
	let wanted = next();
	if (wanted === undefined) return;
	try {
		forEachLine(file, (buf, start, end, offset, torn) => {
			reached = offset;
			// An offset inside a line (not where one starts) has been passed: read at it.
			if (wanted !== undefined && wanted < offset) wanted = next();
			if (wanted === undefined) throw DONE;
			if (offset !== wanted) return;
			reached = offset + 1;
			const e = entries[i] as SessionEntry;
			if (!torn && lineHoldsId(buf, start, end, e.id)) each(e, buf, start, end);
			else each(e, undefined, 0, 0);
			i++;
			wanted = next();
			if (wanted === undefined) throw DONE;
		});
	} catch (error) {
		if (error !== DONE) throw error;
		return;
	}
	// The file ended before some offsets (it was cut short): those entries are re-serialized.
	for (; i < entries.length; i++) each(entries[i] as SessionEntry, undefined, 0, 0);
}

/** The line at `offset` for `each`, read on its own (an entry out of file order; rare). */
function readLineAt(file: string, offset: number, e: SessionEntry, each: RawLineVisitor): void {
	const fd = fs.openSync(file, "r");
	try {
		let buf = Buffer.allocUnsafe(HEAD * 4);
		let size = 0;
		for (;;) {
			const n = fs.readSync(fd, buf, size, buf.length - size, offset + size);
			const nl = buf.indexOf(0x0a, size);
			size += n;
			if (nl !== -1 && nl < size) {
				if (lineHoldsId(buf, 0, nl, e.id)) each(e, buf, 0, nl);
				else each(e, undefined, 0, 0);
				return;
			}
			if (n === 0) {
				each(e, undefined, 0, 0);
				return;
			}
			if (size === buf.length) {
				const bigger = Buffer.allocUnsafe(buf.length * 2);
				buf.copy(bigger, 0, 0, size);
				buf = bigger;
			}
		}
	} finally {
		fs.closeSync(fd);
	}
}

/** Bytes gathered for writing: pieces are copied in (a visitor's `buf` is reused), written a batch at a time. */
export class ByteBatch {
	private readonly buf: Buffer;
	private used = 0;

	/** `write` must be done with its argument when it returns (the batch's buffer is reused). */
	constructor(
		private readonly write: (bytes: Buffer) => void,
		size = 4 << 20,
	) {
		this.buf = Buffer.allocUnsafe(size);
	}

	/** Adds `bytes[start, end)`: copied, or written at once when it is longer than a batch. */
	push(bytes: Buffer, start = 0, end = bytes.length): void {
		const length = end - start;
		if (this.used + length > this.buf.length) this.flush();
		if (length > this.buf.length) this.write(bytes.subarray(start, end));
		else this.used += bytes.copy(this.buf, this.used, start, end);
	}

	flush(): void {
		if (this.used === 0) return;
		this.write(this.buf.subarray(0, this.used));
		this.used = 0;
	}
}
