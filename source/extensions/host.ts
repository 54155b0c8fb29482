// Over 200 lines: one class; every hook's call, time limit and checked result go through its state.
import { CliError } from "../config/errors.js";
import { signalExitCode } from "../config/signals.js";
import { EVENT_NAMES, EventBus, type EventMap } from "../events/bus.js";
import type { SessionStoreApi } from "../session/api.js";
import type { ContextMessage, NewEntry } from "../session/types.js";
import { handlerContext } from "./context.js";
import { importExtension, reasonOf, safeText } from "./load.js";
import type { CommandOptions, EventName, ExtensionAPI, ExtensionContext, ExtensionHandler, ShortcutOptions } from "./types.js";
import type * as Values from "./values.js";
import type { DialogCounter } from "./dialogs.js";
import { promptText, withPromptText } from "./prompt-text.js";
import { beforeAgentStart, entryMessages, lastReply, piSendMessage, watchSessionName } from "./pi-run.js";
import { runExec } from "./exec.js";
import { afterToolCall, beforeToolCall, requestMessages, type ToolCallAsk, type ToolResultAsk } from "./request-hooks.js";
import { checkTool, ToolRegistry, type ExtensionToolInfo, type ExtensionToolOutput } from "./tools.js";
import { seconds, settle, type Waited } from "./wait.js";
import { ActiveTools, PI_ONLY_EVENTS, piCalls, type ExtensionFlag } from "./pi-api.js";
import { pathThinkingLevel } from "../llm/thinking.js";

