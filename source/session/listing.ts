import * as path from "node:path";
import { asRecord } from "./entry-guards.js";
import { textParts } from "./content.js";
import { lastEntry } from "./last-entry-time.js";
import { parseHeader } from "./parse.js";
import { projectDirs, sessionFiles } from "./paths.js";
import { fromHeaders } from "./session-headers.js";
import { lastUsed, sortNewestFirst } from "./last-used.js";
import type { SessionHeader } from "./types.js";
import { COST_MARK } from "./usage.js";
import { bufferLineCost } from "./line-cost.js";
import { forEachLine } from "./lines.js";
import { LineMark } from "./line-mark.js";
import { readWorked } from "./worked.js";

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
type ListOptions = { onSkip?: (file: string, error: Error) => void; cost?: boolean };

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
	const worked = readWorked(dir);
	const wanted = cwd === undefined ? undefined : path.resolve(cwd);
	const found = fromHeaders(dir, (file, header) => (wanted === undefined || sameCwd(header.cwd, wanted) ? { file, modified: lastUsed(file, header, worked) } : undefined));
	return sortNewestFirst(found)[0]?.file;
}

/** A header's cwd names `wanted` (resolved); an empty or missing one names no folder (as in pi). */
function sameCwd(cwd: unknown, wanted: string): boolean {
	return typeof cwd === "string" && cwd !== "" && path.resolve(cwd) === wanted;
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
	const nameMark = new LineMark(NAME_MARK);
	const costMark = new LineMark(COST_MARK);
	forEachLine(file, (buf, start, end) => {
		if (!header) {
			header = parseHeader(buf.toString("utf8", start, end), file);
			return;
		}
		if (end > start) entryCount++;
		if (firstMessage === undefined) firstMessage = userText(buf.toString("utf8", start, end));
		if (nameMark.in(buf, start, end)) name = sessionName(buf.toString("utf8", start, end)) ?? name;
		if (withCost && costMark.in(buf, start, end)) cost += bufferLineCost(buf, start, end);
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
