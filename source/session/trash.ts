import * as fs from "node:fs";
import * as path from "node:path";
import { acquireLock } from "./lock.js";
import { errnoCode } from "../text/error-text.js";

/**
 * Moves a session file into `<home>/trash/` — arbor never deletes a session for good. Takes the
 * writer lock first, so a session open in another arbor is refused (SessionError "locked"). A name
 * already in the trash gets a numbered suffix. Returns the file's new path.
 */
export function trashSession(file: string, home: string): string {
	const lock = acquireLock(file);
	try {
		const dir = path.join(home, "trash");
		fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
		const base = path.basename(file, ".jsonl");
		let target = path.join(dir, `${base}.jsonl`);
		for (let n = 1; fs.existsSync(target); n++) target = path.join(dir, `${base}.${n}.jsonl`);
		try {
			fs.renameSync(file, target);
		} catch (error) {
			if (errnoCode(error) !== "EXDEV") throw error;
			// Another file system (a --session-dir elsewhere): copy, then remove the original.
			fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
			fs.rmSync(file);
		}
		return target;
	} finally {
		lock.release();
	}
}
