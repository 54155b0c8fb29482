import * as fs from "node:fs";
import { must } from "../text/must.js";
import { AppendFile } from "./append-file.js";
import { RAW_LINE } from "./entry-json.js";
import { unknownEntryType } from "./entry-guards.js";
import { MAX_NESTING, entryProblem } from "./entry-shape.js";
import { writeFailure } from "./io-errors.js";
import { type LockHandle, acquireLock } from "./lock.js";
import { migrateInMemory, rewriteMigrated } from "./migrate.js";
import { type ParsedSession, parseSessionFile, readLineAt } from "./parse.js";
import { TreeIndex } from "./tree-index.js";
import { newSessionId } from "./ids.js";
import { BodySource, isSlim } from "./lazy-body.js";
import type { SessionEntry, SessionHeader, SessionWarning } from "./types.js";
import { CURRENT_VERSION, DAMAGED_ENTRY_TYPE, SessionError } from "./types.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

/**
 * An opened session file, ready to wrap in a SessionStore. A v1/v2 file opened for writing has no
 * `out` yet but `openOut`, which migrates it on disk: the store calls it before its first write,
 * so a command that fails (or writes nothing) never migrates.
 */
type LoadedSession = {
	header: SessionHeader;
	index: TreeIndex;
	out?: AppendFile;
	lock?: LockHandle;
	openOut?: () => AppendFile;
	/** The bytes read and each entry's line number (a file read whole, not an empty one). */
	size?: number;
	lines?: number[];
};

/**
 * Read, parse, migrate in memory, check and index a session file. With `write`: lock first (so
 * nobody appends between our read and our first write) and prepare appending. A symlinked
 * session is locked, appended to and migrated at its target; the link stays.
 */
export function loadSession(file: string, write: boolean, cwd = process.cwd()): LoadedSession {
	if (write && !fs.existsSync(file)) throw new SessionError("not-found", `session file not found: ${file}`);
	const target = write ? fs.realpathSync(file) : file;
	const lock = write ? acquireLock(target) : undefined;
	try {
		const seen = write ? fs.statSync(target) : undefined;
		if (isEmptyFile(target)) return emptySession(target, cwd, lock);
		const { parsed, usable, from } = readSessionFile(target, file);
		const migrated = from < CURRENT_VERSION;
		// Byte offsets only describe entries that are stored verbatim in the file we will append to.
		const offsets = migrated ? undefined : parsed.offsets;
		const index = TreeIndex.build(usable, { warnings: parsed.warnings, lines: parsed.lines, offsets });
		const header = parsed.header;
		if (!write || !seen) return { header, index, size: parsed.size, lines: parsed.lines };
		if (!migrated) return { header, index, lock, out: openAppend(target, parsed.needsNewline) };
		const openOut = () => {
			// Placeholders serialize as the entries they stand for (see entry-json.ts).
			rewriteMigrated({ file: target, header, entries: usable, fromVersion: from, seen });
			return openAppend(target, false);
		};
		return { header, index, lock, openOut };
	} catch (error) {
		lock?.release();
		throw error;
	}
}

function isEmptyFile(file: string): boolean {
	try {
		const stat = fs.statSync(file);
		return stat.isFile() && stat.size === 0;
	} catch {
		return false; // missing or unreadable: the read below reports it
	}
}

/**
 * An empty file opens as a new session, as in pi 1.6 (a file made by `touch`, or by a tool that
 * names a session before writing it): a header for `cwd`, no entries; a writer writes the header
 * with its first entry.
 */
function emptySession(file: string, cwd: string, lock: LockHandle | undefined): LoadedSession {
	const header: SessionHeader = { type: "session", version: CURRENT_VERSION, id: newSessionId(), timestamp: new Date().toISOString(), cwd };
	const index = TreeIndex.empty();
	if (!lock) return { header, index };
	const openOut = () => {
		const out = openAppend(file, false);
		out.writeLine(header);
		return out;
	};
	return { header, index, lock, openOut };
}

