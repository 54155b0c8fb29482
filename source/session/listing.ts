import * as fs from "node:fs";
import * as path from "node:path";
import { asRecord } from "./entry-guards.js";
import { textParts } from "./content.js";
import { lastEntry, lastEntryTime } from "./last-entry-time.js";
import { parseHeader, readHeader } from "./parse.js";
import { projectDirs, sessionDirFor, sessionFiles } from "./paths.js";

export { arborHome, sessionDirFor } from "./paths.js";
import { SessionError, type SessionHeader } from "./types.js";
import { COST_MARK, lineCost } from "./usage.js";
import { forEachLine } from "./lines.js";
import { readWorked } from "./worked.js";
import { errnoCode } from "../text/error-text.js";

/** One row of `arbor sessions`. */
export type SessionInfo = {
	file: string;
	id: string;
	cwd: string;
	name?: string;
	/** Text of the first user message ("" when there is none). */
	firstMessage: string;
	/** Lines after the header. */
	entryCount: number;
	/** When the session was last worked in (see lastUsed): its newest entry, creation or opening. */
	modified: Date;
	/** Set when the last entry is a failed reply (`stopReason: "error"`): its error message. */
	lastError?: string;
	parentSession?: string;
	/** With `cost: true`: dollars the session's replies cost (bufferCost), from the bytes the listing read anyway. */
	cost?: number;
};

/** Options of the listing functions: unreadable files are skipped and reported here; `cost` adds each session's cost. */
export type ListOptions = { onSkip?: (file: string, error: Error) => void; cost?: boolean };

const NAME_MARK = Buffer.from('"session_info"');

/** Sessions in one folder, the one last worked in first. A missing folder is empty. */
export function listSessions(dir: string, opts: ListOptions = {}): SessionInfo[] {
	const out: SessionInfo[] = [];
	const worked = readWorked(dir);
	for (const file of sessionFiles(dir)) {
		try {
			out.push(sessionInfo(file, worked, opts.cost === true));
		} catch (error) {
			opts.onSkip?.(file, error as Error);
		}
	}
	return sortNewestFirst(out);
}

/** Sessions of every project under `<home>/sessions`, newest first. */
export function listAllSessions(home: string, opts: ListOptions = {}): SessionInfo[] {
	return sortNewestFirst(projectDirs(home).flatMap((dir) => listSessions(dir, opts)));
}

/**
 * The most recently used valid session file in `dir` (`-c`), if any: only each file's header and
 * tail are read. With `cwd`, only a session whose header names that folder counts, as pi 1.6's
 * findMostRecentSession(dir, cwd): one `--session-dir` shared by several projects continues each
 * project's own session.
 */
export function mostRecentSession(dir: string, cwd?: string): string | undefined {
	const found: { file: string; modified: Date }[] = [];
	const worked = readWorked(dir);
	const wanted = cwd === undefined ? undefined : path.resolve(cwd);
	for (const file of sessionFiles(dir)) {
		try {
			const header = readHeader(file);
			if (!header || (wanted !== undefined && !sameCwd(header.cwd, wanted))) continue;
			found.push({ file, modified: lastUsed(file, header, worked) });
		} catch (error) {
			if (errnoCode(error) === undefined) throw error;
		}
	}
	return sortNewestFirst(found)[0]?.file;
}

/** A header's cwd names `wanted` (resolved); an empty or missing one names no folder (as in pi). */
function sameCwd(cwd: unknown, wanted: string): boolean {
	return typeof cwd === "string" && cwd !== "" && path.resolve(cwd) === wanted;
}

/**
 * When the session was last worked in: the newest of its last entry's time (renames left out), its
 * header's time (a fork or clone is created now, though its entries keep their times) and the
 * folder's record of it being opened to work in (`worked.ts`); the file's mtime only when none is known.
 */
function lastUsed(file: string, header: SessionHeader, worked: Map<string, Date>, lastTime = lastEntryTime(file)): Date {
	const created = typeof header.timestamp === "string" ? new Date(header.timestamp) : undefined;
	const times = [lastTime, created, worked.get(path.basename(file))].filter(
		(t): t is Date => t !== undefined && !Number.isNaN(t.getTime()),
	);
	if (times.length === 0) return fs.statSync(file).mtime;
	return new Date(Math.max(...times.map((t) => t.getTime())));
}

