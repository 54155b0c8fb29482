import { createHash } from "node:crypto";
import { lineRuns, type LineRun } from "../session/lines.js";

const NEWLINE = 0x0a;

/**
 * A source file read once, front to back, in chunks (session/lines.ts: lineRuns): its lines
 * decoded one at a time as a converter asks for them, and the sha256 of its bytes taken on the way
 * (the import records it). The file's bytes are never all in memory at once: a 2 GB transcript no
 * longer needs a 2 GB buffer beside what the import writes, and no fresh memory is touched for a
 * copy of it.
 */
export class FileLines {
	private readonly hash = createHash("sha256");
	private readonly runs: Generator<LineRun, number, undefined>;
	private started = false;

	/** `fd`: the source, open for reading at its start (read from its current position). */
	constructor(fd: number) {
		this.runs = lineRuns(fd, (bytes) => this.hash.update(bytes));
	}

	/** The lines, without their `\n` (a last line without one included); one pass only. */
	*lines(): Generator<string> {
		if (this.started) throw new Error("FileLines.lines() reads the file once");
		this.started = true;
		// Runs are taken with next(), not for…of: a converter that stops early must not close them,
		// so digest() can still read (and hash) the rest.
		for (let next = this.runs.next(); !next.done; next = this.runs.next()) {
			const { buf, end, torn } = next.value;
			if (torn) {
				yield buf.toString("utf8", 0, end);
				continue;
			}
			let start = 0;
			for (let nl = buf.indexOf(NEWLINE, 0); nl !== -1 && nl < end; nl = buf.indexOf(NEWLINE, start)) {
				yield buf.toString("utf8", start, nl);
				start = nl + 1;
			}
		}
	}

	/** The sha256 (hex) of the file's bytes: what was read, and the rest if the lines were not read to the end. */
	digest(): string {
		while (!this.runs.next().done); // reads (and hashes) what the lines left
		return this.hash.digest("hex");
	}
}
