import type { EventBus } from "../../events/bus.js";
import { forkBeforeUserMessage, forkFromEntry } from "../../navigation/fork.js";
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";
import type { Status } from "../chat/app-reducer.js";
import type { SwitchStore } from "../chat/use-session-switch.js";
import { errorMessage } from "../../text/error-text.js";

/**
 * The file a fork should name as its parent: only one that exists. A new session is lazy (no file
 * until its first reply), and a header must not point at a file that may never be written.
 */
export function persistedFile(store: SessionStoreApi): string | undefined {
	// SessionStore has `persisted`; the shared SessionStoreApi does not declare it (yet).
	const persisted = (store as { persisted?: boolean }).persisted;
	return persisted === false ? undefined : store.file;
}

/** What /fork and /clone both need: the session, where new files go, the extension bus, the switch. */
type ForkContext = {
	store: SessionStoreApi;
	view: SessionTreeView;
	where: { sessionDir: string; cwd: string };
	bus: EventBus;
	switchStore: SwitchStore;
};

/**
 * /fork after the picker: a new session holding root → parent of the chosen user message; the
 * app switches to it (closing the old store) with the message's text in the editor.
 */
export async function forkAtMessage(opts: ForkContext & { messageId: string; closeWith(status: Status): void }): Promise<void> {
	try {
		const result = await forkBeforeUserMessage({
			view: opts.view,
			sourceFile: persistedFile(opts.store),
			messageId: opts.messageId,
			sessionDir: opts.where.sessionDir,
			cwd: opts.where.cwd,
			bus: opts.bus,
		});
		if (result.status === "cancelled") return opts.closeWith({ text: "Fork cancelled by an extension", kind: "info" });
		// Where the new file is, as /clone says; a fork of a root message is written at its first reply.
		const file = persistedFile(result.store);
		opts.switchStore(result.store, file ? `Forked into ${file}` : "Forked into a new session (saved at its first reply)", result.editorText);
	} catch (error) {
		opts.closeWith({ text: errorMessage(error), kind: "error" });
	}
}

/**
 * /clone: a new session holding the whole current branch (root → leaf, the leaf included); the
 * app switches to it with an empty editor. (/fork steps back to before a user message instead.)
 */
export async function cloneBranch(opts: ForkContext & { report(status: Status): void }): Promise<void> {
	if (opts.view.leafId === null) return opts.report({ text: "Nothing to clone: the session is empty", kind: "error" });
	try {
		const result = await forkFromEntry({
			view: opts.view,
			sourceFile: persistedFile(opts.store),
			entryId: opts.view.leafId,
			sessionDir: opts.where.sessionDir,
			cwd: opts.where.cwd,
			bus: opts.bus,
		});
		if (result.status === "cancelled") return opts.report({ text: "Clone cancelled by an extension", kind: "info" });
		opts.switchStore(result.store, `Cloned this branch into ${result.file ?? "a new session"}`);
	} catch (error) {
		opts.report({ text: errorMessage(error), kind: "error" });
	}
}
