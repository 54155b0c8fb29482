import { must } from "../text/must.js";
import type { SessionEntry, SessionHeader, SessionWarning } from "./types.js";
import { SessionError } from "./types.js";
import { settleVersion } from "./version.js";
import { readFirstLine } from "./last-entry-time.js";

/** What `parseSessionBuffer` found in a file, before migration and indexing. */
export type ParsedSession = {
	header: SessionHeader;
	/** Entries in file order (v1 entries have no id/parentId until migrated). */
	entries: SessionEntry[];
	/** 1-based line number of each entry, parallel to `entries`. */
	lines: number[];
	/** Byte offset of each entry's line in the file, parallel to `entries` (lets fork copy raw bytes). */
	offsets: number[];
	warnings: SessionWarning[];
	/** The file does not end in `\n`: the next append must write one first. */
	needsNewline: boolean;
	/** The version the file is read as (see settleVersion): 1, 2 or 3. */
	version: number;
};

const NEWLINE = 0x0a;

/**
 * Parse a session file's bytes. Each line is decoded from its own Buffer slice and parsed once
 * (faster than decoding one big string and splitting it). Damage is reported, never thrown,
 * except for a missing or broken header, which makes the file unusable.
 */
export function parseSessionBuffer(buf: Buffer, file: string): ParsedSession {
	const firstEnd = lineEnd(buf, 0);
	const header = parseHeader(buf.toString("utf8", 0, firstEnd), file);
	const out: ParsedSession = {
		header,
		entries: [],
		lines: [],
		offsets: [],
		warnings: [],
		needsNewline: buf.length > 0 && buf[buf.length - 1] !== NEWLINE,
		version: 1,
	};
	let start = firstEnd + 1;
	let line = 2;
	while (start < buf.length) {
		const end = lineEnd(buf, start);
		parseLine(out, buf.toString("utf8", start, end), { line, torn: end === buf.length, offset: start });
		start = end + 1;
		line++;
	}
	const settled = settleVersion(header, out.entries);
	out.version = settled.version;
	if (settled.warning) out.warnings.unshift({ kind: "version", line: 1, message: settled.warning });
	if (out.version >= 2 && out.entries.some((e) => typeof e.id !== "string")) {
		dropEntriesWithoutId(out);
		out.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	}
	return out;
}

/** v2 and v3 entries need an id to be linked; v1 entries get theirs from migration. */
function dropEntriesWithoutId(out: ParsedSession): void {
	let kept = 0;
	for (let i = 0; i < out.entries.length; i++) {
		const line = must(out.lines[i], "entry line");
		const entry = must(out.entries[i], "entry");
		if (typeof entry.id !== "string") {
			out.warnings.push({ kind: "bad-entry", line, message: `line ${line}: entry without an id, skipped` });
			continue;
		}
		out.entries[kept] = entry;
		out.lines[kept] = line;
		out.offsets[kept] = must(out.offsets[i], "entry offset");
		kept++;
	}
	out.entries.length = out.lines.length = out.offsets.length = kept;
}

/** Where the line starting at `from` ends: the index of its `\n`, or the buffer's end. */
export function lineEnd(buf: Buffer, from: number): number {
	const i = buf.indexOf(NEWLINE, from);
	return i === -1 ? buf.length : i;
}

/** Parse line 1; throws SessionError("bad-header") unless it is a session header with an id. */
export function parseHeader(text: string, file: string): SessionHeader {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		value = undefined; // reported below: an unparsable header is the same error as a wrong one
	}
	const h = value as Partial<SessionHeader> | undefined;
	if (!h || typeof h !== "object" || h.type !== "session" || typeof h.id !== "string") {
		throw new SessionError("bad-header", `${file}: line 1 is not a session header`);
	}
	return h as SessionHeader;
}

/**
 * The header of a session file, reading its first line only (listings and searches never read
 * whole files). Undefined when line 1 is not a session header; I/O errors throw.
 */
export function readHeader(file: string): SessionHeader | undefined {
	try {
		return parseHeader(readFirstLine(file), file);
	} catch (error) {
		if (error instanceof SessionError) return undefined;
		throw error;
	}
}

function parseLine(out: ParsedSession, text: string, at: { line: number; torn: boolean; offset: number }): void {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		if (text.trim() === "") return; // blank lines carry no data
		out.warnings.push(
			at.torn
				? { kind: "torn-tail", line: at.line, message: `line ${at.line}: incomplete last line skipped` }
				: { kind: "bad-line", line: at.line, message: `line ${at.line}: not valid JSON, skipped` },
		);
		return;
	}
	if (!value || typeof value !== "object" || Array.isArray(value)) {
		out.warnings.push({ kind: "bad-entry", line: at.line, message: `line ${at.line}: not an entry object, skipped` });
		return;
	}
	// Ids are checked once the version is known: v1 entries legitimately have none.
	out.entries.push(value as SessionEntry);
	out.lines.push(at.line);
	out.offsets.push(at.offset);
}
