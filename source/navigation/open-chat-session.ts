import { SessionStore, mostRecentSession, recordWorked, resolveSession } from "../session/index.js";

/** How a chat picks its session (product.md "Session options"). */
export type ChatSessionChoice = {
	/** false = --no-session (memory only); a string = -s path or id prefix. */
	session?: string | false;
	continue?: boolean;
	cwd: string;
	home: string;
	sessionDir: string;
};

/**
 * Opens the session a chat writes to: `-s` an existing one, `-c` the most recent one of this
 * directory (a new one when there is none), `--no-session` one in memory, otherwise a new lazy one.
 */
export function openChatSession(choice: ChatSessionChoice): SessionStore {
	const { cwd, home, sessionDir } = choice;
	if (choice.session === false) return SessionStore.create({ cwd, inMemory: true });
	if (typeof choice.session === "string") return openToWork(resolveSession(choice.session, { cwd, home, sessionDir }));
	if (choice.continue) {
		const recent = mostRecentSession(sessionDir);
		if (recent) return openToWork(recent);
	}
	return SessionStore.create({ cwd, sessionDir });
}

/** Opens an existing session as its writer and records it as the one last worked in (`-c` finds it). */
function openToWork(file: string): SessionStore {
	const store = SessionStore.open(file, { write: true });
	recordWorked(file);
	return store;
}
