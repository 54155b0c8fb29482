import type { SessionTreeView } from "../session/api.js";
import { forkSession } from "../session/fork.js";
import { SessionStore } from "../session/store.js";
import { SessionError } from "../session/types.js";
import type { EventBus } from "../events/bus.js";
import { editorTextOf } from "./navigate.js";

/** Options of {@link forkFromEntry}. */
type ForkFromEntryOptions = {
	view: SessionTreeView;
	/** The source session's file: becomes the new header's `parentSession`. */
	sourceFile?: string;
	/** Last entry copied (root → entryId); null gives an empty session. */
	entryId: string | null;
	sessionDir: string;
	cwd: string;
	bus?: EventBus;
};

/** A new session open for writing (the caller switches to it and closes the old one), or a veto. */
type ForkResult = { status: "forked"; store: SessionStore; file: string | undefined } | { status: "cancelled" };

/** Options of {@link forkBeforeUserMessage}: the chosen user message instead of an entry id. */
type ForkBeforeMessageOptions = Omit<ForkFromEntryOptions, "entryId"> & { messageId: string };

/** The fork plus the chosen message's text, for the editor. */
type ForkBeforeMessageResult = (ForkResult & { status: "forked"; editorText: string }) | { status: "cancelled" };

/**
 * Copies root → `entryId` into a new session file (`arbor fork`), firing `session_before_fork`
 * (a handler may cancel: nothing is written) and `session_fork`. The new file is written and
 * fsynced at once, even when `entryId` is null (an empty session with only its header).
 */
export async function forkFromEntry(opts: ForkFromEntryOptions): Promise<ForkResult> {
	const { view, sourceFile, entryId } = opts;
	if (entryId !== null && !view.getEntry(entryId)) throw new SessionError("unknown-id", `no entry with id "${entryId}"`);
	const hook = (await opts.bus?.emit("session_before_fork", { sourceFile, entryId })) ?? {};
	if (hook.cancel) return { status: "cancelled" };
	const store = forkSession({ source: view, sourceFile, entryId, sessionDir: opts.sessionDir, cwd: opts.cwd });
	await announce(opts.bus, store, { sourceFile, newFile: store.file, entryId });
	return { status: "forked", store, file: store.file };
}

/**
 * The UI's /fork: a new session holding root → the parent of the chosen user (or custom) message,
 * with that message's text returned for the editor. When the message is a root the new session
 * is empty and lazy, like a new chat (nothing on disk until its first reply), with `parentSession`
 * set. Throws SessionError unknown-id / invalid for an id that is not a user message.
 */
export async function forkBeforeUserMessage(opts: ForkBeforeMessageOptions): Promise<ForkBeforeMessageResult> {
	const { view, sourceFile, messageId } = opts;
	const message = view.getEntry(messageId);
	if (!message) throw new SessionError("unknown-id", `no entry with id "${messageId}"`);
	const editorText = editorTextOf(message);
	if (editorText === undefined) throw new SessionError("invalid", `entry "${messageId}" is not a user message`);
	const entryId = message.parentId;
	if (entryId !== null) {
		const forked = await forkFromEntry({ ...opts, entryId });
		return forked.status === "forked" ? { ...forked, editorText } : forked;
	}
	const hook = (await opts.bus?.emit("session_before_fork", { sourceFile, entryId })) ?? {};
	if (hook.cancel) return { status: "cancelled" };
	const store = SessionStore.create({ cwd: opts.cwd, sessionDir: opts.sessionDir, parentSession: sourceFile });
	await announce(opts.bus, store, { sourceFile, newFile: store.file, entryId });
	return { status: "forked", store, file: store.file, editorText };
}

/** Fires session_fork; if a handler throws, the new store is closed (lock released) before rethrowing. */
async function announce(
	bus: EventBus | undefined,
	store: SessionStore,
	event: { sourceFile?: string; newFile?: string; entryId: string | null },
): Promise<void> {
	try {
		await bus?.emit("session_fork", event);
	} catch (error) {
		store.close();
		throw error;
	}
}
