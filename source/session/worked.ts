import * as fs from "node:fs";
import * as path from "node:path";
import { asRecord } from "./entry-guards.js";

/**
 * The "last worked" record of a session folder: `.arbor-worked.json` beside the session files,
 * `{"<session file name>": "<ISO time>"}`, written when arbor opens a session to work in it (`-c`,
 * `-s`, `/resume`, `/fork`, `/clone`, a search hit). It marks a switch that writes no entry;
 * appends are dated by their own entries. pi lists only `*.jsonl`, so it never sees this file.
 */
export const WORKED_FILE = ".arbor-worked.json";

/** The recorded times of one folder, by session file name; empty when there is no readable record. */
export function readWorked(dir: string): Map<string, Date> {
	const out = new Map<string, Date>();
	let record: Record<string, unknown> | undefined;
	try {
		record = asRecord(JSON.parse(fs.readFileSync(path.join(dir, WORKED_FILE), "utf8")));
	} catch {
		return out; // missing or damaged: the record is a hint, the entries' own times still order the list
	}
	for (const [name, value] of Object.entries(record ?? {})) {
		const time = typeof value === "string" ? new Date(value) : undefined;
		if (time && !Number.isNaN(time.getTime())) out.set(name, time);
	}
	return out;
}

/**
 * Records that `file` was opened to work in, now. Written beside it (temp file + rename); names
 * of files that no longer exist are dropped. Never throws: a read-only folder only loses the hint.
 */
export function recordWorked(file: string, now: Date = new Date()): void {
	if (!fs.existsSync(file)) return;
	const dir = path.dirname(file);
	const times = readWorked(dir);
	times.set(path.basename(file), now);
	const record: Record<string, string> = {};
	for (const [name, time] of times) {
		if (fs.existsSync(path.join(dir, name))) record[name] = time.toISOString();
	}
	const temp = path.join(dir, `${WORKED_FILE}.${process.pid}.tmp`);
	try {
		fs.writeFileSync(temp, `${JSON.stringify(record)}\n`, { mode: 0o600 });
		fs.renameSync(temp, path.join(dir, WORKED_FILE));
	} catch {
		try {
			fs.rmSync(temp, { force: true });
		} catch {
			// nothing was written, or it cannot be removed either: the record stays as it was
		}
	}
}
