/**
 * The persisted row index beside a session file (`<session>.arbor-index`, docs/sessions.md): a
 * cache of what the tree shows of each entry, so `arbor tree` of a big session reads it instead of
 * parsing every line. The JSONL stays the only truth: the index names the bytes it covers (their
 * length, the header line's and the last 4 KiB's hashes, the file's inode) and is used only while
 * they are still the file's first bytes; a CRC-32 of the rest finds a damaged index.
 * Line 1 is the meta; then the columns (JSON), and the ids, timestamps and previews, each a block
 * of lines (one an entry), whose byte lengths the meta gives: split, they load faster than JSON.
 */
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import * as fs from "node:fs";
import { isAscii } from "node:buffer";
import { errnoCode } from "../text/error-text.js";

/** Bumped when the layout or what a preview holds changes: an index of another version is rebuilt. */
const ROW_INDEX_VERSION = 4;
const TAIL = 4096;

/** What the index says about the file it covers. */
type RowIndexMeta = { v: number; size: number; lines: number; ino: number; head: string; tail: string; sum: number; count: number; blocks: number[] };

/**
 * The columns, one item an entry in file order unless said otherwise. `t` indexes `types`, `k`
 * `shapes` (an entry's own keys joined by `\u0000`: those the tree reads; its message's after
 * `\u0001`), `r` and `s` index `values` (a message's role and stop reason; -1: none), `p` is the
 * position of the parent (-1: null; -2: not in the file, its id in `px`), `off` the line's offset.
 * Sparse, by position: `x` the few other fields the tree reads, `lx` line numbers that are not
 * the previous one's next, `nopv` entries whose preview is not stored, `sil` silent assistant steps,
 * `idx`/`tsx`/`pvx` ids, timestamps and previews that are not one-line strings of whole characters.
 */
export type RowColumns = {
	types: string[];
	shapes: string[];
	values: unknown[];
	t: number[];
	k: number[];
	r: number[];
	s: number[];
	p: number[];
	off: number[];
	px: Record<number, unknown>;
	x: Record<number, Record<string, unknown>>;
	lx: Record<number, number>;
	nopv: number[];
	pvx: Record<number, string>;
	sil: number[];
	idx: Record<number, unknown>;
	tsx: Record<number, unknown>;
};

/** Everything an index holds besides its meta. */
export type RowIndexData = { columns: RowColumns; ids: string[]; ts: string[]; pv: string[] };

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

/** The index of `file` when one exists, is of this version and whole; else undefined. */
export function readRowIndex(file: string): { meta: RowIndexMeta; data: RowIndexData } | undefined {
	let bytes: Buffer;
	try {
		bytes = fs.readFileSync(rowIndexPath(file));
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return undefined; // none (or unreadable): the file is read whole, as without an index
	}
	const nl = bytes.indexOf(0x0a);
	if (nl === -1) return undefined;
	try {
		const meta = JSON.parse(bytes.toString("utf8", 0, nl)) as RowIndexMeta;
		if (meta?.v !== ROW_INDEX_VERSION || !Array.isArray(meta.blocks) || crc32(bytes.subarray(nl + 1)) !== meta.sum) return undefined;
		const [a = 0, b = 0, c = 0] = meta.blocks;
		let at = nl + 1;
		// Pure ASCII decodes as Latin-1 (the same text, one byte a character, several times faster).
		const block = (length: number) => {
			const part = bytes.subarray(at, (at += length));
			return part.toString(isAscii(part) ? "latin1" : "utf8");
		};
		const columns = JSON.parse(block(a)) as RowColumns;
		const data = { columns, ids: block(b).split("\n"), ts: block(c).split("\n"), pv: block(bytes.length - at).split("\n") };
		return wellFormed(data, meta.count) ? { meta, data } : undefined;
	} catch {
		return undefined; // not JSON: a damaged index is rebuilt
	}
}

const LISTS = ["t", "k", "r", "s", "p", "off"] as const;

function wellFormed(d: RowIndexData, count: number): boolean {
	const c = d.columns;
	if (typeof c !== "object" || c === null || !Array.isArray(c.types) || !Array.isArray(c.shapes) || !Array.isArray(c.values)) return false;
	if (d.ids.length !== count || d.ts.length !== count || d.pv.length !== count) return false;
	return LISTS.every((key) => Array.isArray(c[key]) && c[key].length === count);
}

/**
 * Writes the index of the first `size` bytes of `file` (`lines` lines): temp file and rename, mode
 * 0600 as the session's. A failure (a read-only folder, a full disk) leaves things as they were: the
 * index is only ever a cache.
 */
export function writeRowIndex(file: string, at: { size: number; lines: number }, data: RowIndexData): boolean {
	const target = rowIndexPath(file);
	const temp = `${target}.${process.pid}.tmp`;
	try {
		// The blocks are written as they are (one writev), the CRC taken across them: no copy of the whole.
		const blocks = [Buffer.from(JSON.stringify(data.columns)), Buffer.from(data.ids.join("\n")), Buffer.from(data.ts.join("\n"))];
		const body = [...blocks, Buffer.from(data.pv.join("\n"))];
		let sum = 0;
		for (const part of body) sum = crc32(part, sum);
		let meta: RowIndexMeta;
		const fd = fs.openSync(file, "r");
		try {
			const ino = fs.fstatSync(fd).ino;
			meta = { v: ROW_INDEX_VERSION, size: at.size, lines: at.lines, ino, ...coveredHashes(fd, at.size), sum, count: data.ids.length, blocks: blocks.map((b) => b.length) };
		} finally {
			fs.closeSync(fd);
		}
		writeAll(temp, [Buffer.from(`${JSON.stringify(meta)}\n`), ...body]);
		fs.renameSync(temp, target);
		return true;
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		fs.rmSync(temp, { force: true });
		return false;
	}
}

/** `parts` written to a new file `path` (mode 0600), one after the other. */
function writeAll(path: string, parts: Buffer[]): void {
	const fd = fs.openSync(path, "w", 0o600);
	try {
		let left = parts.filter((p) => p.length > 0);
		while (left.length > 0) {
			let wrote = fs.writevSync(fd, left);
			// A short write: drop what was written and go on with the rest.
			while (left.length > 0 && wrote >= (left[0]?.length ?? 0)) wrote -= left.shift()?.length ?? 0;
			if (wrote > 0 && left[0]) left = [left[0].subarray(wrote), ...left.slice(1)];
		}
	} finally {
		fs.closeSync(fd);
	}
}
