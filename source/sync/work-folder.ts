/**
 * The folder a session's files live in on this machine. A session keeps the header `cwd` of the
 * clone it was made in; a copy that `arbor sync` brought into this folder's sessions (its own
 * store's sync state names the file) works on this clone instead — restores, diffs and
 * checkpoint lists go here, never into a path of another machine or another clone.
 */
import * as path from "node:path";
import { storeDirFor } from "../checkpoints/store.js";
import { loadState } from "./state.js";

/** `cwd` when `file` (session `sessionId`) was synced into `cwd`'s sessions, else `headerCwd`. */
export function workFolderOf(s: { file: string | undefined; sessionId: string; headerCwd: string; home: string; cwd?: string }): string {
	const cwd = s.cwd ?? process.cwd();
	if (!s.file || path.resolve(s.headerCwd) === path.resolve(cwd)) return s.headerCwd;
	const record = loadState(storeDirFor(s.home, cwd))[s.sessionId];
	return record && path.resolve(record.file) === path.resolve(s.file) ? cwd : s.headerCwd;
}
