/**
 * The sessions `arbor mcp serve` exposes: this project's session folder, or with `--all` every
 * session under `$ARBOR_HOME/sessions`. A tool's `session` argument is matched against these files
 * only (an id prefix, a file name or the file's path), so no request reaches a file outside them.
 */
import { basename, resolve } from "node:path";
import { listSessions, type SessionInfo } from "../session/listing.js";
import { readHeader } from "../session/parse.js";
import { projectDirs, sessionFiles } from "../session/paths.js";
import { allSessionFiles } from "../search/search.js";
import { errnoCode } from "../text/error-text.js";
import type { Place } from "../config/options.js";
import { must } from "../text/must.js";

/** A request's mistake (an unknown or ambiguous session): the tool's error text. */
export class ScopeError extends Error {}

export type Scope = {
	place: Place;
	all: boolean;
	/** Every exposed session file, sorted. */
	files(): string[];
	/** The sessions, the one last worked in first (as `arbor sessions`). */
	list(): SessionInfo[];
	/** The one exposed file `arg` names; throws ScopeError when none or several do. */
	resolve(arg: string): string;
};

function headerId(file: string): string | undefined {
	try {
		return readHeader(file)?.id;
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return undefined; // unreadable: not a session this server can name
	}
}

/** The exposed files `arg` names: its exact path or file name, else every session whose id starts with it. */
function matches(files: readonly string[], arg: string): string[] {
	const wanted = arg.trim();
	if (wanted === "") return [];
	const exact = files.filter((f) => f === resolve(wanted) || basename(f) === wanted);
	if (exact.length > 0) return exact;
	const byId = files.filter((f) => headerId(f)?.startsWith(wanted));
	return byId.length > 0 ? byId : files.filter((f) => basename(f).startsWith(wanted));
}

/** The scope of a run: `all` for every project's sessions, else `place.sessionDir`'s. */
export function scopeOf(place: Place, all: boolean): Scope {
	const files = () => (all ? allSessionFiles(place.home) : sessionFiles(place.sessionDir));
	const dirs = () => (all ? [resolve(place.home, "sessions"), ...projectDirs(place.home)] : [place.sessionDir]);
	return {
		place,
		all,
		files,
		list: () => dirs().flatMap((dir) => listSessions(dir)).sort((a, b) => b.modified.getTime() - a.modified.getTime()),
		resolve(arg) {
			const found = matches(files(), arg);
			const where = all ? "any project" : "this project";
			if (found.length === 0) throw new ScopeError(`no session of ${where} matches "${arg}" (list_sessions lists them)`);
			if (found.length > 1) throw new ScopeError(`"${arg}" matches ${found.length} sessions: give more of the id`);
			return must(found[0], "the one matching session");
		},
	};
}
