import { SessionStore } from "../session/store.js";
import { mostRecentSession } from "../session/listing.js";
import { resolveSession } from "../session/resolve-session.js";
import { sharedDirCwd } from "../session/paths.js";
import { SessionError } from "../session/types.js";
import type { SessionTreeView } from "../session/api.js";
import { usageError } from "../config/errors.js";
import type { CommonOptions, Place } from "../config/options.js";
import { counted } from "../text/count.js";

/**
 * The session of a subcommand whose session argument is optional: the argument or `-s`, never both;
 * `-c` (the most recent session, the default) with neither.
 */
export function sessionChoice(arg: string | undefined, opts: CommonOptions): string | undefined {
	const flag = typeof opts.session === "string" ? opts.session : undefined;
	if (arg !== undefined && flag !== undefined) throw usageError("give the session once: as the argument or with -s/--session");
	if (opts.continue && (arg ?? flag) !== undefined) throw usageError("-c/--continue (the most recent session) conflicts with a named session");
	return arg ?? flag;
}

/** A session argument (path or id prefix) or, when omitted, this directory's most recent session. */
export function sessionFile(arg: string | undefined, where: Place): string {
	if (arg) return resolveSession(arg, where);
	// A read-only command shows this folder's newest session of a shared dir, else the dir's newest.
	const shared = sharedDirCwd(where);
	const recent = (shared === undefined ? undefined : mostRecentSession(where.sessionDir, shared)) ?? mostRecentSession(where.sessionDir);
	if (!recent) throw new SessionError("not-found", `no sessions in ${where.sessionDir}`);
	return recent;
}

/** Opens a session read-only (v1/v2 files migrate in memory; nothing is written). */
export function openForRead(arg: string | undefined, where: Place): SessionStore {
	return reported(SessionStore.open(sessionFile(arg, where)));
}

/** Opens a session for writing: takes the lock, migrates old versions on disk (atomic, with .bak). */
export function openForWrite(arg: string | undefined, where: Place): SessionStore {
	return reported(SessionStore.open(sessionFile(arg, where), { write: true }));
}

/**
 * A restore writes its safety checkpoint into the session, so it needs the writer lock; while a chat
 * holds it, the refusal says how to restore from that chat.
 */
export function openForRestore(arg: string, where: Place): SessionStore {
	try {
		return openForWrite(arg, where);
	} catch (error) {
		if (!(error instanceof SessionError) || error.code !== "locked") throw error;
		throw new SessionError("locked", `${error.message}; to restore files while it is open there, type /restore <entry id> in it (or select the entry in its /tree, then Restore files; --dry-run works here meanwhile)`);
	}
}

/**
 * What the store worked around in a damaged file goes to stderr (stdout stays clean for scripts):
 * the first few problems with their line numbers, then a count.
 */
export function reported<T extends SessionStore>(store: T, stderr: NodeJS.WritableStream = process.stderr): T {
	reportWarnings(store.snapshot(), stderr);
	return store;
}

/** {@link reported} for a view opened without a store (`arbor tree`). */
export function reportWarnings(view: Pick<SessionTreeView, "file" | "warnings">, stderr: NodeJS.WritableStream = process.stderr): void {
	const warnings = view.warnings;
	for (const w of warnings.slice(0, 5)) stderr.write(`arbor: warning: ${view.file ?? "session"}: ${w.message}\n`);
	if (warnings.length > 5) stderr.write(`arbor: warning: ${counted(warnings.length - 5, "more problem")} in ${view.file}\n`);
}
