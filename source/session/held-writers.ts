/**
 * The session files this process holds open for writing (a SessionStore with the writer lock), by
 * their lock's path. `arbor sync` run inside the same process (the chat's `/sync` and auto-sync,
 * RPC, ACP) appends what others wrote through the store that holds the file — one writer per file —
 * instead of leaving the session for later (docs/sync.md).
 */
import * as fs from "node:fs";

/** What an in-process sync needs of the store holding a file. */
export type HeldWriter = {
	/** Appends lines written elsewhere, verbatim, without moving the leaf; returns the file's size. */
	mergeLines(lines: readonly Buffer[], markerData: Record<string, unknown>): number;
};

const held = new Map<string, HeldWriter>();

/** Records `writer` as the holder of the lock at `lockPath` (until `forgetWriter`). */
export function holdWriter(lockPath: string, writer: HeldWriter): void {
	held.set(lockPath, writer);
}

export function forgetWriter(lockPath: string, writer: HeldWriter): void {
	if (held.get(lockPath) === writer) held.delete(lockPath);
}

/** The store of this process that holds `file` open for writing, if one does. */
export function heldWriter(file: string): HeldWriter | undefined {
	if (held.size === 0) return undefined;
	try {
		return held.get(`${fs.realpathSync(file)}.lock`);
	} catch {
		return undefined;
	}
}
