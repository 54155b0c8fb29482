import * as fs from "node:fs";

const CHUNK = 8192;

/** The last line of a session that parses and has a valid `timestamp`: its time and its value. */
type LastEntry = { time: Date; value: Record<string, unknown> };

/**
 * One JSONL line as a {@link LastEntry}, if the line parses and carries a valid timestamp. A
 * `session_info` line (a rename) is none here: renaming a session is not working in it.
 */
function entryOf(line: Buffer): LastEntry | undefined {
	const text = line.toString("utf8").trim();
	if (text === "") return undefined;
	try {
		const value = JSON.parse(text) as Record<string, unknown> | null;
		if (value?.type === "session_info") return undefined;
		const time = typeof value?.timestamp === "string" ? new Date(value.timestamp) : undefined;
		return value && time && !Number.isNaN(time.getTime()) ? { time, value } : undefined;
	} catch {
		return undefined; // a torn or damaged line: the one before it is the last entry
	}
}

/** When a session was last used ({@link lastEntry}'s time). */
export function lastEntryTime(file: string): Date | undefined {
	return lastEntry(file)?.time;
}

/**
 * The last line that parses and has a timestamp, renames left out (the header in a file without
 * other entries) — its
 * time is when the session was last used — read backwards from the end of the file in growing
 * chunks: a listing never parses whole files, and neither a copy nor `touch` changes the answer.
 * Undefined when no line has a timestamp.
 */
export function lastEntry(file: string): LastEntry | undefined {
	const fd = fs.openSync(file, "r");
	try {
		let end = fs.fstatSync(fd).size;
		let carry: Buffer = Buffer.alloc(0); // the start of a line whose beginning lies before `end`
		while (end > 0) {
			const start = Math.max(0, end - Math.max(CHUNK, carry.length));
			const chunk = Buffer.alloc(end - start);
			fs.readSync(fd, chunk, 0, chunk.length, start);
			const buf = Buffer.concat([chunk, carry]);
			let lineEnd = buf.length;
			while (true) {
				const newline = lineEnd === 0 ? -1 : buf.lastIndexOf(0x0a, lineEnd - 1);
				if (newline === -1 && start > 0) break; // this line may begin in an earlier chunk
				const entry = entryOf(buf.subarray(newline + 1, lineEnd));
				if (entry) return entry;
				if (newline === -1) return undefined;
				lineEnd = newline;
			}
			carry = buf.subarray(0, lineEnd);
			end = start;
		}
		return undefined;
	} finally {
		fs.closeSync(fd);
	}
}

/** The first line of a file (the session header), read without reading the rest. */
export function readFirstLine(file: string): string {
	const fd = fs.openSync(file, "r");
	try {
		const parts: Buffer[] = [];
		for (let at = 0; ; ) {
			const chunk = Buffer.alloc(CHUNK);
			const read = fs.readSync(fd, chunk, 0, CHUNK, at);
			const newline = chunk.subarray(0, read).indexOf(0x0a);
			parts.push(chunk.subarray(0, newline === -1 ? read : newline));
			if (newline !== -1 || read < CHUNK) return Buffer.concat(parts).toString("utf8");
			at += read;
		}
	} finally {
		fs.closeSync(fd);
	}
}
