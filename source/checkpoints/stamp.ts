/**
 * What lstat says of a path, kept to tell later whether it changed without reading it (quiet-look.ts).
 * Any change to a file (its bytes, its mode, a rename over it) or to a folder's list of names sets
 * its ctime to the clock's time then; so a stamp that is still the same, and whose times lie safely
 * before a moment when git (or a look like this) saw everything as the store has it, means the path
 * is as it was then. "Safely before": a change within the same clock tick as the last one can leave
 * the same times (git's "racy" files), so times closer to that moment than a tick never count as settled.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A path's identity, type and permission bits, size and times. */
export type Stamp = { ino: number; mode: number; size: number; mtimeMs: number; ctimeMs: number };

export function stampOf(stat: fs.Stats): Stamp {
	return { ino: stat.ino, mode: stat.mode, size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs };
}

/** Whether `stat` is what `stamp` recorded. */
export function sameStamp(stamp: Stamp, stat: fs.Stats): boolean {
	return stamp.ino === stat.ino && stamp.mode === stat.mode && stamp.size === stat.size && stamp.mtimeMs === stat.mtimeMs && stamp.ctimeMs === stat.ctimeMs;
}

/**
 * Whether the last change `stat` records came at least a tick before `since` (a time of the file
 * system's clock, see {@link fsNow}). Times in whole seconds may come from a file system that keeps
 * only seconds (FAT: two): two seconds then; else a tick is at most a few milliseconds: 100 ms.
 */
export function settled(stat: fs.Stats, since: number): boolean {
	const last = Math.max(stat.mtimeMs, stat.ctimeMs);
	return last <= since - (Number.isInteger(last / 1000) ? 2000 : 100);
}

/** The file system's clock now (the kernel's, as it stamps files): the time a write to a file in `dir` gets. */
export function fsNow(dir: string): number {
	const file = path.join(dir, "clock");
	fs.writeFileSync(file, "t", { mode: 0o600 });
	return fs.lstatSync(file).mtimeMs;
}

/**
 * Up to this many files a look stats them itself (quiet-look.ts); over it, git's `ls-files --modified`
 * does (per file git is quicker than node's lstat, so past a few thousand files it pays for its
 * process), and the index's memo keeps no stamps (writing them costs more than they would save).
 */
export const OWN_LOOK_FILES = 1000;

/** A stamp never equal to any lstat's: a file whose stamp was not kept. */
export const NO_STAMP: Stamp = { ino: -1, mode: -1, size: -1, mtimeMs: Number.NaN, ctimeMs: Number.NaN };

/** `[ino, mode, size, mtimeMs, ctimeMs]`, as kept in the store's memos. */
export const stampFields = (s: Stamp): number[] => [s.ino, s.mode, s.size, s.mtimeMs, s.ctimeMs];

export function stampFrom(fields: readonly unknown[]): Stamp | undefined {
	const [ino, mode, size, mtimeMs, ctimeMs] = fields.map(Number);
	if (fields.length !== 5 || [ino, mode, size, mtimeMs, ctimeMs].some((n) => n === undefined || !Number.isFinite(n))) return undefined;
	return { ino: ino as number, mode: mode as number, size: size as number, mtimeMs: mtimeMs as number, ctimeMs: ctimeMs as number };
}
