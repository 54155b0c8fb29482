/**
 * Writing a restore's files into the working tree: each file or link through a temp name in its
 * folder and a rename, removals with the folders they leave empty (store.ts's restore decides what).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { lstatOrNull } from "./snapshot-files.js";

/** Removes a file or link, then the folders it leaves empty (never the cwd itself). */
export function removeFile(root: string, rel: string): void {
	const full = path.join(root, rel);
	const stat = lstatOrNull(full);
	if (stat && !stat.isDirectory()) fs.unlinkSync(full);
	for (let dir = path.dirname(full); dir.startsWith(`${root}${path.sep}`); dir = path.dirname(dir)) {
		try {
			fs.rmdirSync(dir);
		} catch {
			break;
		}
	}
}

export function removedEmptyDir(dir: string): boolean {
	try {
		fs.rmdirSync(dir);
		return true;
	} catch {
		return false;
	}
}

/**
 * Writes one file or symlink through a temp name in the same folder and a rename; a file gets
 * `perm` (its recorded mode) or git's 644/755, from its creation on (never readable by others first).
 */
export function writeEntry(full: string, mode: string, content: Buffer, perm?: number): void {
	const dir = path.dirname(full);
	fs.mkdirSync(dir, { recursive: true });
	const temp = path.join(dir, `.${path.basename(full)}.arbor-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
	try {
		if (mode === "120000") fs.symlinkSync(content.toString("utf8"), temp);
		else {
			const bits = perm ?? (mode === "100755" ? 0o755 : 0o644);
			fs.writeFileSync(temp, content, { mode: bits & 0o600 });
			fs.chmodSync(temp, bits);
		}
		fs.renameSync(temp, full);
	} catch (error) {
		fs.rmSync(temp, { force: true });
		throw error;
	}
}
