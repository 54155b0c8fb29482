import { SessionError } from "./types.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

const CAUSES: Record<string, string> = {
	EACCES: "permission denied",
	EPERM: "operation not permitted (read-only or immutable file or folder)",
	EROFS: "read-only file system",
	ENOSPC: "no space left on device",
	EDQUOT: "disk quota exceeded",
	EISDIR: "is a directory",
	ENOTDIR: "a part of the path is not a folder",
	EEXIST: "already exists",
	EMFILE: "too many open files",
	EIO: "input/output error",
	ENAMETOOLONG: "name too long",
	ENOENT: "no such file or directory",
};

/** "read-only file system (EROFS)": the cause of an fs error in words, without the temp file it named. */
export function causeOf(error: unknown): string {
	const code = errnoCode(error);
	if (code === undefined) return errorMessage(error);
	return `${CAUSES[code] ?? code.toLowerCase()} (${code})`;
}

/**
 * An fs failure while writing a session (its lock, a migration, an append) as one SessionError that
 * names the session file, what arbor was doing and the cause — exit 2, never a raw errno. Anything
 * that is not an fs error (a SessionError, a bug) passes through unchanged.
 */
export function writeFailure(file: string, doing: string, error: unknown, where?: string): unknown {
	if (error instanceof SessionError || errnoCode(error) === undefined) return error;
	const at = where ? ` (${where})` : "";
	return new SessionError("unwritable", `cannot ${doing} session ${file}: ${causeOf(error)}${at}`);
}