export type { ExtensionCommand, ExtensionShortcut, HostOptions, PromptSink, StatusSink, UiSinks, WidgetSink } from "./host-types.js";
import type { ExtensionCommand, ExtensionShortcut, HostOptions, Registration, UiSinks } from "./host-types.js";

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
	private readonly toolRegistry = new ToolRegistry({
		wait: (start, signal) => this.wait(start, signal),
		warn: (line) => this.warn(line),
		context: (signal) => this.context(signal),
		unanswered: (status) => this.unansweredText(status, "finish"),
	});
	private readonly shortcutList: ExtensionShortcut[] = [];
	private store: SessionStoreApi | undefined;
	private turnRunning = false;
	/** True while session_shutdown handlers run: the session is read-only then. */
	private shuttingDown = false;
	private pending: NewEntry[] = [];
	/** sendMessage(…, {deliverAs: "nextTurn"}): stored after the next prompt's message, sent with it. */
	private nextTurn: NewEntry[] = [];
	private watchName: (() => void) | undefined;
	private sinks: UiSinks;
	/** Dialogs open now: the time limit of the handler waiting on one stands still (see wait). */
	private readonly dialogsOpen: DialogCounter = { open: 0 };
	/** The checks of values extensions hand over (zod): loaded with the first extension. */
	private values: typeof Values | undefined;
	/** Takes the loaded extensions' handlers off the bus (see reload). */
	private readonly unsubscribe: (() => void)[] = [];
	private readonly reloadListeners = new Set<() => void>();
	/** pi's registerFlag and setActiveTools: the loaded extensions' flags, the tools the model is offered. */
	readonly flags: ExtensionFlag[] = [];
	readonly activeTools = new ActiveTools();
	private readonly early = { status: new Map<string, string | undefined>(), widget: new Map<string, string[] | undefined>() };

	constructor(private readonly opts: HostOptions) {
		// Status parts and widgets set before the UI attaches (session_start) are shown when it does (attachUi).
		this.sinks = { warn: opts.warn, notify: opts.notify, status: (k, t) => this.early.status.set(k, t), widget: (k, l) => this.early.widget.set(k, l) };
	}

	/** Waits on extension code within the time limit; Ctrl+C ends the wait outside the UI. */
	private wait<T>(start: () => T | PromiseLike<T>, signal?: AbortSignal): Promise<Waited<T>> {
		return settle(start, { limitMs: this.limitMs, signal, interruptible: this.opts.mode !== "interactive", paused: () => this.dialogsOpen.open > 0 });
	}

	private get limitMs(): number {
		return this.opts.timeoutMs ?? 60_000;
	}

	/**
	 * The warning for a wait that ended without an answer (undefined: aborted by the user, no fault).
	 * Ctrl+C that nothing else in arbor handles ends the run here: a CliError with 128 + the signal.
	 */
	private unanswered(status: Exclude<Waited<unknown>, { status: "done" | "threw" }>, verb: "load" | "finish"): string | undefined {
		if (status.status === "interrupted") throw new CliError(`interrupted while an extension was running`, signalExitCode(status.signal));
		return this.unansweredText(status.status, verb);
	}

	private unansweredText(status: "timeout" | "stuck" | "aborted", verb: "load" | "finish"): string | undefined {
		if (status === "timeout") return `did not ${verb} within ${seconds(this.limitMs)} (extensionTimeout); carrying on without it`;
		if (status === "stuck") return `can never ${verb} (it waits on nothing that is still running); carrying on without it`;
		return undefined;
	}

	/** Loads each path in order; a failure is one warning and the others still load. `fresh`: files read again (see importExtension). */
	async load(paths: readonly string[], fresh = false): Promise<void> {
		if (paths.length > 0) this.values ??= await import("./values.js");
		for (const path of paths) {
			const imported = await this.wait(() => importExtension(path, fresh));
			if (imported.status !== "done") {
				const why = imported.status === "threw" ? `failed to load: ${reasonOf(imported.error)}` : this.unanswered(imported, "load");
				if (why) this.warn(`extension ${path}: ${why}`);
				continue;
			}
			const loaded = imported.value;
			if (!loaded.ok) {
				this.warn(`extension ${path}: ${loaded.reason}`);
				continue;
			}
			const registration: Registration = { handlers: [], commands: [], tools: [], shortcuts: [] };
			const ran = await this.wait(() => loaded.factory(this.api(path, registration)));
			if (ran.status !== "done") {
				const why = ran.status === "threw" ? `threw while loading: ${reasonOf(ran.error)}` : this.unanswered(ran, "load");
				if (why) this.warn(`extension ${path}: ${why}`);
				continue;
			}
			for (const [name, handler] of registration.handlers) this.subscribe(path, name, handler);
			for (const [name, command] of registration.commands) if (!this.commandMap.has(name)) this.commandMap.set(name, { ...command, path });
			this.shortcutList.push(...registration.shortcuts);
			for (const tool of registration.tools) this.toolRegistry.add(tool);
			this.loaded.push(path);
		}
	}

	private api(path: string, registration: Registration): ExtensionAPI {
		return {
			path,
			on: (event, handler) => {
				if (PI_ONLY_EVENTS.has(event)) return this.warn(`extension ${path}: on("${event}"): pi's event is not emitted by arbor; the handler never runs`);
				if (!EVENT_NAMES.includes(event)) throw new Error(`unknown event "${safeText(event)}"`);
				if (typeof handler !== "function") {
					this.warn(`extension ${path}: on("${event}"): the handler is not a function; not added`);
					return;
				}
				registration.handlers.push([event, handler as unknown as ExtensionHandler<EventName>]);
			},
			appendEntry: (customType, data) => this.write(path, "appendEntry", this.checks().customEntry(customType, data)),
			sendMessage: (m, options) => this.sendMessage(path, m, options),
			setLabel: (entryId, label) => this.write(path, "setLabel", this.checks().labelEntry((id) => this.context().session.entry(id) !== undefined, entryId, label)),
			appendContextEdit: (targetId, replacement) => this.write(path, "appendContextEdit", this.checks().contextEditEntry(this.session().snapshot(), targetId, replacement)),
			setSessionName: (name) => this.write(path, "setSessionName", this.checks().nameEntry(name)),
			sendUserMessage: (text, options) => {
				const send = this.sinks.send;
				if (!send) throw new Error("sendUserMessage needs the chat or an RPC client (not print mode, ACP or a subcommand)");
				if (typeof text !== "string" || text.trim() === "") throw new Error("sendUserMessage needs text");
				send(text, (options as { deliverAs?: unknown } | undefined)?.deliverAs === "steer" ? "steer" : "followUp");
			},
			registerCommand: (name, options) => {
				if (!/^[A-Za-z][\w-]*$/.test(String(name))) throw new Error(`invalid command name "${safeText(name)}"`);
				const o = options as Partial<CommandOptions> | undefined;
				if (typeof o?.handler !== "function" || typeof o.description !== "string") {
					this.warn(`extension ${path}: registerCommand("${name}"): needs {description: string, handler: function}; not added`);
					return;
				}
				registration.commands.push([name, { description: o.description, handler: o.handler }]);
			},
			registerShortcut: (key, options) => {
				const o = options as Partial<ShortcutOptions> | undefined;
				if (typeof key !== "string" || typeof o?.handler !== "function" || typeof o.description !== "string") {
					this.warn(`extension ${path}: registerShortcut: needs a key (text) and {description: string, handler: function}; not added`);
					return;
				}
				registration.shortcuts.push({ key, description: o.description, handler: o.handler, path });
			},
			registerTool: (options) => {
				const checked = checkTool(options);
				if (!checked.ok) return this.warn(`extension ${path}: registerTool: ${checked.reason}; not added`);
				registration.tools.push({ ...checked.tool, path });
			},
			complete: (options) => this.opts.complete(options),
			...piCalls(path, {
				warn: (line) => this.warn(line),
				flags: this.flags,
				activeTools: this.activeTools,
				toolNames: () => [...(this.opts.toolNames ?? []), ...this.tools().map((t) => t.name)],
				settings: this.opts.settings,
				thinking: () => (this.store ? pathThinkingLevel(this.store.snapshot()) : undefined),
			}),
			exec: (command, args = [], options = {}) => runExec(String(command), Array.isArray(args) ? args.map(String) : [], { cwd: this.opts.cwd, ...options }),
		};
	}

	/**
	 * /reload: session_shutdown to the extensions loaded now, then all of them dropped (handlers and
	 * commands), `paths` loaded with their files read again, and session_start (reason "reload") to
	 * the new ones. Listeners (the UI's command list) hear of it.
	 */
	async reload(paths: readonly string[]): Promise<void> {
		await this.shutdown();
		for (const off of this.unsubscribe.splice(0)) off();
		this.commandMap.clear();
		this.toolRegistry.clear();
		this.shortcutList.length = 0;
		this.loaded.length = 0;
		this.flags.length = 0;
		this.activeTools.clear();
		await this.load(paths, true);
		const store = this.store;
		if (store) await this.bus.emit("session_start", { reason: "reload", sessionId: store.id, sessionFile: store.file });
		for (const listener of this.reloadListeners) listener();
	}

	/** `listener` runs after each reload; returns the undo. */
	onReload(listener: () => void): () => void {
		this.reloadListeners.add(listener);
		return () => {
			this.reloadListeners.delete(listener);
		};
	}

	private subscribe(path: string, name: EventName, handler: ExtensionHandler<EventName>): void {
		const off = this.bus.on(name, async (event: EventMap[EventName][0]) => {
			const signal = (event as { signal?: AbortSignal }).signal;
			const ran = await this.wait(() => handler(event, this.context(signal)), signal);
			if (ran.status === "done") {
				const checked = this.checks().checkResult(name, ran.value);
				if (checked.ok) return checked.value;
				this.warn(`extension ${path}: ${name} handler returned a bad result (${checked.reason}); ignored`);
				return undefined;
			}
			// A handler stopped by the user's own Esc/Ctrl+C (e.g. inside complete()) is no fault.
			if (ran.status === "threw" && !signal?.aborted) this.warn(`extension ${path}: ${name} handler failed: ${reasonOf(ran.error)}`);
			const why = ran.status === "threw" ? `failed: ${reasonOf(ran.error)}` : this.unanswered(ran, "finish");
			if (ran.status !== "threw" && why) this.warn(`extension ${path}: ${name} handler ${why}`);
			// A permission gate fails closed (pi's): a tool_call handler without an answer blocks the call.
			return name === "tool_call" ? { block: true, reason: `extension ${path}: the tool_call handler ${why ?? "was stopped"}; blocking the call` } : undefined;
		});
		this.unsubscribe.push(off);
	}

	/** The ctx handed to handlers and commands. */
	context(signal?: AbortSignal): ExtensionContext {
		return handlerContext({ store: this.store, cwd: this.opts.cwd, mode: this.opts.mode, signal: signal ?? NEVER, sinks: () => this.sinks, dialogsOpen: this.dialogsOpen });
	}

	private readonly warn = (line: string): void => this.sinks.warn(line);

	private checks(): typeof Values {
		if (!this.values) throw new Error("extension values checked before any extension loaded");
		return this.values;
	}

	/** An API call's entry: written when it passed the checks, else one warning naming the extension. */
	private write(path: string, call: string, entry: Values.Checked<NewEntry>): void {
		if (!entry.ok) {
			this.warn(`extension ${path}: ${call}: ${entry.reason}; nothing written`);
			return;
		}
		this.append(entry.value);
	}

	private session(): SessionStoreApi {
		if (!this.store) throw new Error("no session is open");
		return this.store;
	}

	private append(entry: NewEntry): void {
		const store = this.session();
		// The UI has closed the session by then and a signal may be ending the run: read-only, in every mode.
		if (this.shuttingDown) throw new Error("the session cannot be written in session_shutdown (write at turn_end)");
		if (this.turnRunning) {
			this.pending.push(entry);
			return;
		}
		const written = store.append(entry);
		store.sync();
		this.sinks?.appended?.(written);
	}

	/** pi's sendMessage (see piSendMessage). */
	private sendMessage(path: string, message: unknown, options: unknown): void {
		piSendMessage({ entry: this.checks().messageEntry(message), options, nextTurn: this.nextTurn, write: (entry) => this.write(path, "sendMessage", entry), send: this.sinks.send });
	}

	/** The session appendEntry/sendMessage write to and ctx.session shows. */
	setStore(store: SessionStoreApi): void {
		if (store === this.store) return;
		this.store = store;
		this.watchName?.();
		this.watchName = watchSessionName(store, (name) => void this.bus.emit("session_info_changed", { name }));
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
	async turn<R extends { ok: boolean; text: string; error?: string }, P = unknown>(
		t: { store: SessionStoreApi; prompt: P; signal?: AbortSignal; system?: string },
		run: (hooked: { system: string | undefined; prompt: P; activeTools: (all: readonly string[]) => string[] | undefined; afterPrompt: NewEntry[] }) => Promise<R>,
	): Promise<R> {
		this.setStore(t.store);
		// The user's text as `input` handlers leave it (pi's input event: each sees the one before).
		const typed = promptText(t.prompt);
		const input = typed === undefined || !this.bus.has("input") ? {} : await this.bus.emit("input", { text: typed, mode: this.opts.mode });
		const hookedPrompt = input.text === undefined ? t.prompt : withPromptText(t.prompt, input.text);
		const prompt = typeof hookedPrompt === "string" ? hookedPrompt : JSON.stringify(hookedPrompt);
		// A handler may give this turn another system prompt (pi's before_agent_start); each sees the one before it.
		const started = await this.bus.emit("turn_start", { prompt, systemPrompt: t.system, signal: t.signal });
		const agentStart = await this.beforeAgentStart(hookedPrompt, started.systemPrompt ?? t.system, t.signal);
		const count = t.store.snapshot().entries.length;
		this.turnRunning = true;
		let result: R;
		try {
			result = await run({ system: agentStart.system, prompt: hookedPrompt, activeTools: (all) => this.activeTools.forRequest(all), afterPrompt: agentStart.afterPrompt });
		} finally {
			this.turnRunning = false;
		}
		const entries = t.store.snapshot().entries.slice(count);
		for (const entry of this.pending.splice(0)) this.append(entry);
		await this.bus.emit("turn_end", { prompt, entries, ok: result.ok, text: result.text, ...(result.error ? { error: result.error } : {}), ...lastReply(entries) });
		if (this.bus.has("agent_end")) await this.bus.emit("agent_end", { messages: entryMessages(entries) });
		return result;
	}

	/** pi's before_agent_start (see beforeAgentStart); the nextTurn messages go first. */
	private beforeAgentStart(prompt: unknown, system: string | undefined, signal?: AbortSignal): Promise<{ system: string | undefined; afterPrompt: NewEntry[] }> {
		return beforeAgentStart({ bus: this.bus, check: (m) => this.checks().messageEntry(m), warn: this.warn, queued: this.nextTurn.splice(0) }, { prompt, system, signal });
	}

	/** Slash commands registered by extensions (the first registration of a name wins). */
	commands(): ExtensionCommand[] {
		return [...this.commandMap].map(([name, c]) => ({ name, description: c.description, path: c.path }));
	}

	/** The tools extensions registered (the first registration of a name wins), for the model. */
	tools(): ExtensionToolInfo[] {
		return this.toolRegistry.list();
	}

	// The hooks the tool set and the turns ask (request-hooks.ts): tool_call, tool_result, context.
	readonly beforeToolCall = (call: ToolCallAsk) => beforeToolCall(this.bus, call);
	readonly afterToolCall = (call: ToolResultAsk) => afterToolCall(this.bus, call);
	readonly requestMessages = (messages: ContextMessage[]) => requestMessages(this.bus, messages);

	/** Runs a call of an extension's tool (see ToolRegistry.run). */
	runTool(name: string, args: unknown, signal?: AbortSignal): Promise<ExtensionToolOutput> {
		return this.toolRegistry.run(name, args, signal);
	}

	/** The keys extensions registered, in load order. */
	shortcuts(): readonly ExtensionShortcut[] {
		return this.shortcutList;
	}

	/** Runs a shortcut's handler; a throw is a warning. */
	async runShortcut(shortcut: ExtensionShortcut): Promise<void> {
		try {
			await shortcut.handler(this.context());
		} catch (error) {
			this.warn(`extension ${shortcut.path}: shortcut ${shortcut.key} failed: ${reasonOf(error)}`);
		}
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
	attachUi(sinks: UiSinks): () => void {
		const previous = this.sinks;
		this.sinks = sinks;
		for (const [key, text] of this.early.status) sinks.status?.(key, text);
		for (const [key, lines] of this.early.widget) sinks.widget?.(key, lines);
		return () => {
			this.sinks = previous;
		};
	}
}
