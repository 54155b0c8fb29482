import * as fs from "node:fs";
import { must } from "../text/must.js";
import type { SessionEntry, SessionHeader, SessionWarning } from "./types.js";
import { SessionError } from "./types.js";
import { settleVersion } from "./version.js";
import { readFirstLine } from "./last-entry-time.js";
import { type BodySource, LAZY_LINE_MIN, slimEntry } from "./lazy-body.js";
import { MAX_NESTING, entryProblem } from "./entry-shape.js";
import { forEachLine } from "./lines.js";

/** What `parseSessionFile` found in a file, before migration and indexing. */
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
	/** Where slimmed entries read their bodies (see lazy-body.ts); only for a file whose header says version 3. */
	bodies?: BodySource;
};

const NEWLINE = 0x0a;

/**
 * Parse an open session file, read in chunks of whole lines: the file's bytes are never all in
 * memory at once (a 2 GB session no longer needs a 2 GB buffer besides its entries). Each line is
 * decoded from its own slice and parsed once. Damage is reported, never thrown, except for a
 * missing or broken header, which makes the file unusable. `size` is the number of bytes read.
 */
export function parseSessionFile(fd: number, file: string, opts: { bodies?: BodySource } = {}): ParsedSession & { size: number } {
	let line = 1;
	let torn = false; // the file's last line has no `\n`
	let out: ParsedSession | undefined;
	const take = (text: string, offset: number, length: number, isTorn: boolean) => {
		if (!out) {
			out = { ...emptyParse(parseHeader(text, file)) };
			// Only a file read as v3 as it stands keeps bodies on disk: migration rewrites entries.
			if (out.header.version === 3) out.bodies = opts.bodies;
		} else parseLine(out, text, { line, torn: isTorn, offset, length });
		line++;
	};
	const size = forEachLine(fd, (buf, start, end, offset, isTorn) => {
		torn = isTorn;
		take(buf.toString("utf8", start, end), offset, end - start, isTorn);
	});
	// An empty file: its missing header is the error.
	if (!out) take("", 0, 0, true);
	const parsed = must(out, "parsed header");
	parsed.needsNewline = torn;
	parsed.bodies?.usages.trim();
	return { ...settle(parsed), size };
}

function emptyParse(header: SessionHeader): ParsedSession {
	return { header, entries: [], lines: [], offsets: [], warnings: [], needsNewline: false, version: 1 };
}

/** The version, its warning, and v2+ entries without an id dropped. */
function settle(out: ParsedSession): ParsedSession {
	const settled = settleVersion(out.header, out.entries);
	out.version = settled.version;
	if (settled.warning) out.warnings.unshift({ kind: "version", line: 1, message: settled.warning });
	if (out.version >= 2 && out.entries.some((e) => typeof e.id !== "string")) {
		dropEntriesWithoutId(out);
		out.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	}
	return out;
}

/**
 * The entries of a v3 file's lines from byte `start` on (line number `line`), its earlier lines
 * known from a persisted row index (row-index.ts): only the bytes appended since are parsed.
 */
export function parseFrom(fd: number, at: { start: number; line: number; header: SessionHeader; bodies: BodySource }): ParsedSession & { size: number; lineCount: number } {
	const out: ParsedSession = { ...emptyParse(at.header), version: 3, bodies: at.bodies };
	let line = at.line;
	const size = forEachLine(
		fd,
		(buf, start, end, offset, torn) => {
			out.needsNewline = torn;
			parseLine(out, buf.toString("utf8", start, end), { line: line++, torn, offset, length: end - start });
		},
		at.start,
	);
	if (out.entries.some((e) => typeof e.id !== "string")) dropEntriesWithoutId(out);
	return { ...out, size, lineCount: line - 1 };
}

/** The text of the line starting at byte `offset` of an open file (for the rare entry kept raw). */
export function readLineAt(fd: number, offset: number): string {
	const parts: Buffer[] = [];
	const buf = Buffer.allocUnsafe(64 * 1024);
	for (let at = offset; ; ) {
		const n = fs.readSync(fd, buf, 0, buf.length, at);
		const nl = buf.subarray(0, n).indexOf(NEWLINE);
		parts.push(Buffer.from(buf.subarray(0, nl === -1 ? n : nl)));
		if (n === 0 || nl !== -1) return Buffer.concat(parts).toString("utf8");
		at += n;
	}
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

function parseLine(out: ParsedSession, text: string, at: { line: number; torn: boolean; offset: number; length: number }): void {
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
	out.entries.push(kept(out, value as Record<string, unknown>, at, text.length === at.length) as SessionEntry);
	out.lines.push(at.line);
	out.offsets.push(at.offset);
}

/** The entry as the store keeps it: slimmed when its bodies can stay on disk and its shape is usable (load.ts reports the rest). */
function kept(out: ParsedSession, value: Record<string, unknown>, at: { offset: number; length: number }, ascii: boolean): Record<string, unknown> {
	if (!out.bodies || at.length < LAZY_LINE_MIN) return value;
	if (entryProblem(value, at.length > 2 * MAX_NESTING) !== undefined) return value;
	// As many characters as bytes: the line is pure ASCII (heads.ts copies its heads faster).
	return slimEntry(value, out.bodies, at.offset, at.length, ascii);
}
