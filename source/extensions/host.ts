import { EVENT_NAMES, EventBus, type EventMap } from "../navigation/events.js";
import type { SessionStoreApi } from "../session/api.js";
import type { NewEntry } from "../session/types.js";
import { sessionView } from "./context.js";
import { importExtension, reasonOf } from "./load.js";
import type { CommandOptions, CompleteOptions, EventName, ExtensionAPI, ExtensionContext, ExtensionHandler } from "./types.js";

/** What the mode running the extensions provides. */
export type HostOptions = {
	cwd: string;
	mode: ExtensionContext["mode"];
	/** One `arbor: warning: …` line (stderr before/without the UI, the status line in it). */
	warn(line: string): void;
	/** ctx.ui.notify outside the UI (print mode, subcommands). */
	notify(text: string): void;
	complete(options: CompleteOptions): Promise<string>;
};

/** A slash command an extension registered, for the UI's completion list. */
export type ExtensionCommand = { name: string; description: string };

type Registration = { handlers: [EventName, ExtensionHandler<EventName>][]; commands: [string, CommandOptions][] };

const NEVER = new AbortController().signal;

/**
 * The loaded extensions of one run: their handlers on one EventBus (each wrapped so that a throw
 * is a warning and counts as "no result"), their commands, and the session they write to.
 */
export class ExtensionHost {
	readonly bus = new EventBus();
	/** Paths that loaded, in load order. */
	readonly loaded: string[] = [];
	private readonly commandMap = new Map<string, CommandOptions & { path: string }>();
	private store: SessionStoreApi | undefined;
	private turnRunning = false;
	/** True while session_shutdown handlers run: the session is read-only then. */
	private shuttingDown = false;
	private pending: NewEntry[] = [];
	private sinks: { warn(line: string): void; notify(text: string): void };

	constructor(private readonly opts: HostOptions) {
		this.sinks = { warn: opts.warn, notify: opts.notify };
	}

	/** Loads each path in order; a failure is one warning and the others still load. */
	async load(paths: readonly string[]): Promise<void> {
		for (const path of paths) {
			const loaded = await importExtension(path);
			if (!loaded.ok) {
				this.warn(`extension ${path}: ${loaded.reason}`);
				continue;
			}
			const registration: Registration = { handlers: [], commands: [] };
			try {
				await loaded.factory(this.api(path, registration));
			} catch (error) {
				this.warn(`extension ${path}: threw while loading: ${reasonOf(error)}`);
				continue;
			}
			for (const [name, handler] of registration.handlers) this.subscribe(path, name, handler);
			for (const [name, command] of registration.commands) if (!this.commandMap.has(name)) this.commandMap.set(name, { ...command, path });
			this.loaded.push(path);
		}
	}

	private api(path: string, registration: Registration): ExtensionAPI {
		return {
			path,
			on: (event, handler) => {
				if (!EVENT_NAMES.includes(event)) throw new Error(`unknown event "${String(event)}"`);
				registration.handlers.push([event, handler as unknown as ExtensionHandler<EventName>]);
			},
			appendEntry: (customType, data) => this.append({ type: "custom", customType, ...(data !== undefined ? { data } : {}) }),
			sendMessage: (m) =>
				this.append({ type: "custom_message", customType: m.customType, content: m.content, display: m.display === true, ...(m.details !== undefined ? { details: m.details } : {}) }),
			registerCommand: (name, options) => {
				if (!/^[A-Za-z][\w-]*$/.test(name)) throw new Error(`invalid command name "${name}"`);
				registration.commands.push([name, options]);
			},
			complete: (options) => this.opts.complete(options),
		};
	}

