/**
 * `arbor import`: Claude Code sessions and Codex rollouts become new v3 session files under the
 * source's cwd folder. The source is only read. The header records where a session came from
 * (`importedFrom: {format, file, sha256, sessionId}`), so importing the same bytes again finds the
 * earlier import instead of writing a duplicate.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { newSessionId } from "../session/ids.js";
import { readHeader } from "../session/parse.js";
import { sessionDirFor, sessionFiles } from "../session/paths.js";
import { convertClaudeCode } from "./claude-code.js";
import { convertCodex } from "./codex.js";
import { discard, finishPlaced, ImportLines, placeLines, writeWhole, type ImportHeader, type Placed } from "./session-out.js";
import { FileLines } from "./file-lines.js";
import { skip, type Converted, type SourceFacts } from "./types.js";
import { must } from "../text/must.js";

export type ImportOutcome =
	| { status: "imported"; source: string; file: string; format: Converted["format"]; entries: number; skipped: Record<string, number> }
	| { status: "already-imported"; source: string; file: string }
	| { status: "skipped"; source: string; reason: string };

type Format = Converted["format"];

/** Which format a file is in, from its name and first lines; undefined when neither. */
function detectFormat(file: string, text: string): Format | undefined {
	const firstLines = text.split("\n", 5).filter((l) => l.trim() !== "");
	const parsed = firstLines.map((l) => {
		try {
			return JSON.parse(l) as Record<string, unknown>;
		} catch {
			return undefined;
		}
	});
	if (parsed.some((r) => r?.type === "session" && typeof r.version === "number")) return undefined; // already pi/arbor
	if (path.basename(file).startsWith("rollout-") || parsed.some((r) => r?.type === "session_meta" || r?.type === "response_item")) return "codex";
	if (parsed.some((r) => r && ("parentUuid" in r || (r.type === "summary" && "leafUuid" in r)))) return "claude-code";
	return undefined;
}

/** The text of the first `n` lines of the open file `fd` (read by position: the file's offset stays at its start). */
function firstLines(fd: number, n: number): string {
	let bytes = Buffer.alloc(0);
	let end = -1;
	for (let i = 0; i < n; ) {
		const at = bytes.indexOf(10, end + 1);
		if (at !== -1) {
			end = at;
			i++;
			continue;
		}
		const more = Buffer.allocUnsafe(Math.max(64 * 1024, bytes.length));
		const got = fs.readSync(fd, more, 0, more.length, bytes.length);
		if (got === 0) return bytes.toString("utf8");
		bytes = Buffer.concat([bytes, more.subarray(0, got)]);
	}
	return bytes.toString("utf8", 0, end);
}

/** Session files below `target` (a file is itself), in a stable order. */
export function sourceFiles(target: string): string[] {
	const stat = fs.statSync(target);
	if (stat.isFile()) return [target];
	return fs
		.readdirSync(target, { withFileTypes: true, recursive: true })
		.filter((d) => d.isFile() && d.name.endsWith(".jsonl"))
		.map((d) => path.join(d.parentPath, d.name))
		.sort();
}

/** The session in `dir` imported from bytes with this hash, if any: only headers are read. */
function findImport(dir: string, sha256: string): string | undefined {
	return sessionFiles(dir).find((file) => {
		const from = readHeader(file)?.importedFrom;
		return typeof from === "object" && from !== null && "sha256" in from && from.sha256 === sha256;
	});
}

type ImportOptions = {
	home: string;
	cwd: string;
	now?: string;
	/** Bytes of lines kept in memory before they go to the file (session-out.ts's CHUNK; smaller in tests). */
	chunkBytes?: number;
};

/** Imports one source file into `home`'s session folders. Never modifies the source. */
export function importFile(source: string, opts: ImportOptions): ImportOutcome {
	const fd = fs.openSync(source, "r");
	try {
		return importOpen(source, fd, opts);
	} finally {
		fs.closeSync(fd);
	}
}

/** A cwd with a NUL names no folder: the session goes under the current one. */
function usableCwd(cwd: string | undefined): string | undefined {
	return cwd?.includes("\0") ? undefined : cwd;
}

/**
 * {@link importFile} of the source open as `fd`: read once, in chunks (see FileLines); the lines
 * go to the session's folder as they are made once they outgrow a buffer (see session-out.ts).
 */
function importOpen(source: string, fd: number, opts: ImportOptions): ImportOutcome {
	const format = detectFormat(source, firstLines(fd, 5));
	if (!format) return { status: "skipped", source, reason: "not a Claude Code session or a Codex rollout" };
	if (format === "claude-code" && path.basename(source).startsWith("agent-")) {
		return { status: "skipped", source, reason: "a sub-agent (sidechain) transcript: its result is in the parent session" };
	}
	const now = opts.now ?? new Date().toISOString();
	const id = newSessionId();
	const facts: SourceFacts = {};
	const header = (cwd: string, startedAt: string | undefined, sha256: string): ImportHeader => ({
		type: "session",
		version: 3,
		id,
		timestamp: startedAt ?? now,
		cwd,
		importedFrom: { format, file: path.resolve(source), sha256, ...(facts.sourceSessionId ? { sessionId: facts.sourceSessionId } : {}) },
	});
	// The header as far as it is known when the first buffer of lines is full (the sha256 comes last; it has a fixed length).
	const expected = (): Placed => {
		const cwd = usableCwd(facts.cwd) ?? opts.cwd;
		return placeLines(sessionDirFor(cwd, opts.home), header(cwd, facts.startedAt ?? lines.firstTimestamp, "0".repeat(64)));
	};
	const lines = new ImportLines(expected, opts.chunkBytes);
	try {
		const input = new FileLines(fd);
		const converted = format === "codex" ? convertCodex(input, lines.put, now, facts) : convertClaudeCode(input, lines.put, now, facts);
		const body = lines.end();
		if (converted.count === 0) return nothing(lines, { status: "skipped", source, reason: "no conversation in it" });
		const sha256 = input.digest();
		if (converted.cwd !== undefined && usableCwd(converted.cwd) === undefined) {
			skip(converted.skipped, "source cwd with a NUL character: imported under the current folder");
		}
		const cwd = usableCwd(converted.cwd) ?? opts.cwd;
		const dir = sessionDirFor(cwd, opts.home);
		const earlier = findImport(dir, sha256);
		if (earlier) return nothing(lines, { status: "already-imported", source, file: earlier });
		const final = header(cwd, converted.startedAt, sha256);
		const file = body ? writeWhole(dir, final, body) : finishPlaced(must(lines.placed, "placed lines"), dir, final);
		return { status: "imported", source, file, format, entries: converted.count, skipped: Object.fromEntries(converted.skipped) };
	} catch (error) {
		if (lines.placed) discard(lines.placed);
		throw error;
	}
}

/** `outcome`, after removing the lines' temp file if there is one (nothing is written). */
function nothing(lines: ImportLines, outcome: ImportOutcome): ImportOutcome {
	if (lines.placed) discard(lines.placed);
	return outcome;
}
