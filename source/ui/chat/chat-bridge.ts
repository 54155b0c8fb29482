/**
 * The chat's callbacks of AgentSession.open (agent/types.ts): the core is opened before the Ink
 * app mounts, so the tool question, the extensions' dialogs, user messages, status parts and
 * widgets, the checkpoints' notice, the MCP approval question and the core's events wait here until the app attaches its
 * handlers (useChat, useExtensions), then go straight through.
 */
import type { AgentEvent, AgentOpenOptions, ConfirmAnswer, ConfirmRequest } from "../../agent/agent-session.js";
import type { DialogRequest } from "../../extensions/dialogs.js";
import type { McpApprovalAsk } from "../../mcp/session-servers.js";

/** What the mounted app does with each callback. */
type ChatHandlers = {
	confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<ConfirmAnswer>;
	dialog(request: DialogRequest, signal?: AbortSignal): Promise<unknown>;
	send(text: string, deliverAs: "steer" | "followUp"): void;
	status(key: string, text: string | undefined): void;
	widget(key: string, lines: string[] | undefined): void;
	notice(line: string): void;
	event(event: AgentEvent): void;
	/** The project's MCP servers not approved yet (ui/mcp/): true approves them. */
	mcpAsk(servers: Parameters<McpApprovalAsk>[0]): Promise<boolean>;
};

type Callbacks = Required<Pick<AgentOpenOptions, "confirm" | "dialog" | "send" | "status" | "widget" | "notice" | "warn" | "listener" | "mcpAsk">>;

export class ChatBridge {
	private handlers: Partial<ChatHandlers> = {};
	/** Calls made before a handler was attached, in order. */
	private waiting: { name: keyof ChatHandlers; run(handlers: Partial<ChatHandlers>): void }[] = [];

	/** The callbacks to open the core with. Set-up warnings are not printed: the chat shows them itself. */
	readonly callbacks: Callbacks = {
		confirm: (request, signal) => this.ask("confirm", (h) => h.confirm?.(request, signal) ?? Promise.resolve("no" as const)),
		dialog: (request, signal) => this.ask("dialog", (h) => h.dialog?.(request, signal) ?? Promise.resolve(undefined)),
		send: (text, deliverAs) => this.call("send", (h) => h.send?.(text, deliverAs)),
		status: (key, text) => this.call("status", (h) => h.status?.(key, text)),
		widget: (key, lines) => this.call("widget", (h) => h.widget?.(key, lines)),
		notice: (line) => this.call("notice", (h) => h.notice?.(line)),
		warn: () => {},
		listener: (event) => this.call("event", (h) => h.event?.(event)),
		mcpAsk: (servers) => this.ask("mcpAsk", (h) => h.mcpAsk?.(servers) ?? Promise.resolve(false)),
	};

	/** Attaches some handlers (what waited for them runs now); returns the detach. */
	attach(handlers: Partial<ChatHandlers>): () => void {
		this.handlers = { ...this.handlers, ...handlers };
		const names = Object.keys(handlers) as (keyof ChatHandlers)[];
		const ready = this.waiting.filter((w) => names.includes(w.name));
		this.waiting = this.waiting.filter((w) => !names.includes(w.name));
		for (const w of ready) w.run(this.handlers);
		return () => {
			for (const name of names) if (this.handlers[name] === handlers[name]) delete this.handlers[name];
		};
	}

	private call(name: keyof ChatHandlers, run: (handlers: Partial<ChatHandlers>) => void): void {
		if (this.handlers[name]) run(this.handlers);
		else this.waiting.push({ name, run });
	}

	private ask<T>(name: keyof ChatHandlers, run: (handlers: Partial<ChatHandlers>) => Promise<T>): Promise<T> {
		return new Promise<T>((resolve, reject) => this.call(name, (handlers) => void run(handlers).then(resolve, reject)));
	}
}
