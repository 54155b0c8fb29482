import * as fs from "node:fs";
import * as path from "node:path";
import { newEntryId } from "./ids.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { CURRENT_VERSION } from "./types.js";

/**
 * Bring parsed entries to the current format version, in place (as pi does).
 * Returns the version the data had before, so callers know whether anything changed.
 */
export function migrateInMemory(header: SessionHeader, entries: SessionEntry[]): number {
	const from = typeof header.version === "number" ? header.version : 1;
	if (from >= CURRENT_VERSION) return from;
	if (from < 2) migrateV1ToV2(entries);
	if (from < 3) migrateV2ToV3(entries);
	header.version = CURRENT_VERSION;
	return from;
}

/** v1 files are a chain in file order without ids; compactions point at entries by index. */
function migrateV1ToV2(entries: SessionEntry[]): void {
	const ids = new Set<string>();
	let prev: string | null = null;
	for (const entry of entries) {
		const id = newEntryId(ids);
		ids.add(id);
		entry.id = id;
		entry.parentId = prev;
		prev = id;
	}
	for (const entry of entries) {
		if (entry.type !== "compaction" || typeof entry.firstKeptEntryIndex !== "number") continue;
		// The index counts the header as 0, so entry k of the file is entries[k - 1].
		const target = entries[entry.firstKeptEntryIndex - 1];
		if (target) entry.firstKeptEntryId = target.id;
		delete entry.firstKeptEntryIndex;
	}
}

function migrateV2ToV3(entries: SessionEntry[]): void {
	for (const entry of entries) {
		if (entry.type !== "message") continue;
		const message = entry.message as { role?: string } | undefined;
		if (message?.role === "hookMessage") message.role = "custom";
	}
}

/**
 * The only rewrite arbor ever does: the migrated content goes to a temp file in the same folder,
 * is fsynced and renamed over the original; the original bytes stay in `<name>.v<N>.bak`.
 * Returns the backup's path.
 */
export function rewriteMigrated(opts: {
	file: string;
	header: SessionHeader;
	entries: readonly SessionEntry[];
	fromVersion: number;
}): string {
	const { file, header, entries } = opts;
	const backup = freeBackupName(`${file}.v${opts.fromVersion}.bak`);
	const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.migrating`);
	writeSynced(temp, [header, ...entries]);
	// A hard link keeps the original bytes under the backup name without copying them.
	try {
		fs.linkSync(file, backup);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
		fs.copyFileSync(file, backup, fs.constants.COPYFILE_EXCL);
	}
	fs.renameSync(temp, file);
	syncDir(path.dirname(file));
	return backup;
}

function writeSynced(temp: string, items: readonly unknown[]): void {
	// A leftover from a crashed migration by a process with the same pid holds nothing we need.
	fs.rmSync(temp, { force: true });
	const fd = fs.openSync(temp, "wx", 0o600);
	try {
		fs.writeSync(fd, `${items.map((item) => JSON.stringify(item)).join("\n")}\n`);
		fs.fsyncSync(fd);
	} catch (error) {
		fs.closeSync(fd);
		fs.rmSync(temp, { force: true });
		throw error;
	}
	fs.closeSync(fd);
}

function freeBackupName(wanted: string): string {
	if (!fs.existsSync(wanted)) return wanted;
	for (let n = 2; ; n++) {
		const candidate = `${wanted}.${n}`;
		if (!fs.existsSync(candidate)) return candidate;
	}
}

/** fsync a folder so a rename or create in it survives a crash (not supported everywhere). */
export function syncDir(dir: string): void {
	let fd: number | undefined;
	try {
		fd = fs.openSync(dir, "r");
		fs.fsyncSync(fd);
	} catch (error) {
		// Some platforms (Windows) cannot fsync a directory; the data itself is already synced.
		if ((error as NodeJS.ErrnoException).code !== "EISDIR" && (error as NodeJS.ErrnoException).code !== "EPERM") {
			throw error;
		}
	} finally {
		if (fd !== undefined) fs.closeSync(fd);
	}
}
