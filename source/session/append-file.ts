import * as fs from "node:fs";
import * as path from "node:path";
import { must } from "../text/must.js";
import { entryJson } from "./entry-json.js";
import { type LockHandle, acquireLock } from "./lock.js";
import { syncDir } from "./migrate.js";
import { SessionError } from "./types.js";

/**
 * The append side of a session file: one `writeSync` per line so a crash loses at most the line
 * being written, and a `\n` first when the file ended without one (no entry glued to a torn tail).
 */
export class AppendFile {
	private fd: number | undefined;
	private needsNewline: boolean;
	/** Bytes in the file: where the next line starts (recorded so fork can copy lines raw). */
	private size: number;
	private syncing = false;
	private syncAgain = false;
	private syncFailure: unknown;

	private constructor(fd: number, needsNewline: boolean) {
		this.fd = fd;
		this.needsNewline = needsNewline;
		this.size = fs.fstatSync(fd).size;
	}

	/** Open an existing file for appending. */
	static open(file: string, needsNewline: boolean): AppendFile {
		return new AppendFile(fs.openSync(file, "a"), needsNewline);
	}

	/** Create a new file (0600, folders 0700); fails if it exists. */
	static create(file: string): AppendFile {
		ensureDir(path.dirname(file));
		const fd = fs.openSync(file, "wx", 0o600);
		return new AppendFile(fd, false);
	}

	/** Bytes in the file now. */
	get bytes(): number {
		return this.size;
	}

	/** Append one JSON value as one line; returns the byte offset where the line starts. */
	writeLine(value: unknown): number {
		return must(this.writeBuffers([jsonLine(value)])[0], "offset of the written line");
	}

	/**
	 * Append complete lines (each ending in `\n`) with few syscalls; returns each line's offset.
	 * Used for the first flush of a new session and by fork, which copies raw lines.
	 */
	writeBuffers(lines: readonly Buffer[]): number[] {
		const fd = this.fd;
		if (fd === undefined) throw new SessionError("invalid", "session file is closed");
		const offsets: number[] = [];
		const batch: Buffer[] = this.needsNewline ? [Buffer.from("\n")] : [];
		let at = this.size + batch.length;
		for (const line of lines) {
			offsets.push(at);
			at += line.length;
			batch.push(line);
			if (batch.length >= 512) this.flush(fd, batch.splice(0));
		}
		this.flush(fd, batch);
		return offsets;
	}

	private flush(fd: number, batch: Buffer[]): void {
		if (batch.length === 0) return;
		let total = 0;
		for (const b of batch) total += b.length;
		try {
			let done = fs.writevSync(fd, batch);
			// writev may write less than asked (signals, huge batches): finish the rest in order.
			while (done < total) done += fs.writeSync(fd, Buffer.concat(batch).subarray(done));
		} catch (error) {
			// A full disk may have taken part of a line: cut it off so the file ends on a whole line
			// (shrinking needs no space). If even that fails, the next line starts on a new line.
			try {
				fs.ftruncateSync(fd, this.size);
			} catch {
				this.needsNewline = true;
			}
			throw error;
		}
		this.size += total;
		this.needsNewline = false;
	}

	sync(): void {
		this.throwSyncFailure();
		if (this.fd !== undefined) fs.fsyncSync(this.fd);
	}

	/** fsync on libuv's thread pool (one at a time, one more if asked meanwhile); a failure is thrown by the next sync/close. */
	syncSoon(): void {
		const fd = this.fd;
		if (fd === undefined) return;
		if (this.syncing) {
			this.syncAgain = true;
			return;
		}
		this.syncing = true;
		fs.fsync(fd, (error) => {
			this.syncing = false;
			if (this.fd !== fd) return; // closed meanwhile: close() synced
			if (error) this.syncFailure = error;
			if (this.syncAgain) {
				this.syncAgain = false;
				this.syncSoon();
			}
		});
	}

	private throwSyncFailure(): void {
		const failure = this.syncFailure;
		this.syncFailure = undefined;
		if (failure) throw failure;
	}

	/** fsync and close; the descriptor is closed even when the fsync fails (which is then thrown). */
	close(): void {
		const fd = this.fd;
		if (fd === undefined) return;
		this.fd = undefined;
		try {
			this.throwSyncFailure();
			fs.fsyncSync(fd);
		} finally {
			fs.closeSync(fd);
		}
	}
}

/** One JSONL line as bytes. */
export function jsonLine(value: unknown): Buffer {
	return Buffer.from(`${entryJson(value)}\n`);
}

/** mkdir -p with 0700 for folders we create (session content is private). */
export function ensureDir(dir: string): void {
	const created = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	if (created === undefined) return;
	// mkdir's mode is filtered by the umask; chmod makes 0700 exact for every folder we made.
	for (let d = dir; d.length >= created.length; d = path.dirname(d)) {
		fs.chmodSync(d, 0o700);
		if (d === created) break;
	}
	syncDir(path.dirname(created));
}

/**
 * Create a new session file holding `lines` (header first), under the writer lock, fsynced; or
 * the lines `fill` writes as it makes them (fork: no copy of the whole content in memory; offsets
 * are then not collected). On failure nothing is left behind: the file is ours alone and incomplete.
 */
export function createLockedFile(file: string, lines: readonly Buffer[] | ((out: AppendFile) => void)): { out: AppendFile; lock: LockHandle; offsets: number[] } {
	ensureDir(path.dirname(file));
	const lock = acquireLock(file);
	let out: AppendFile | undefined;
	try {
		out = AppendFile.create(file);
		let offsets: number[] = [];
		if (typeof lines === "function") lines(out);
		else offsets = out.writeBuffers(lines);
		out.sync();
		return { out, lock, offsets };
	} catch (error) {
		if (out) {
			out.close();
			fs.rmSync(file, { force: true });
		}
		lock.release();
		throw error;
	}
}