function openAppend(file: string, needsNewline: boolean): AppendFile {
	try {
		return AppendFile.open(file, needsNewline);
	} catch (error) {
		throw writeFailure(file, "open for writing", error);
	}
}

/**
 * The entries as views and the model may use them: an entry whose shape they cannot use (a message
 * without a valid role or content, parts of the wrong type, absurd nesting) is replaced by an
 * `arbor.damaged` placeholder with the same id and parent, reported with its line and why. The
 * placeholder keeps the tree linked (the path through it stays whole), never reaches the model,
 * and serializes as the original entry, so copies and migrations keep the data.
 */
function usableEntries(parsed: ParsedSession, size: number, fd: number): SessionEntry[] {
	const { entries, lines, offsets } = parsed;
	let out: SessionEntry[] | undefined;
	for (let i = 0; i < entries.length; i++) {
		// A line of n bytes nests at most n/2 deep: only long lines need the nesting walk.
		const entry = must(entries[i], "entry");
		if (isSlim(entry)) continue; // checked when parsed (see parse.ts)
		const offset = must(offsets[i], "entry offset");
		const longest = (offsets[i + 1] ?? size) - offset;
		const problem = entryProblem(entry, longest > 2 * MAX_NESTING);
		if (problem === undefined) continue;
		const line = must(lines[i], "entry line");
		out ??= entries.slice();
		out[i] = placeholder(entry, line, problem, () => readLineAt(fd, offset));
		parsed.warnings.push(damagedWarning(entry, line, problem));
	}
	if (out) parsed.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	return out ?? entries;
}

export function placeholder(original: SessionEntry, line: number, problem: string, raw: () => string): SessionEntry {
	const parentId = typeof original.parentId === "string" ? original.parentId : null;
	const timestamp = typeof original.timestamp === "string" ? original.timestamp : "";
	const stand = { type: unknownEntryType(DAMAGED_ENTRY_TYPE), id: original.id, parentId, timestamp, line, problem };
	Object.defineProperty(stand, "toJSON", { value: () => original });
	// Only a too-deep entry needs its text kept (JSON.stringify cannot write it back).
	if (problem.startsWith("values nested")) Object.defineProperty(stand, RAW_LINE, { value: raw() });
	return stand;
}

function damagedWarning(entry: SessionEntry, line: number, problem: string): SessionWarning {
	const raw: unknown = entry.type; // not checked yet: may be anything
	const type = typeof raw === "string" ? `${raw.slice(0, 30)} entry` : "entry";
	return { kind: "bad-entry", line, id: entry.id, message: `line ${line}: ${type} not usable (${problem}), left out of views and context` };
}

/**
 * Parse the file at `target` in chunks (see parseSessionFile), migrate it in memory and check its
 * entries' shapes; the file stays open until then, so a placeholder's raw line is read back by offset.
 */
function readSessionFile(target: string, file: string): { parsed: ParsedSession & { size: number }; usable: SessionEntry[]; from: number } {
	let bodies: BodySource | undefined;
	try {
		const fd = fs.openSync(target, "r");
		bodies = new BodySource(target, fd);
		const parsed = parseSessionFile(fd, file, { bodies });
		const from = migrateInMemory(parsed.header, parsed.entries, parsed.version);
		return { parsed, usable: usableEntries(parsed, parsed.size, fd), from };
	} catch (error) {
		const code = errnoCode(error);
		if (error instanceof SessionError || code === undefined) throw error;
		if (code === "ENOENT") throw new SessionError("not-found", `session file not found: ${target}`);
		throw new SessionError("unreadable", `cannot read session ${target}: ${errorMessage(error)}`);
	} finally {
		// Entries whose bodies stay on disk read them through this descriptor (see lazy-body.ts).
		if (bodies && !bodies.used) bodies.release();
	}
}
