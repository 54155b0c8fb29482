/**
 * A session's tree from its persisted row index (row-index-file.ts) when that index still
 * describes the file's first bytes: entries made from the index hold their links, type, role and
 * the few fields the tree reads; every other field is read from the session file by byte range
 * when asked (lazy-body.ts). Bytes appended since the index was written are parsed as usual.
 */
import * as fs from "node:fs";
import { must } from "../text/must.js";
import { BodySource, type LineAt, isSlim, lazyPrototype, placeLine } from "./lazy-body.js";
import { entryProblem } from "./entry-shape.js";
import { parseFrom, parseHeader } from "./parse.js";
import { readFirstLine } from "./last-entry-time.js";
import { type RowColumns, type RowIndexData, coveredHashes, readRowIndex } from "./row-index-file.js";
import { TreeIndex } from "./tree-index.js";
import { StoredRow } from "./stored-row.js";
import type { SessionEntry, SessionHeader, SessionWarning } from "./types.js";

/** Warnings a clean file's tree may carry (they come from its links, which the index keeps). */
const LINK_WARNINGS = new Set<SessionWarning["kind"]>(["orphan", "duplicate-id", "cycle"]);

/** True when a file read whole may be indexed: v3 as it stands, no damaged, torn or skipped line. */
export function indexable(header: SessionHeader, warnings: readonly SessionWarning[]): boolean {
	return header.version === 3 && warnings.every((w) => LINK_WARNINGS.has(w.kind));
}

/** A session opened through its index. `stored` entries come from it. */
export type IndexedSession = {
	header: SessionHeader;
	index: TreeIndex;
	/** Bytes and lines read: the index's and the appended ones'. */
	size: number;
	lines: number;
	/** Each entry's line number. */
	entryLines: number[];
	/** The index's data and how many entries it made. */
	stored: { count: number; data: RowIndexData };
	/** How many bytes were parsed past the index (0: it was current). */
	appended: number;
};

/**
 * The session at `file` through its row index, or undefined when there is none, it is damaged or
 * stale (the file is shorter, was rewritten or replaced, or its appended lines need warnings):
 * the caller then reads the file whole.
 */
export function openIndexed(file: string): IndexedSession | undefined {
	const found = readRowIndex(file);
	if (!found) return undefined;
	const { meta, data } = found;
	let bodies: BodySource | undefined;
	try {
		const fd = fs.openSync(file, "r");
		bodies = new BodySource(file, fd);
		const stat = fs.fstatSync(fd);
		if (stat.ino !== meta.ino || stat.size < meta.size || meta.size <= 0) return undefined;
		const hashes = coveredHashes(fd, meta.size);
		if (hashes.head !== meta.head || hashes.tail !== meta.tail) return undefined;
		const header = parseHeader(readFirstLine(file), file);
		if (header.version !== 3) return undefined;
		const stored = storedEntries(data, bodies, meta.size);
		const more = parseFrom(fd, { start: meta.size, line: meta.lines + 1, header, bodies });
		if (more.warnings.length > 0 || more.entries.some((e) => !isSlim(e) && entryProblem(e, true) !== undefined)) return undefined;
		const entryLines = stored.lines.concat(more.lines);
		const index = TreeIndex.build(stored.entries.concat(more.entries), { lines: entryLines, offsets: data.columns.off.concat(more.offsets) });
		const count = stored.entries.length;
		return { header, index, size: more.size, lines: more.lineCount, entryLines, stored: { count, data }, appended: more.size - meta.size };
	} catch {
		return undefined; // an index that does not fit the file: read the file whole
	} finally {
		if (bodies && !bodies.used) bodies.release();
	}
}

/** Fields the index keeps of an entry of each type (besides type, id, parentId, timestamp, message). */
export const KEPT: Record<string, readonly string[]> = { label: ["targetId", "label"], session_info: ["name"], custom: ["customType"], custom_message: ["customType"] };
const LINKS = ["type", "id", "parentId", "timestamp", "message"];
const MESSAGE_KEPT = new Set(["role", "stopReason"]);

/** `placed`: the entry has fields left in the file (a message entry's are its message's, most often). */
type Shape = { own: string[]; proto: object; placed: boolean; message?: { own: string[]; proto: object } };

function shapeOf(text: string): Shape {
	const [keys = "", messageKeys] = text.split("\u0001");
	const list = keys === "" ? [] : keys.split("\u0000");
	const entryKept = (key: string) => LINKS.includes(key) || Object.values(KEPT).some((k) => k.includes(key));
	const own = list.filter(entryKept);
	const lazy = list.filter((k) => !entryKept(k));
	const shape: Shape = { own, proto: lazyPrototype(lazy), placed: lazy.length > 0 };
	if (messageKeys !== undefined && messageKeys !== "") {
		const m = messageKeys.split("\u0000");
		shape.message = { own: m.filter((k) => MESSAGE_KEPT.has(k)), proto: lazyPrototype(m.filter((k) => !MESSAGE_KEPT.has(k))) };
	}
	return shape;
}

export type Obj = Record<string, unknown>;

/** The entries an index describes: own fields from its columns, the rest read from `source` when asked. */
function storedEntries(d: RowIndexData, source: BodySource, size: number): { entries: SessionEntry[]; lines: number[] } {
	const c = d.columns;
	const shapes = c.shapes.map(shapeOf);
	const count = d.ids.length;
	const entries: SessionEntry[] = new Array(count);
	const lines: number[] = new Array(count);
	const sil = new Set(c.sil);
	const nopv = new Set(c.nopv);
	let line = 1;
	for (let i = 0; i < count; i++) {
		const shape = must(shapes[must(c.k[i], "shape")], "shape");
		const id = odd(c.idx, i) ?? d.ids[i];
		const p = must(c.p[i], "parent");
		const parentId = p === -1 ? null : p === -2 ? c.px[i] : (odd(c.idx, p) ?? d.ids[p]);
		const offset = must(c.off[i], "offset");
		const at = { source, offset, length: (c.off[i + 1] ?? size) - offset };
		const e = Object.create(shape.proto) as Obj;
		const x = c.x[i];
		for (const key of shape.own) {
			if (key === "type") e.type = c.types[must(c.t[i], "type")];
			else if (key === "id") e.id = id;
			else if (key === "parentId") e.parentId = parentId;
			else if (key === "timestamp") e.timestamp = i in c.tsx ? c.tsx[i] : d.ts[i];
			else if (key === "message") e.message = storedMessage(shape, c, i, at);
			else e[key] = x?.[key];
		}
		// Only an entry with fields of its own in the file needs a place (its offset is then its message's).
		if (shape.placed || !shape.message) placeLine(e, at, false);
		new StoredRow(e, nopv.has(i) ? undefined : (c.pvx[i] ?? d.pv[i]), sil.has(i));
		entries[i] = e as unknown as SessionEntry;
		line = c.lx[i] ?? line + 1;
		lines[i] = line;
	}
	return { entries, lines };
}

/** An id kept aside (a string with a newline: see RowIndexBuilder). */
function odd(kept: Record<number, unknown>, i: number): unknown {
	return i in kept ? kept[i] : undefined;
}

function storedMessage(shape: Shape, c: RowColumns, i: number, at: LineAt): Obj {
	const m = Object.create(shape.message?.proto ?? Object.prototype) as Obj;
	for (const key of shape.message?.own ?? []) m[key] = key === "role" ? c.values[must(c.r[i], "role")] : c.values[must(c.s[i], "stop reason")];
	placeLine(m, at, true);
	return m;
}
