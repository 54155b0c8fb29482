import { SessionStore, mostRecentSession, resolveSession } from "../session/index.js";
import { SessionError } from "../session/types.js";
import type { Place } from "./options.js";

/** A session argument (path or id prefix) or, when omitted, this directory's most recent session. */
export function sessionFile(arg: string | undefined, where: Place): string {
	if (arg) return resolveSession(arg, where);
	const recent = mostRecentSession(where.sessionDir);
	if (!recent) throw new SessionError("not-found", `no sessions in ${where.sessionDir}`);
	return recent;
}

/** Opens a session read-only (v1/v2 files migrate in memory; nothing is written). */
export function openForRead(arg: string | undefined, where: Place): SessionStore {
	return SessionStore.open(sessionFile(arg, where));
}

/** Opens a session for writing: takes the lock, migrates old versions on disk (atomic, with .bak). */
export function openForWrite(arg: string | undefined, where: Place): SessionStore {
	return SessionStore.open(sessionFile(arg, where), { write: true });
}
