/**
 * Checks made before print mode spends tokens: a reply that cannot be saved is a configuration
 * error (exit 2) found before the model is called, not a lost answer after it.
 */
import { accessSync, constants, statSync } from "node:fs";
import { dirname } from "node:path";
import { usageError } from "../config/errors.js";
import { causeOf } from "../session/io-errors.js";
import { errnoCode } from "../text/error-text.js";

/** What the check needs to know about the session it will write. */
type PendingSession = { file?: string; persisted: boolean };

/**
 * A new session's file is created lazily (at the first assistant message), so its folder is checked
 * now: the nearest existing ancestor must be a folder arbor may write in. An open session was
 * already opened for appending; a memory session writes nothing.
 */
export function checkSessionWritable(session: PendingSession): void {
	if (session.file === undefined || session.persisted) return;
	const folder = dirname(session.file);
	let dir = folder;
	for (;;) {
		const problem = folderProblem(dir);
		if (problem === "missing" && dirname(dir) !== dir) {
			dir = dirname(dir);
			continue;
		}
		if (problem === undefined) return;
		const why = problem === "missing" ? "no such folder" : problem;
		throw usageError(`cannot write the session in ${folder}: ${why} (use --session-dir <dir> or --no-session)`);
	}
}

function folderProblem(dir: string): string | undefined | "missing" {
	try {
		if (!statSync(dir).isDirectory()) return `${dir} is not a folder`;
		accessSync(dir, constants.W_OK | constants.X_OK);
		return undefined;
	} catch (error) {
		const code = errnoCode(error);
		// ENOTDIR: a file further up; walking up names it.
		if (code === "ENOENT" || code === "ENOTDIR") return "missing";
		return `${dir}: ${code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EROFS" ? "read-only file system" : causeOf(error)}`;
	}
}
