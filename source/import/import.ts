/**
 * `arbor import`: Claude Code sessions and Codex rollouts become new v3 session files under the
 * source's cwd folder. The source is only read. The header records where a session came from
 * (`importedFrom: {format, file, sha256, sessionId}`), so importing the same bytes again finds the
 * earlier import instead of writing a duplicate.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { newSessionId, sessionFileName } from "../session/ids.js";
import { readHeader } from "../session/parse.js";
import { sessionDirFor, sessionFiles } from "../session/paths.js";
import { convertClaudeCode } from "./claude-code.js";
import { convertCodex } from "./codex.js";
import { encodeJsonParts } from "./raw-json.js";
import { FileLines } from "./file-lines.js";
import { skip, type Converted, type EntrySink, type ImportedEntry } from "./types.js";

export type ImportOutcome =
	| { status: "imported"; source: string; file: string; format: Converted["format"]; entries: number; skipped: Record<string, number> }
	| { status: "already-imported"; source: string; file: string }
	| { status: "skipped"; source: string; reason: string };

type Format = Converted["format"];

/** Which format a file is in, from its name and first lines; undefined when neither. */
export function detectFormat(file: string, text: string): Format | undefined {
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

/** Lines are encoded into buffers of this many bytes (a longer line gets one of its own). */
const CHUNK = 4 << 20;

/**
 * The session's lines as they are converted: each entry is JSON-encoded once it is final (when the
 * next one arrives) and written as UTF-8 straight into a buffer, so a large source's entries do
 * not pile up in the heap.
 */
class Lines {
	readonly chunks: Buffer[] = [];
	private buf = Buffer.allocUnsafe(CHUNK);
	private used = 0;
	private held: ImportedEntry | undefined;

	readonly put: EntrySink = (entry) => {
		if (this.held) this.encode(this.held);
		this.held = entry;
	};

	private encode(line: unknown): void {
		const parts = encodeJsonParts(line);
		let length = 0;
		for (const part of parts) length += part.length;
		// A UTF-16 unit takes at most 3 bytes of UTF-8 (a surrogate pair 4 for its two), the newline 1.
		const most = length * 3 + 1;
		if (this.used + most > this.buf.length) {
			this.flush();
			if (most > this.buf.length) this.buf = Buffer.allocUnsafe(most);
		}
		for (const part of parts) this.used += this.buf.write(part, this.used);
		this.buf[this.used++] = 10;
	}

	private flush(): void {
		if (this.used) this.chunks.push(this.buf.subarray(0, this.used));
		this.buf = Buffer.allocUnsafe(CHUNK);
		this.used = 0;
	}

	/** Every line, the last entry included. */
	end(): Buffer[] {
		if (this.held) this.encode(this.held);
		this.held = undefined;
		if (this.used) this.chunks.push(this.buf.subarray(0, this.used));
		return this.chunks;
	}
}

/** The session file: the header line, then the entries' bytes; temp file + rename. */
function writeSession(dir: string, header: Record<string, unknown>, body: readonly Buffer[]): string {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const file = path.join(dir, sessionFileName(String(header.timestamp), String(header.id)));
	const tmp = `${file}.import-${process.pid}.tmp`;
	let fd: number | undefined;
	try {
		fd = fs.openSync(tmp, "wx", 0o600);
		fs.writeSync(fd, `${JSON.stringify(header)}\n`);
		for (const chunk of body) fs.writeSync(fd, chunk);
		fs.closeSync(fd);
		fd = undefined;
		fs.renameSync(tmp, file);
	} catch (error) {
		if (fd !== undefined) fs.closeSync(fd);
		fs.rmSync(tmp, { force: true });
		throw error;
	}
	return file;
}

/** Imports one source file into `home`'s session folders. Never modifies the source. */
export function importFile(source: string, opts: { home: string; cwd: string; now?: string }): ImportOutcome {
	const fd = fs.openSync(source, "r");
	try {
		return importOpen(source, fd, opts);
	} finally {
		fs.closeSync(fd);
	}
}

/** {@link importFile} of the source open as `fd`: read once, in chunks (see FileLines). */
function importOpen(source: string, fd: number, opts: { home: string; cwd: string; now?: string }): ImportOutcome {
	const format = detectFormat(source, firstLines(fd, 5));
	if (!format) return { status: "skipped", source, reason: "not a Claude Code session or a Codex rollout" };
	if (format === "claude-code" && path.basename(source).startsWith("agent-")) {
		return { status: "skipped", source, reason: "a sub-agent (sidechain) transcript: its result is in the parent session" };
	}
	const now = opts.now ?? new Date().toISOString();
	const lines = new Lines();
	const input = new FileLines(fd);
	const converted = format === "codex" ? convertCodex(input, lines.put, now) : convertClaudeCode(input, lines.put, now);
	const body = lines.end();
	if (converted.count === 0) return { status: "skipped", source, reason: "no conversation in it" };
	const sha256 = input.digest();
	// A NUL cannot be in a path: such a cwd names no folder, so the session goes under the current one.
	if (converted.cwd?.includes("\0")) {
		skip(converted.skipped, "source cwd with a NUL character: imported under the current folder");
		converted.cwd = undefined;
	}
	const dir = sessionDirFor(converted.cwd ?? opts.cwd, opts.home);
	const earlier = findImport(dir, sha256);
	if (earlier) return { status: "already-imported", source, file: earlier };
	const header = {
		type: "session",
		version: 3,
		id: newSessionId(),
		timestamp: converted.startedAt ?? now,
		cwd: converted.cwd ?? opts.cwd,
		importedFrom: { format, file: path.resolve(source), sha256, ...(converted.sourceSessionId ? { sessionId: converted.sourceSessionId } : {}) },
	};
	const file = writeSession(dir, header, body);
	return { status: "imported", source, file, format, entries: converted.count, skipped: Object.fromEntries(converted.skipped) };
}
