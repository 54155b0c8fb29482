import { createHash } from "node:crypto";
import * as fs from "node:fs";

const NEWLINE = 0x0a;
/** Bytes read at a time; a longer line grows the buffer. */
const CHUNK = 1024 * 1024;

/**
 * A source file read once, front to back, in chunks: its lines decoded one at a time as a
 * converter asks for them, and the sha256 of its bytes taken on the way (the import records it).
 * The file's bytes are never all in memory at once: a 2 GB transcript no longer needs a 2 GB
 * buffer beside what the import writes, and no fresh memory is touched for a copy of it.
 */
export class FileLines {
	private readonly hash = createHash("sha256");
	private started = false;
	private done = false;

	/** `fd`: the source, open for reading at its start (read from its current position). */
	constructor(private readonly fd: number) {}

	/** The lines, without their `\n` (a last line without one included); one pass only. */
	*lines(): Generator<string> {
		if (this.started) throw new Error("FileLines.lines() reads the file once");
		this.started = true;
		let buf = Buffer.allocUnsafe(CHUNK);
		let carried = 0; // bytes of a line begun in the previous read, at the front of `buf`
		for (;;) {
			if (carried === buf.length) {
				const bigger = Buffer.allocUnsafe(buf.length * 2);
				buf.copy(bigger, 0, 0, carried);
				buf = bigger;
			}
			const n = this.readInto(buf, carried);
			const size = carried + n;
			let start = 0;
			for (let nl = buf.indexOf(NEWLINE, 0); nl !== -1 && nl < size; nl = buf.indexOf(NEWLINE, start)) {
				yield buf.toString("utf8", start, nl);
				start = nl + 1;
			}
			if (n === 0) {
				this.done = true;
				if (start < size) yield buf.toString("utf8", start, size);
				return;
			}
			carried = size - start;
			if (start > 0 && carried > 0) buf.copy(buf, 0, start, size);
		}
	}

	/** The sha256 (hex) of the file's bytes: what was read, and the rest if the lines were not read to the end. */
	digest(): string {
		if (!this.done) {
			const buf = Buffer.allocUnsafe(CHUNK);
			while (this.readInto(buf, 0) > 0);
			this.done = true;
		}
		return this.hash.digest("hex");
	}

	private readInto(buf: Buffer, at: number): number {
		const n = fs.readSync(this.fd, buf, at, buf.length - at, null);
		this.hash.update(buf.subarray(at, at + n));
		return n;
	}
}
