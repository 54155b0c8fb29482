/**
 * What the last sync left, per session (`<store>/sync-state.json`): the remote commit the local
 * file was last merged with and the file's size then. A session whose file and remote ref are both
 * unchanged since is not read again — an incremental sync reads only what moved.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** One session's record. */
type SessionState = { remote: string | null; size: number; file: string };
export type SyncState = Record<string, SessionState>;

const fileOf = (storeDir: string) => path.join(storeDir, "sync-state.json");

/** The records (none when the file is missing or unreadable: everything is then read once). */
export function loadState(storeDir: string): SyncState {
	try {
		const value: unknown = JSON.parse(fs.readFileSync(fileOf(storeDir), "utf8"));
		return value && typeof value === "object" ? (value as SyncState) : {};
	} catch {
		return {};
	}
}

/** Writes the records: temp file and rename. */
export function saveState(storeDir: string, state: SyncState): void {
	const file = fileOf(storeDir);
	const temp = `${file}.${process.pid}.tmp`;
	fs.writeFileSync(temp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
	fs.renameSync(temp, file);
}

/** True when neither the file nor the remote ref moved since the record. */
export function unchanged(record: SessionState | undefined, file: string | undefined, remote: string | undefined): boolean {
	if (!record || !file || record.file !== file || record.remote !== (remote ?? null)) return false;
	try {
		return fs.statSync(file).size === record.size;
	} catch {
		return false;
	}
}
