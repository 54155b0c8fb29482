/**
 * A session's tree from its persisted row index (row-index-file.ts) when that index still
 * describes the file's first bytes: entries made from the index hold their links, type, role and
 * the few fields the tree reads; every other field is read from the session file by byte range
 * when asked (lazy-body.ts). Bytes appended since the index was written are parsed as usual.
 */
import * as fs from "node:fs";
import { must } from "../text/must.js";
import { BodySource, isSlim, lazyObject } from "./lazy-body.js";
import { entryProblem } from "./entry-shape.js";
import { parseFrom, parseHeader } from "./parse.js";
import { readFirstLine } from "./last-entry-time.js";
import { type RowColumns, coveredHashes, readRowIndex } from "./row-index-file.js";
import { TreeIndex } from "./tree-index.js";
import type { SessionEntry, SessionHeader, SessionWarning } from "./types.js";

/** Warnings a clean file's tree may carry (they come from its links, which the index keeps). */
const LINK_WARNINGS = new Set<SessionWarning["kind"]>(["orphan", "duplicate-id", "cycle"]);

/** True when a file read whole may be indexed: v3 as it stands, no damaged, torn or skipped line. */
export function indexable(header: SessionHeader, warnings: readonly SessionWarning[]): boolean {
	return header.version === 3 && warnings.every((w) => LINK_WARNINGS.has(w.kind));
}

/** A session opened through its index. `stored` entries come from it (with their rows' previews). */
export type IndexedSession = {
	header: SessionHeader;
	index: TreeIndex;
	/** Bytes and lines read: the index's and the appended ones'. */
	size: number;
	lines: number;
	/** Each entry's line number. */
	entryLines: number[];
	stored: { entries: SessionEntry[]; columns: RowColumns };
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
	const { meta, columns } = found;
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
		const stored = storedEntries(columns, bodies);
		const more = parseFrom(fd, { start: meta.size, line: meta.lines + 1, header, bodies });
		if (more.warnings.length > 0 || more.entries.some((e) => !isSlim(e) && entryProblem(e, true) !== undefined)) return undefined;
		const entryLines = columns.line.concat(more.lines);
		const index = TreeIndex.build(stored.concat(more.entries), { lines: entryLines, offsets: columns.off.concat(more.offsets) });
		return { header, index, size: more.size, lines: more.lineCount, entryLines, stored: { entries: stored, columns }, appended: more.size - meta.size };
	} catch {
		return undefined; // an index that does not fit the file: read the file whole
	} finally {
		if (bodies && !bodies.used) bodies.release();
	}
}

/** Entries fields the index keeps per type (besides type, id, parentId, timestamp). */
const KEPT: Record<string, readonly string[]> = { label: ["targetId", "label"], session_info: ["name"], custom: ["customType"], custom_message: ["customType"] };

function storedEntries(c: RowColumns, source: BodySource): SessionEntry[] {
	const shapes = c.shapes.map((s) => s.split("\u0001").map((keys) => (keys === "" ? [] : keys.split("\u0000"))));
	const out: SessionEntry[] = new Array(c.id.length);
	for (let i = 0; i < out.length; i++) {
		const [keys, messageKeys] = must(shapes[must(c.k[i], "shape")], "shape");
		const x = c.x[i];
		const eager: Record<string, unknown> = x === 0 || x === undefined ? {} : { ...x };
		eager.type = c.types[must(c.t[i], "type")];
		eager.id = c.id[i];
		eager.parentId = c.p[i];
		eager.timestamp = c.ts[i];
		const line = { source, offset: must(c.off[i], "offset"), length: must(c.len[i], "length") };
		const r = c.r[i];
		const message = r ? (key: string) => (key === "message" ? lazyObject(messageKeys ?? [], { role: r[0], stopReason: r[1] }, line) : undefined) : undefined;
		out[i] = lazyObject(must(keys, "keys"), eager, line, message ?? (() => undefined)) as SessionEntry;
	}
	return out;
}

/** Builds the columns of an index, entry by entry in file order. */
export class RowColumnsBuilder {
	readonly columns: RowColumns;
	private readonly typeAt: Map<string, number>;
	private readonly shapeAt: Map<string, number>;

	/** Starts empty, or from an index's columns (its entries are kept as they are). */
	constructor(from?: RowColumns) {
		const c = from ?? { types: [], shapes: [], t: [], k: [], id: [], p: [], ts: [], off: [], len: [], line: [], x: [], r: [], pv: [], sil: [] };
		this.columns = c;
		this.typeAt = new Map(c.types.map((t, i) => [t, i]));
		this.shapeAt = new Map(c.shapes.map((s, i) => [s, i]));
	}

	/** Adds `entry`, whose line starts at `at.offset` and runs `at.length` bytes to the next entry's. */
	add(entry: SessionEntry, at: { offset: number; length: number; line: number }, row: { preview: string | undefined; silent: boolean }): void {
		const c = this.columns;
		const type = String(entry.type);
		const message = entry.type === "message" ? (entry.message as unknown as Record<string, unknown>) : undefined;
		const shape = `${Object.keys(entry).join("\u0000")}\u0001${message ? Object.keys(message).join("\u0000") : ""}`;
		c.t.push(slot(this.typeAt, c.types, type));
		c.k.push(slot(this.shapeAt, c.shapes, shape));
		c.id.push(entry.id);
		c.p.push(entry.parentId);
		c.ts.push(entry.timestamp);
		c.off.push(at.offset);
		c.len.push(at.length);
		c.line.push(at.line);
		c.x.push(keptFields(entry, KEPT[type]));
		c.r.push(message ? [message.role, message.stopReason] : 0);
		c.pv.push(row.preview ?? 0);
		c.sil.push(row.silent ? 1 : 0);
	}
}

function slot(at: Map<string, number>, list: string[], value: string): number {
	let i = at.get(value);
	if (i === undefined) {
		i = list.push(value) - 1;
		at.set(value, i);
	}
	return i;
}

function keptFields(entry: SessionEntry, keys: readonly string[] | undefined): Record<string, unknown> | 0 {
	if (!keys) return 0;
	const out: Record<string, unknown> = {};
	for (const key of keys) if (Object.hasOwn(entry, key)) out[key] = (entry as unknown as Record<string, unknown>)[key];
	return out;
}

