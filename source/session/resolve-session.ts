import * as fs from "node:fs";
import * as path from "node:path";
import { projectDirs, sessionDirFor } from "./paths.js";
import { fromHeaders } from "./session-headers.js";
import { lastUsed, sortNewestFirst } from "./last-used.js";
import { SessionError, type SessionHeader } from "./types.js";
import { readWorked } from "./worked.js";

/**
 * Resolve `--session <arg>`: an existing file path, else a session id (or unique prefix) among
 * this project's sessions, then among all projects. Throws SessionError not-found | ambiguous.
 * Ids are read from the files' headers alone: a listing's scan of every file is not needed to
 * find one (issue 41: `-s <prefix>` paid for the whole listing).
 */
export function resolveSession(arg: string, opts: { cwd: string; home: string; sessionDir?: string }): string {
	const candidate = path.resolve(opts.cwd, arg);
	if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	if (arg !== "") {
		const local = pickById([opts.sessionDir ?? sessionDirFor(opts.cwd, opts.home)], arg);
		if (local) return local;
		const anywhere = pickById(projectDirs(opts.home), arg);
		if (anywhere) return anywhere;
	}
	throw new SessionError("not-found", `no session file or id matching "${arg}"`);
}

type IdMatch = { file: string; id: string; header: SessionHeader; dir: string };

/** The sessions of `dirs` whose header id starts with `arg`, from their first lines; unreadable files are passed over. */
function headersMatching(dirs: string[], arg: string): IdMatch[] {
	return dirs.flatMap((dir) => fromHeaders(dir, (file, header) => (header.id.startsWith(arg) ? { file, id: header.id, header, dir } : undefined)));
}

function pickById(dirs: string[], arg: string): string | undefined {
	const matches = headersMatching(dirs, arg);
	const exact = matches.find((s) => s.id === arg);
	if (exact) return exact.file;
	if (matches.length <= 1) return matches[0]?.file;
	const worked = new Map(dirs.map((dir) => [dir, readWorked(dir)]));
	const newest = sortNewestFirst(matches.map((m) => ({ ...m, modified: lastUsed(m.file, m.header, worked.get(m.dir) ?? new Map()) })));
	const shown = newest.slice(0, 5).map((s) => s.id).join(", ");
	throw new SessionError("ambiguous", `session id prefix "${arg}" matches ${matches.length} sessions: ${shown}`);
}

