// Over 200 lines: the writer and the two ways its file is finished share the temp-file steps.
/**
 * Where an import's lines go. The header (start time, cwd, the source's sha256) is known only when
 * the conversion ends, yet a large import's lines should not pile up in memory until then: once
 * the first buffer of lines is full, they go to a temp file after a gap as long as the header is
 * expected to be (the sha256 has a fixed length; the rest is known early in practice), and the
 * header is written into the gap at the end. When the header comes out another length, the lines
 * are copied after it into a second temp file. Either way the session appears by rename, whole.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { sessionFileName } from "../session/ids.js";
import { writeFailure } from "../session/io-errors.js";
import { encodeJsonParts } from "./raw-json.js";
import type { EntrySink, ImportedEntry } from "./types.js";

/** Lines are encoded into a buffer of this many bytes (a longer line gets one of its own). */
export const CHUNK = 4 << 20;

/** The session header an import writes (line 1). */
export type ImportHeader = { type: "session"; version: 3; id: string; timestamp: string; cwd: string; [key: string]: unknown };

/** Where the lines went once they left memory: the temp file and the gap left for the header. */
export type Placed = { readonly file: string; readonly tmp: string; readonly fd: number; readonly gap: number; end: number };

/** `run()`, an fs failure in it reported as one line naming the session being written (exit 2, never a raw errno). */
function writing<T>(file: string, run: () => T): T {
	try {
		return run();
	} catch (error) {
		throw writeFailure(file, "write imported", error);
	}
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
	for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** The header as its line (with the newline), as bytes. */
function headerLine(header: ImportHeader): Buffer {
	return Buffer.from(`${JSON.stringify(header)}\n`);
}

/** The session file's path for this header in `dir`. */
function sessionPath(dir: string, header: ImportHeader): string {
	return path.join(dir, sessionFileName(header.timestamp, header.id));
}

/** An import's temp file name: the session's name, then the importing process's id. */
const TEMP = /\.jsonl\.import-(\d+)\.tmp$/;

/** Whether process `pid` is running (one we may not signal is running). */
function running(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/**
 * Removes the temp files in `dir` left by imports that ended without cleaning up (killed, or the
 * machine stopped): their process is gone. A large import's lines are in such a file while it runs.
 */
function removeStaleTemps(dir: string): void {
	for (const name of fs.readdirSync(dir)) {
		const pid = TEMP.exec(name)?.[1];
		if (pid !== undefined && Number(pid) !== process.pid && !running(Number(pid))) fs.rmSync(path.join(dir, name), { force: true });
	}
}

/** A temp file in `dir` for the session `header` names, created (never an existing file), open to write and read back. */
function createTemp(dir: string, header: ImportHeader): { tmp: string; fd: number } {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const tmp = `${sessionPath(dir, header)}.import-${process.pid}.tmp`;
	return { tmp, fd: fs.openSync(tmp, "wx+", 0o600) };
}

/**
 * Opens the temp file for a header expected to be `expected` (in the folder for its cwd), leaving
 * a gap for its line.
 */
export function placeLines(dir: string, expected: ImportHeader): Placed {
	const file = sessionPath(dir, expected);
	const { tmp, fd } = writing(file, () => {
		const made = createTemp(dir, expected);
		removeStaleTemps(dir);
		return made;
	});
	const gap = headerLine(expected).length;
	return { file, tmp, fd, gap, end: gap };
}

/** Closes and removes a temp file (after a failure, or when nothing is to be written). */
export function discard(placed: Placed): void {
	try {
		fs.closeSync(placed.fd);
	} catch {
		// already closed
	}
	fs.rmSync(placed.tmp, { force: true });
}

/**
 * The lines as they are converted: each entry is JSON-encoded once it is final (when the next one
 * arrives) and written as UTF-8 straight into a buffer; a full buffer is written to the file that
 * `place` opens (the first time it is needed) and the buffer is used again.
 */
export class ImportLines {
	private buf: Buffer;
	private used = 0;
	private held: ImportedEntry | undefined;
	/** The timestamp of the first entry put. */
	firstTimestamp: string | undefined;
	placed: Placed | undefined;

	/** `chunk`: the buffer's size in bytes; `place`: opens the file the lines go to. */
	constructor(
		private readonly place: () => Placed,
		private readonly chunk = CHUNK,
	) {
		this.buf = Buffer.allocUnsafe(chunk);
	}

	readonly put: EntrySink = (entry) => {
		this.firstTimestamp ??= entry.timestamp;
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
		if (this.used === 0) return;
		const placed = (this.placed ??= this.place());
		writing(placed.file, () => writeAll(placed.fd, this.buf.subarray(0, this.used), placed.end));
		placed.end += this.used;
		this.used = 0;
		if (this.buf.length > this.chunk) this.buf = Buffer.allocUnsafe(this.chunk);
	}

	/**
	 * Encodes the last entry. Returns the lines' bytes when they all fit in memory (no file was
	 * opened), else writes the rest to the file and returns undefined.
	 */
	end(): Buffer | undefined {
		if (this.held) this.encode(this.held);
		this.held = undefined;
		if (!this.placed) return this.buf.subarray(0, this.used);
		this.flush();
		return undefined;
	}
}

/** Writes a whole session (header line, then `body`) to a temp file in `dir` and renames it into place. */
export function writeWhole(dir: string, header: ImportHeader, body: Buffer): string {
	const file = sessionPath(dir, header);
	return writing(file, () => writeNew(dir, header, file, (fd, at) => writeAll(fd, body, at), true));
}

/**
 * Writes the header line to a new temp file in `dir`, then what `fill` writes after it (from byte
 * `at`), and renames it to `file`; the temp file is removed if any step fails. `clean`: also
 * remove the folder's stale temp files (see removeStaleTemps).
 */
function writeNew(dir: string, header: ImportHeader, file: string, fill: (fd: number, at: number) => void, clean = false): string {
	const { tmp, fd } = createTemp(dir, header);
	if (clean) removeStaleTemps(dir);
	const placed: Placed = { file, tmp, fd, gap: 0, end: 0 };
	try {
		const line = headerLine(header);
		writeAll(fd, line, 0);
		fill(fd, line.length);
		fs.closeSync(fd);
	} catch (error) {
		discard(placed);
		throw error;
	}
	return renameInto(tmp, file);
}

/**
 * Puts the header into the gap of the placed lines and renames the file into `dir` (a header
 * cwd other than the expected one names another folder). When the header has another length than
 * the gap, or the folder is on another file system, a second temp file in `dir` gets the header
 * and then the lines, copied.
 */
export function finishPlaced(placed: Placed, dir: string, header: ImportHeader): string {
	const file = sessionPath(dir, header);
	return writing(file, () => finishAt(placed, dir, header, file));
}

function finishAt(placed: Placed, dir: string, header: ImportHeader, file: string): string {
	const line = headerLine(header);
	try {
		if (line.length !== placed.gap) return copyAfter(placed, dir, header, file);
		writeAll(placed.fd, line, 0);
		fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
		try {
			fs.renameSync(placed.tmp, file);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "EXDEV") return copyAfter(placed, dir, header, file);
			throw error;
		}
		fs.closeSync(placed.fd);
		return file;
	} catch (error) {
		discard(placed);
		throw error;
	}
}

/** The placed lines copied after the header into a new temp file in `dir`, renamed to `file`; the placed file is removed. */
function copyAfter(placed: Placed, dir: string, header: ImportHeader, file: string): string {
	const done = writeNew(dir, header, file, (fd, at) => {
		const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, placed.end - placed.gap)));
		for (let from = placed.gap, to = at; from < placed.end; ) {
			const n = fs.readSync(placed.fd, buf, 0, Math.min(buf.length, placed.end - from), from);
			if (n === 0) throw new Error(`${placed.tmp}: shorter than what was written to it`);
			writeAll(fd, buf.subarray(0, n), to);
			from += n;
			to += n;
		}
	});
	discard(placed);
	return done;
}

/** Renames the finished temp file to `file`; the temp file is removed if that fails. */
function renameInto(tmp: string, file: string): string {
	try {
		fs.renameSync(tmp, file);
	} catch (error) {
		fs.rmSync(tmp, { force: true });
		throw error;
	}
	return file;
}
