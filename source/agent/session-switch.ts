/**
 * The session verbs of AgentSession (agent-session.ts) that make another session the live one:
 * pi's fork and clone (through navigation/fork.ts), a fresh session and a switch to a stored one.
 * Each makes the new store and hands it to {@link SwitchHost.replace}, which AgentSession owns: it
 * closes the old session, starts the extensions on the new one and emits session_changed.
 */
import type { ExtensionHost } from "../extensions/setup.js";
import { openChatSession } from "../navigation/open-chat-session.js";
import { resolveSession } from "../session/resolve-session.js";
import { SessionStore } from "../session/store.js";
import type { AgentEvent } from "./events.js";
import type { AgentOpenOptions } from "./types.js";

/** Why the live session changed (session_changed's reason). */
export type SwitchReason = Extract<AgentEvent, { type: "session_changed" }>["reason"];

/** What the session verbs read from their session, and how they replace it. */
type SwitchHost = {
	store(): SessionStore;
	/** Throws AgentError "busy" while a run or an operation goes. */
	idle(): void;
	/** Makes `store` the live session. */
	replace(store: SessionStore, reason: SwitchReason): Promise<void>;
	deps: { opts: AgentOpenOptions; ext: ExtensionHost };
};

export class SessionSwitch {
	constructor(private readonly host: SwitchHost) {}

	/** See AgentSession.fork. */
	async fork(entryId: string): Promise<{ cancelled: boolean; text: string }> {
		this.host.idle();
		const { forkBeforeUserMessage } = await import("../navigation/fork.js");
		const result = await forkBeforeUserMessage({ ...this.forkPlace(), messageId: this.host.store().snapshot().resolveId(entryId) });
		if (result.status === "cancelled") return { cancelled: true, text: "" };
		await this.host.replace(result.store, "fork");
		return { cancelled: false, text: result.editorText };
	}

	/** See AgentSession.clone. */
	async clone(): Promise<{ cancelled: boolean }> {
		this.host.idle();
		const { forkFromEntry } = await import("../navigation/fork.js");
		const result = await forkFromEntry({ ...this.forkPlace(), entryId: this.host.store().snapshot().leafId });
		if (result.status === "cancelled") return { cancelled: true };
		await this.host.replace(result.store, "clone");
		return { cancelled: false };
	}

	/** See AgentSession.newSession. */
	async newSession(parentSession?: string): Promise<{ cancelled: boolean }> {
		this.host.idle();
		const { opts } = this.host.deps;
		const { cwd, sessionDir } = opts;
		const store = opts.session === false ? SessionStore.create({ cwd, inMemory: true }) : SessionStore.create({ cwd, sessionDir, ...(parentSession ? { parentSession } : {}) });
		await this.host.replace(store, "new");
		return { cancelled: false };
	}

	/** See AgentSession.switchSession. */
	async switchSession(pathOrId: string): Promise<{ cancelled: boolean }> {
		this.host.idle();
		const { cwd, home, sessionDir } = this.host.deps.opts;
		const file = resolveSession(pathOrId, { cwd, home, sessionDir });
		if (file === this.host.store().file) return { cancelled: false };
		await this.host.replace(openChatSession({ cwd, home, sessionDir, session: file }), "switch");
		return { cancelled: false };
	}

	private forkPlace() {
		const { cwd, sessionDir } = this.host.deps.opts;
		const store = this.host.store();
		// A new session has no file until its first entry: a header must not name a file that may never be written.
		return { view: store.snapshot(), sourceFile: store.persisted ? store.file : undefined, sessionDir, cwd, bus: this.host.deps.ext.bus };
	}
}