	private subscribe(path: string, name: EventName, handler: ExtensionHandler<EventName>): void {
		this.bus.on(name, async (event: EventMap[EventName][0]) => {
			const signal = (event as { signal?: AbortSignal }).signal;
			try {
				return await handler(event, this.context(signal));
			} catch (error) {
				// A handler stopped by the user's own Esc/Ctrl+C (e.g. inside complete()) is no fault.
				if (!signal?.aborted) this.warn(`extension ${path}: ${name} handler failed: ${reasonOf(error)}`);
				return undefined;
			}
		});
	}

	/** The ctx handed to handlers and commands. */
	context(signal?: AbortSignal): ExtensionContext {
		const store = this.store;
		return {
			get session() {
				if (!store) throw new Error("no session is open");
				return sessionView(store);
			},
			cwd: this.opts.cwd,
			signal: signal ?? NEVER,
			mode: this.opts.mode,
			ui: { notify: (text) => this.sinks.notify(String(text)) },
		};
	}

	private warn(line: string): void {
		this.sinks.warn(line);
	}

	private append(entry: NewEntry): void {
		if (!this.store) throw new Error("no session is open");
		// The UI has closed the session by then and a signal may be ending the run: read-only, in every mode.
		if (this.shuttingDown) throw new Error("the session cannot be written in session_shutdown (write at turn_end)");
		if (this.turnRunning) {
			this.pending.push(entry);
			return;
		}
		this.store.append(entry);
		this.store.sync();
	}

	/** The session appendEntry/sendMessage write to and ctx.session shows. */
	setStore(store: SessionStoreApi): void {
		this.store = store;
	}

	/** Sets the session and fires session_start. */
	async start(store: SessionStoreApi, reason: "startup" | "switch" = "startup"): Promise<void> {
		this.setStore(store);
		await this.bus.emit("session_start", { reason, sessionId: store.id, sessionFile: store.file });
	}

	/** Fires session_shutdown for the current session. */
	async shutdown(): Promise<void> {
		if (!this.store) return;
		this.shuttingDown = true;
		try {
			await this.bus.emit("session_shutdown", { sessionId: this.store.id, sessionFile: this.store.file });
		} finally {
			this.shuttingDown = false;
		}
	}

	/**
	 * Runs one chat turn between turn_start and turn_end. Entries extensions add while the turn
	 * runs are appended after it, so they never split the turn's own entries.
	 */
	async turn<R extends { ok: boolean; text: string; error?: string }>(
		t: { store: SessionStoreApi; prompt: unknown; signal?: AbortSignal },
		run: () => Promise<R>,
	): Promise<R> {
		this.setStore(t.store);
		const prompt = typeof t.prompt === "string" ? t.prompt : JSON.stringify(t.prompt);
		await this.bus.emit("turn_start", { prompt, signal: t.signal });
		const count = t.store.snapshot().entries.length;
		this.turnRunning = true;
		let result: R;
		try {
			result = await run();
		} finally {
			this.turnRunning = false;
		}
		const entries = t.store.snapshot().entries.slice(count);
		for (const entry of this.pending.splice(0)) this.append(entry);
		await this.bus.emit("turn_end", { prompt, entries, ok: result.ok, text: result.text, ...(result.error ? { error: result.error } : {}) });
		return result;
	}

	/** Slash commands registered by extensions (the first registration of a name wins). */
	commands(): ExtensionCommand[] {
		return [...this.commandMap].map(([name, c]) => ({ name, description: c.description }));
	}

	/** Runs an extension command; false when no extension has it. A throw is a warning. */
	async runCommand(name: string, args: string): Promise<boolean> {
		const command = this.commandMap.get(name);
		if (!command) return false;
		try {
			await command.handler(args, this.context());
		} catch (error) {
			this.warn(`extension ${command.path}: /${name} failed: ${reasonOf(error)}`);
		}
		return true;
	}

	/** The UI routes notify and warnings to its status line while it runs; returns the undo. */
	attachUi(sinks: { warn(line: string): void; notify(text: string): void }): () => void {
		const previous = this.sinks;
		this.sinks = sinks;
		return () => {
			this.sinks = previous;
		};
	}
}
