import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { entryJson } from "./entry-json.js";
import { writeFailure } from "./io-errors.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { CURRENT_VERSION, SessionError } from "./types.js";
import { errnoCode } from "../text/error-text.js";

/**
 * Bring parsed entries from `version` (what settleVersion decided, 1–3) to the current format, in
 * place (as pi does). Returns `version`, so callers know whether anything changed.
 */
export function migrateInMemory(header: SessionHeader, entries: SessionEntry[], version: number): number {
	if (version >= CURRENT_VERSION) return version;
	if (version < 2) migrateV1ToV2(entries, header.id);
	if (version < 3) migrateV2ToV3(entries);
	header.version = CURRENT_VERSION;
	return version;
}

/**
 * The id a v1 entry gets: derived from the session id and the entry's position, so every read of
 * the same v1 file shows the same ids and `arbor label v1.jsonl <id>` can name an entry that
 * `arbor tree` printed before the file was migrated.
 */
function stableId(sessionId: string, index: number, taken: ReadonlySet<string>): string {
	for (let n = 0; ; n++) {
		const id = createHash("sha256").update(`${sessionId}:${index}:${n}`).digest("hex").slice(0, 8);
		if (!taken.has(id)) return id;
	}
}

/** v1 files are a chain in file order without ids; compactions point at entries by index. */
function migrateV1ToV2(entries: SessionEntry[], sessionId: string): void {
	const ids = new Set<string>();
	let prev: string | null = null;
	for (const [i, entry] of entries.entries()) {
		const id = stableId(sessionId, i, ids);
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
		// Read before the entries are checked: a v2 message may still have the old role.
		const message = entry.message as { role?: unknown } | undefined;
		if (message?.role === "hookMessage") message.role = "custom";
	}
}

/** What `rewriteMigrated` needs; `file` must be the real file (symlinks resolved). */
type RewriteOptions = {
	file: string;
	header: SessionHeader;
	entries: readonly SessionEntry[];
	fromVersion: number;
	/** Size and mtime when the file was read: a file that changed since is not rewritten. */
	seen: { size: number; mtimeMs: number };
};

/**
 * The only rewrite arbor ever does: the migrated content goes to a temp file in the same folder,
 * is fsynced and renamed over the original; the original bytes stay in `<name>.v<N>.bak`. The
 * caller resolves symlinks first, so a linked session is rewritten at its target and the link
 * stays. Returns the backup's path; a failure leaves the file and its folder as they were.
 */
export function rewriteMigrated(opts: RewriteOptions): string {
	const { file } = opts;
	const now = fs.statSync(file);
	if (now.size !== opts.seen.size || now.mtimeMs !== opts.seen.mtimeMs) {
		throw new SessionError("invalid", `session ${file} changed since arbor read it; not migrating it (open it again)`);
	}
	const backup = freeBackupName(`${file}.v${opts.fromVersion}.bak`);
	const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.migrating`);
	let backedUp = false;
	try {
		writeSynced(temp, serialize(opts));
		linkOrCopy(file, backup);
		backedUp = true;
		fs.renameSync(temp, file);
	} catch (error) {
		fs.rmSync(temp, { force: true });
		// The original is still in place: a backup of it would only be clutter.
		if (backedUp) fs.rmSync(backup, { force: true });
		throw writeFailure(file, "migrate", error);
	}
	syncDir(path.dirname(file));
	return backup;
}

/** A hard link keeps the original bytes under the backup name without copying them. */
function linkOrCopy(file: string, backup: string): void {
	try {
		fs.linkSync(file, backup);
	} catch (error) {
		if (errnoCode(error) === "EEXIST") throw error;
		fs.copyFileSync(file, backup, fs.constants.COPYFILE_EXCL);
	}
}

function serialize(opts: RewriteOptions): string {
	const lines = [JSON.stringify(opts.header)];
	for (const entry of opts.entries) lines.push(entryJson(entry));
	return `${lines.join("\n")}\n`;
}

function writeSynced(temp: string, text: string): void {
	// A leftover from a crashed migration by a process with the same pid holds nothing we need.
	fs.rmSync(temp, { force: true });
	const fd = fs.openSync(temp, "wx", 0o600);
	try {
		fs.writeSync(fd, text);
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
		if (errnoCode(error) !== "EISDIR" && errnoCode(error) !== "EPERM") {
			throw error;
		}
	} finally {
		if (fd !== undefined) fs.closeSync(fd);
	}
}
