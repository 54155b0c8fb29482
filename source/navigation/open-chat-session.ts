import { SessionStore } from "../session/store.js";
import { forkSession } from "../session/fork.js";
import { mostRecentSession } from "../session/listing.js";
import { resolveSession } from "../session/resolve-session.js";
import { recordWorked } from "../session/worked.js";
import { sharedDirCwd } from "../session/paths.js";

/** How a chat picks its session (product.md "Session options"). */
type ChatSessionChoice = {
	/** false = --no-session (memory only); a string = -s path or id prefix. */
	session?: string | false;
	continue?: boolean;
	/** --fork: a path or id prefix whose current branch is copied into a new session of this folder. */
	fork?: string;
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
	if (choice.fork !== undefined) return forkToWork(resolveSession(choice.fork, { cwd, home, sessionDir }), choice);
	if (choice.session === false) return SessionStore.create({ cwd, inMemory: true });
	if (typeof choice.session === "string") return openToWork(resolveSession(choice.session, { cwd, home, sessionDir }));
	if (choice.continue) {
		const recent = mostRecentSession(sessionDir, sharedDirCwd(choice));
		if (recent) return openToWork(recent);
	}
	return SessionStore.create({ cwd, sessionDir });
}

/**
 * pi's `--fork`: the source's current branch (root → its leaf, as /clone copies it) in a new
 * session of this folder, its header naming the source; the source is only read.
 */
function forkToWork(source: string, where: { cwd: string; sessionDir: string }): SessionStore {
	const view = SessionStore.open(source).snapshot();
	const store = forkSession({ source: view, sourceFile: source, entryId: view.leafId, sessionDir: where.sessionDir, cwd: where.cwd });
	if (store.file) recordWorked(store.file);
	return store;
}

/** Opens an existing session as its writer and records it as the one last worked in (`-c` finds it). */
function openToWork(file: string): SessionStore {
	const store = SessionStore.open(file, { write: true });
	recordWorked(file);
	return store;
}