/**
 * Resolve `--session <arg>`: an existing file path, else a session id (or unique prefix) among
 * this project's sessions, then among all projects. Throws SessionError not-found | ambiguous.
 */
export function resolveSession(arg: string, opts: { cwd: string; home: string; sessionDir?: string }): string {
	const candidate = path.resolve(opts.cwd, arg);
	if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	if (arg !== "") {
		const local = pickById(listSessions(opts.sessionDir ?? sessionDirFor(opts.cwd, opts.home)), arg);
		if (local) return local;
		const anywhere = pickById(listAllSessions(opts.home), arg);
		if (anywhere) return anywhere;
	}
	throw new SessionError("not-found", `no session file or id matching "${arg}"`);
}

function pickById(sessions: SessionInfo[], arg: string): string | undefined {
	const exact = sessions.find((s) => s.id === arg);
	if (exact) return exact.file;
	const matches = sessions.filter((s) => s.id.startsWith(arg));
	if (matches.length <= 1) return matches[0]?.file;
	const shown = matches.slice(0, 5).map((s) => s.id).join(", ");
	throw new SessionError("ambiguous", `session id prefix "${arg}" matches ${matches.length} sessions: ${shown}`);
}

function sortNewestFirst<T extends { file: string; modified: Date }>(list: T[]): T[] {
	return list.sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.file < b.file ? 1 : -1));
}

/**
 * Header plus a cheap scan, read in chunks (never the whole file at once): count lines, parse only
 * up to the first user message, the name lines and, with `withCost`, the reply lines with a cost.
 */
function sessionInfo(file: string, worked: Map<string, Date>, withCost: boolean): SessionInfo {
	let header: SessionHeader | undefined;
	let entryCount = 0;
	let firstMessage: string | undefined;
	let name: string | undefined;
	let cost = 0;
	forEachLine(file, (buf, start, end) => {
		if (!header) {
			header = parseHeader(buf.toString("utf8", start, end), file);
			return;
		}
		if (end > start) entryCount++;
		if (firstMessage === undefined) firstMessage = userText(buf.toString("utf8", start, end));
		if (lineHas(buf, start, end, NAME_MARK)) name = sessionName(buf.toString("utf8", start, end)) ?? name;
		if (withCost && lineHas(buf, start, end, COST_MARK)) cost += lineCost(buf.toString("utf8", start, end));
	});
	if (!header) header = parseHeader("", file);
	const last = lastEntry(file);
	const info: SessionInfo = {
		file,
		id: header.id,
		cwd: typeof header.cwd === "string" ? header.cwd : "",
		firstMessage: firstMessage ?? "",
		entryCount,
		modified: lastUsed(file, header, worked, last?.time),
	};
	const failed = last && failedReply(last.value);
	if (failed !== undefined) info.lastError = failed;
	if (name !== undefined) info.name = name;
	if (typeof header.parentSession === "string") info.parentSession = header.parentSession;
	if (withCost) info.cost = cost;
	return info;
}

function lineHas(buf: Buffer, start: number, end: number, mark: Buffer): boolean {
	const at = buf.indexOf(mark, start);
	return at !== -1 && at + mark.length <= end;
}

/** The error of a failed assistant reply (`stopReason: "error"`), else undefined. */
function failedReply(entry: Record<string, unknown>): string | undefined {
	const message = entry.type === "message" ? asRecord(entry.message) : undefined;
	if (message?.role !== "assistant" || message.stopReason !== "error") return undefined;
	return typeof message.errorMessage === "string" && message.errorMessage !== "" ? message.errorMessage : "error";
}

function parseOrUndefined(text: string): Record<string, unknown> | undefined {
	try {
		return asRecord(JSON.parse(text));
	} catch {
		return undefined; // damaged lines are reported when the session is opened, not in a listing
	}
}
function userText(line: string): string | undefined {
	const e = parseOrUndefined(line);
	const message = e?.type === "message" ? asRecord(e.message) : undefined;
	if (!message || message.role !== "user") return undefined;
	const texts = textParts(message.content);
	return texts.length > 0 ? texts.join(" ") : undefined;
}

/** The name a session_info line sets (trimmed), else undefined. */
function sessionName(line: string): string | undefined {
	const e = parseOrUndefined(line);
	return e?.type === "session_info" && typeof e.name === "string" && e.name.trim() !== "" ? e.name.trim() : undefined;
}
