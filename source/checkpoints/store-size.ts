/**
 * The store's size as last counted (`git count-objects`, which stats every loose object), kept in
 * `<store>/size` with when it was counted, and raised by every snapshot by the bytes it handed git
 * (an upper bound of what it added: objects are compressed). Any arbor process on the project may
 * skip counting again for a minute while that bound stays within its cap; over it, it counts.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const RECOUNT_MS = 60_000;

type Record = { at: number; bytes: number };

const recordFile = (storeDir: string) => path.join(storeDir, "size");

function readRecord(storeDir: string): Record | undefined {
	try {
		const r = JSON.parse(fs.readFileSync(recordFile(storeDir), "utf8")) as Partial<Record>;
		return typeof r.at === "number" && typeof r.bytes === "number" ? { at: r.at, bytes: r.bytes } : undefined;
	} catch {
		return undefined;
	}
}

function writeRecord(storeDir: string, record: Record): void {
	const temp = `${recordFile(storeDir)}.${process.pid}.tmp`;
	fs.writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
	fs.renameSync(temp, recordFile(storeDir));
}

/** Whether a count is due: none within a minute, or the bound since is over `cap`. */
export function countDue(storeDir: string, cap: number, now = Date.now()): boolean {
	const r = readRecord(storeDir);
	return !r || now - r.at >= RECOUNT_MS || now < r.at || r.bytes > cap;
}

/** Records a count just made. */
export function counted(storeDir: string, bytes: number, now = Date.now()): void {
	writeRecord(storeDir, { at: now, bytes });
}

/** Raises the recorded bound by what a snapshot handed git. */
export function added(storeDir: string, bytes: number): void {
	const r = readRecord(storeDir);
	if (r && bytes > 0) writeRecord(storeDir, { at: r.at, bytes: r.bytes + bytes });
}
