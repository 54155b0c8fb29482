/**
 * A session file as sync reads it: its header line and, for every entry line, the id, where the
 * line is (byte range) and what the leaf needs — never the bodies (a line is read again by range
 * only when it is pushed). Damaged lines (no JSON, no id) are left where they are and never pushed.
 */
import * as fs from "node:fs";
import { forEachLine } from "../session/lines.js";
import { LEAF_MARKER_TYPE } from "../session/types.js";
import { lineHead } from "./line-head.js";

/** One entry line of the local file (`checked`: parsed whole; else read from its head, see line-head.ts). */
type LocalLine = { id: string; parentId: string | null; start: number; end: number; syncMarker: boolean; leafMarker: boolean; checked: boolean };

/** What sync knows of a local session file. */
export type LocalFile = { file: string; header: Record<string, unknown>; headerLine: string; lines: LocalLine[]; ids: Set<string>; size: number; torn: boolean };

/** Marks the leaf markers sync writes itself: local to one machine, never pushed. */
export const SYNC_MARKER_FLAG = "sync";

type Parsed = { type?: unknown; id?: unknown; parentId?: unknown; customType?: unknown; data?: unknown };

function parseLine(text: string): Parsed | undefined {
	try {
		const value: unknown = JSON.parse(text);
		return value && typeof value === "object" && !Array.isArray(value) ? (value as Parsed) : undefined;
	} catch {
		return undefined;
	}
}

/** Whether an entry is a leaf marker sync wrote (data `{leafId, sync: true}`). */
function isSyncMarker(p: Parsed): boolean {
	return p.type === "custom" && p.customType === LEAF_MARKER_TYPE && !!p.data && typeof p.data === "object" && (p.data as Record<string, unknown>)[SYNC_MARKER_FLAG] === true;
}

type Shape = Pick<LocalLine, "id" | "parentId" | "syncMarker" | "leafMarker" | "checked">;

/** What sync needs of one entry line: from its head when that tells (never a marker), else parsed. */
function lineOf(buf: Buffer, start: number, end: number): Shape | undefined {
	const head = lineHead(buf, start, end);
	if (head && head.type !== "custom") return { id: head.id, parentId: head.parentId, syncMarker: false, leafMarker: false, checked: false };
	const p = parseLine(buf.toString("utf8", start, end));
	if (!p || typeof p.id !== "string") return undefined;
	const parentId = typeof p.parentId === "string" ? p.parentId : null;
	return { id: p.id, parentId, syncMarker: isSyncMarker(p), leafMarker: p.type === "custom" && p.customType === LEAF_MARKER_TYPE, checked: true };
}

/** Reads a session file's lines (in 1 MiB chunks). Throws when its first line is no session header. */
export function scanLocal(file: string): LocalFile {
	let headerLine: string | undefined;
	let header: Record<string, unknown> | undefined;
	const lines: LocalLine[] = [];
	const ids = new Set<string>();
	let torn = false;
	const size = forEachLine(file, (buf, start, end, offset, isTorn) => {
		if (isTorn) return void (torn = true);
		if (headerLine === undefined) {
			const text = buf.toString("utf8", start, end);
			headerLine = text;
			const parsed = parseLine(text);
			if (parsed?.type === "session") header = parsed as Record<string, unknown>;
			return;
		}
		const line = lineOf(buf, start, end);
		if (!line || ids.has(line.id)) return;
		ids.add(line.id);
		lines.push({ id: line.id, parentId: line.parentId, start: offset, end: offset + (end - start), syncMarker: line.syncMarker, leafMarker: line.leafMarker, checked: line.checked });
	});
	if (!header || headerLine === undefined) throw new Error(`${file} has no session header`);
	return { file, header, headerLine, lines, ids, size, torn };
}

/** The leaf arbor and pi read from the file: its last entry, or the entry a trailing leaf marker names. */
export function leafOfLines(lines: readonly { id: string; parentId: string | null; leafMarker: boolean }[]): string | null {
	const last = lines[lines.length - 1];
	if (!last) return null;
	return last.leafMarker ? last.parentId : last.id;
}

/** The bytes of some lines of `file` (each without its newline), read by range. */
export function readLines(file: string, lines: readonly LocalLine[]): Buffer[] {
	if (lines.length === 0) return [];
	const fd = fs.openSync(file, "r");
	try {
		return lines.map((l) => {
			const buf = Buffer.allocUnsafe(l.end - l.start);
			fs.readSync(fd, buf, 0, buf.length, l.start);
			return buf;
		});
	} finally {
		fs.closeSync(fd);
	}
}
