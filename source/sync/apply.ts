/**
 * Puts fetched entries into a local session file, whole or not at all: under the session's writer
 * lock, the file is copied to a temp file beside it, the new lines are appended there, and the
 * temp file is fsynced and renamed over the original (old bytes stay a prefix; a kill at any point
 * leaves the old file or the new one). When the appended lines would move the leaf, a leaf marker
 * under the local leaf is appended last (`arbor.leaf`, data `{leafId, sync: true}`): arbor and pi
 * both take the leaf from it, so each machine keeps the leaf it had.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ensureDir } from "../session/append-file.js";
import { newEntryId } from "../session/ids.js";
import { acquireLock } from "../session/lock.js";
import { LEAF_MARKER_TYPE } from "../session/types.js";
import { leafOfLines, SYNC_MARKER_FLAG } from "./local-file.js";

/** A line to append, with what the leaf needs to know of it. */
type IncomingLine = { id: string; line: Buffer };

type Shape = { id: string; parentId: string | null; leafMarker: boolean };

function shapeOf(l: IncomingLine): Shape {
	try {
		const v = JSON.parse(l.line.toString("utf8")) as { parentId?: unknown; type?: unknown; customType?: unknown };
		return { id: l.id, parentId: typeof v.parentId === "string" ? v.parentId : null, leafMarker: v.type === "custom" && v.customType === LEAF_MARKER_TYPE };
	} catch {
		return { id: l.id, parentId: null, leafMarker: false };
	}
}

/** The marker line that keeps `leafId` the leaf, with an id none of `taken` has. */
function syncMarkerLine(leafId: string, taken: { has(id: string): boolean }): Buffer {
	const entry = { type: "custom", id: newEntryId(taken), parentId: leafId, timestamp: new Date().toISOString(), customType: LEAF_MARKER_TYPE, data: { leafId, [SYNC_MARKER_FLAG]: true } };
	return Buffer.from(JSON.stringify(entry));
}

/** What to write: to an existing file (`localLeaf`: its leaf before) or a new one (`headerLine`). */
type Apply = { file: string; exists: boolean; headerLine: string; lines: readonly IncomingLine[]; localLeaf: string | null; taken: { has(id: string): boolean } };

/** Appends `lines` (and a marker when the leaf would move); returns the file's new size. Throws SessionError "locked" when a writer has it. */
export function applyLines(a: Apply): number {
	ensureDir(path.dirname(a.file));
	const lock = acquireLock(a.file);
	const temp = `${a.file}.sync-${process.pid}.tmp`;
	try {
		removeStaleTemps(a.file);
		const parts: Buffer[] = [];
		if (a.exists) {
			fs.copyFileSync(a.file, temp);
			fs.chmodSync(temp, 0o600);
			if (!endsWithNewline(a.file)) parts.push(Buffer.from("\n"));
		} else parts.push(Buffer.from(`${a.headerLine}\n`));
		for (const l of a.lines) parts.push(l.line, Buffer.from("\n"));
		const after = leafOfLines(a.lines.map(shapeOf));
		if (a.exists && a.localLeaf !== null && after !== a.localLeaf) parts.push(syncMarkerLine(a.localLeaf, a.taken), Buffer.from("\n"));
		const fd = fs.openSync(temp, a.exists ? "a" : "w", 0o600);
		try {
			fs.writeSync(fd, Buffer.concat(parts));
			fs.fsyncSync(fd);
		} finally {
			fs.closeSync(fd);
		}
		testHold();
		fs.renameSync(temp, a.file);
		syncFolder(path.dirname(a.file));
		return fs.statSync(a.file).size;
	} catch (error) {
		fs.rmSync(temp, { force: true });
		throw error;
	} finally {
		lock.release();
	}
}

/** Temp files a killed sync left beside `file` (we hold its lock: no other sync is writing one). */
function removeStaleTemps(file: string): void {
	const dir = path.dirname(file);
	const prefix = `${path.basename(file)}.sync-`;
	for (const name of fs.readdirSync(dir)) if (name.startsWith(prefix) && name.endsWith(".tmp")) fs.rmSync(path.join(dir, name), { force: true });
}

/**
 * TEST ONLY (test/sync/kill-merge-cli.test.ts): with ARBOR_TEST_SYNC_HOLD=<fifo>, the local merge
 * stops right before its rename — it creates `<fifo>.reached` and blocks reading the FIFO — so a
 * test can kill -9 it there deterministically. Unset in every real run; not a setting.
 */
function testHold(): void {
	const hold = process.env.ARBOR_TEST_SYNC_HOLD;
	if (!hold) return;
	fs.writeFileSync(`${hold}.reached`, "");
	fs.readFileSync(hold);
}

function endsWithNewline(file: string): boolean {
	const size = fs.statSync(file).size;
	if (size === 0) return true;
	const fd = fs.openSync(file, "r");
	try {
		const b = Buffer.alloc(1);
		fs.readSync(fd, b, 0, 1, size - 1);
		return b[0] === 0x0a;
	} finally {
		fs.closeSync(fd);
	}
}

function syncFolder(dir: string): void {
	const fd = fs.openSync(dir, "r");
	try {
		fs.fsyncSync(fd);
	} finally {
		fs.closeSync(fd);
	}
}
