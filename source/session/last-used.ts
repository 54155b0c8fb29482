import * as fs from "node:fs";
import * as path from "node:path";
import { lastEntryTime } from "./last-entry-time.js";
import type { SessionHeader } from "./types.js";

/**
 * When the session was last worked in: the newest of its last entry's time (renames left out), its
 * header's time (a fork or clone is created now, though its entries keep their times) and the
 * folder's record of it being opened to work in (`worked.ts`); the file's mtime only when none is known.
 */
export function lastUsed(file: string, header: SessionHeader, worked: Map<string, Date>, lastTime = lastEntryTime(file)): Date {
	const created = typeof header.timestamp === "string" ? new Date(header.timestamp) : undefined;
	const times = [lastTime, created, worked.get(path.basename(file))].filter(
		(t): t is Date => t !== undefined && !Number.isNaN(t.getTime()),
	);
	if (times.length === 0) return fs.statSync(file).mtime;
	return new Date(Math.max(...times.map((t) => t.getTime())));
}

/** Newest first (by `modified`), then by file name, last first. */
export function sortNewestFirst<T extends { file: string; modified: Date }>(list: T[]): T[] {
	return list.sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.file < b.file ? 1 : -1));
}
