/**
 * The persisted row index beside a session file (`<session>.arbor-index`, docs/sessions.md): a
 * cache of what the tree shows of each entry, so `arbor tree` of a big session reads it instead of
 * parsing every line. The JSONL stays the only truth: the index names the bytes it covers (their
 * length, the header line's and the last 4 KiB's hashes, the file's inode) and is used only while
 * they are still the file's first bytes; a checksum of its own columns finds a damaged index.
 * Line 1 is the meta, line 2 the columns (JSON: one array a field, parallel).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { errnoCode } from "../text/error-text.js";

/** Bumped when the layout or what a preview holds changes: an index of another version is rebuilt. */
const ROW_INDEX_VERSION = 1;
const TAIL = 4096;

/** What the index says about the file it covers. */
export type RowIndexMeta = { v: number; size: number; lines: number; ino: number; head: string; tail: string; sum: string; count: number };

/**
 * One array a field, one item an entry in file order. `k` indexes `shapes` (the entry's keys, then
 * after `\u0001` its message's, each joined by `\u0000`), `t` indexes `types`; `x` holds the few
 * fields the tree reads besides the links (0: none), `r` a message's role and stop reason;
 * `pv` the row's preview (0: not stored), `sil` whether the entry is a silent assistant step.
 */
export type RowColumns = {
	types: string[];
	shapes: string[];
	t: number[];
	k: number[];
	id: unknown[];
	p: unknown[];
	ts: unknown[];
	off: number[];
	len: number[];
	line: number[];
	x: (Record<string, unknown> | 0)[];
	r: (unknown[] | 0)[];
	pv: (string | 0)[];
	sil: number[];
};

/** Where the index of `file` is kept. */
export function rowIndexPath(file: string): string {
	return `${file}.arbor-index`;
}

function sha(bytes: Buffer | string): string {
	return createHash("sha1").update(bytes).digest("hex");
}

/** The hashes of the header line and of the 4 KiB before `size`, read through `fd`. */
export function coveredHashes(fd: number, size: number): { head: string; tail: string } {
	const headBuf = Buffer.allocUnsafe(Math.min(size, 64 * 1024));
	const got = fs.readSync(fd, headBuf, 0, headBuf.length, 0);
	const nl = headBuf.subarray(0, got).indexOf(0x0a);
	const tailBuf = Buffer.allocUnsafe(Math.min(size, TAIL));
	const tailGot = fs.readSync(fd, tailBuf, 0, tailBuf.length, size - tailBuf.length);
	return { head: sha(headBuf.subarray(0, nl === -1 ? got : nl)), tail: sha(tailBuf.subarray(0, tailGot)) };
}

/** The index of `file` when one exists, is of this version and is whole; else undefined. */
export function readRowIndex(file: string): { meta: RowIndexMeta; columns: RowColumns } | undefined {
	let text: Buffer;
	try {
		text = fs.readFileSync(rowIndexPath(file));
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return undefined; // none (or unreadable): the file is read whole, as without an index
	}
	const nl = text.indexOf(0x0a);
	if (nl === -1) return undefined;
	try {
		const meta = JSON.parse(text.toString("utf8", 0, nl)) as RowIndexMeta;
		if (meta?.v !== ROW_INDEX_VERSION || sha(text.subarray(nl + 1)) !== meta.sum) return undefined;
		const columns = JSON.parse(text.toString("utf8", nl + 1)) as RowColumns;
		return wellFormed(columns, meta.count) ? { meta, columns } : undefined;
	} catch {
		return undefined; // not JSON: a damaged index is rebuilt
	}
}

const LISTS = ["t", "k", "id", "p", "ts", "off", "len", "line", "x", "r", "pv", "sil"] as const;

function wellFormed(c: RowColumns, count: number): boolean {
	if (typeof c !== "object" || c === null || !Array.isArray(c.types) || !Array.isArray(c.shapes)) return false;
	return LISTS.every((key) => Array.isArray(c[key]) && c[key].length === count);
}

/**
 * Writes the index of the first `size` bytes of `file` (`lines` lines): temp file and rename, mode
 * 0600 as the session's. A failure (a read-only folder, a full disk) leaves things as they were: the
 * index is only ever a cache.
 */
export function writeRowIndex(file: string, at: { size: number; lines: number }, columns: RowColumns): boolean {
	const target = rowIndexPath(file);
	const temp = `${target}.${process.pid}.tmp`;
	try {
		const fd = fs.openSync(file, "r");
		let meta: RowIndexMeta;
		const body = Buffer.from(JSON.stringify(columns));
		try {
			const ino = fs.fstatSync(fd).ino;
			meta = { v: ROW_INDEX_VERSION, size: at.size, lines: at.lines, ino, ...coveredHashes(fd, at.size), sum: sha(body), count: columns.id.length };
		} finally {
			fs.closeSync(fd);
		}
		fs.writeFileSync(temp, Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), body]), { mode: 0o600 });
		fs.renameSync(temp, target);
		return true;
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		fs.rmSync(temp, { force: true });
		return false;
	}
}
