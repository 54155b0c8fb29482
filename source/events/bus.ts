/** The extension bus (EventBus) and its events, fired by navigation, compaction, forks, restores, turns and tools; extensions/host.ts subscribes the handlers. */
import type { AgentEndEvent, AgentSettledEvent, BeforeAgentStartEvent, BeforeAgentStartResult, SessionCompactFailedEvent, SessionInfoChangedEvent } from "./pi-events.js";
import type { BranchSummaryEntry, CompactionEntry, ContextMessage, SessionEntry } from "../session/types.js";

/** Fired before a /tree move; handlers may cancel, supply the summary, or override options. */
export type BeforeTreeEvent = {
	targetId: string;
	oldLeafId: string | null;
	commonAncestorId: string | null;
	entriesToSummarize: SessionEntry[];
	userWantsSummary: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
	signal?: AbortSignal;
};
export type BeforeTreeResult = {
	cancel?: boolean;
	summary?: { summary: string; details?: unknown };
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
};
export type TreeEvent = {
	newLeafId: string | null;
	oldLeafId: string | null;
	summaryEntry?: BranchSummaryEntry;
	fromHook?: boolean;
};
export type BeforeForkEvent = { sourceFile?: string; entryId: string | null };
export type ForkEvent = { sourceFile?: string; newFile?: string; entryId: string | null };
export type BeforeCompactEvent = {
	firstKeptEntryId: string;
	tokensBefore: number;
	customInstructions?: string;
	/** What the summary must cover (oldest first), so a handler can write its own. */
	entriesToSummarize?: SessionEntry[];
	/** The previous compaction's summary, which a new summary updates. */
	previousSummary?: string;
	signal?: AbortSignal;
};
export type CompactEvent = { entryId: string; fromHook?: boolean; compactionEntry?: CompactionEntry };
export type BeforeCompactResult = { cancel?: boolean; compaction?: { summary: string; details?: unknown } };

/** A session was opened for this run (`startup`) or the UI switched to another one (`switch`). */
export type SessionStartEvent = { reason: "startup" | "switch" | "reload"; sessionId: string; sessionFile?: string };
/** arbor is about to close the session and exit. */
export type SessionShutdownEvent = { sessionId: string; sessionFile?: string };
/**
 * A chat turn is about to send `prompt` (nothing of the turn is stored yet) with `systemPrompt`
 * (as an earlier handler left it; undefined when the turn has none).
 */
export type TurnStartEvent = { prompt: string; systemPrompt?: string; signal?: AbortSignal };
/** `systemPrompt`: this turn's system prompt instead (the next handler sees it). */
export type TurnStartResult = { systemPrompt?: string };
/** A chat turn ended; `entries` are the entries it appended (user message first), oldest first. */
export type TurnEndEvent = {
	prompt: string;
	entries: SessionEntry[];
	ok: boolean;
	/** The final assistant text ("" when the turn failed). */
	text: string;
	error?: string;
	/** pi's fields: the turn's last assistant message (none when it stored no reply) and the tool results after it. */
	message?: unknown;
	toolResults: unknown[];
};

/** Before the project's files are restored to an entry's checkpoint (nothing written yet). */
export type BeforeRestoreEvent = { entryId: string | null; checkpointEntryId: string; tree: string; cwd: string };
/** The files were restored: what changed, the safety checkpoint that undoes it, files kept. */
export type RestoreEvent = {
	entryId: string | null;
	checkpointEntryId: string;
	safetyEntryId: string;
	changes: { path: string; status: "changed" | "added" | "deleted" }[];
	kept: string[];
};

/** The model asked for a tool call (a built-in tool or an extension's), before it is confirmed or run. */
export type ToolCallEvent = { toolName: string; toolCallId?: string; input: unknown; signal?: AbortSignal };
/** `block`: the call does not run; the model gets `reason` as the call's error. */
export type ToolCallResult = { block?: boolean; reason?: string };

/** A tool call ended (it ran, or failed; not a blocked call): what the model is about to get. */
export type ToolResultEvent = { toolName: string; toolCallId?: string; input: unknown; output: string; isError: boolean };
/** What the model gets instead (the next handler sees it); stored as the call's result. */
export type ToolResultResult = { output?: string; isError?: boolean };

/**
 * Before each request a turn sends: the messages it would send (a copy, in the session's shapes:
 * user, assistant, toolResult, summaries), as an earlier handler left them.
 */
export type ContextEvent = { messages: ContextMessage[] };
/** `messages`: what the request sends instead (the next handler sees it); the session is not changed. */
export type ContextResult = { messages?: ContextMessage[] };

/** What the user sent, before the turn starts (`mode`: where arbor runs). */
export type InputEvent = { text: string; mode: "interactive" | "print" | "command" };
/** `text`: what the turn sends and stores instead (the next handler sees it). */
export type InputResult = { text?: string };

/** The chat model was switched (/model, Ctrl+P, RPC set_model and cycle_model): specs, `provider:model`. */
export type ModelSelectEvent = { model: string; previousModel?: string; source: "set" | "cycle" };

/** `!command` (`!!command`: excludeFromContext) or RPC's `bash`, before it runs. */
export type UserBashEvent = { command: string; excludeFromContext: boolean; cwd: string };
/** `command`: run this instead (stored under the command as typed); `output`: do not run, this is the result (`exitCode` default 0). */
export type UserBashResult = { command?: string; output?: string; exitCode?: number };

/** Event name → [payload, what a handler may return]. */
export type EventMap = {
	session_before_tree: [BeforeTreeEvent, BeforeTreeResult | void];
	session_tree: [TreeEvent, void];
	session_before_fork: [BeforeForkEvent, { cancel?: boolean } | void];
	session_fork: [ForkEvent, void];
	session_before_compact: [BeforeCompactEvent, BeforeCompactResult | void];
	session_compact: [CompactEvent, void];
	session_start: [SessionStartEvent, void];
	session_shutdown: [SessionShutdownEvent, void];
	turn_start: [TurnStartEvent, TurnStartResult | void];
	turn_end: [TurnEndEvent, void];
	session_before_restore: [BeforeRestoreEvent, { cancel?: boolean } | void];
	session_restore: [RestoreEvent, void];
	tool_call: [ToolCallEvent, ToolCallResult | void];
	tool_result: [ToolResultEvent, ToolResultResult | void];
	context: [ContextEvent, ContextResult | void];
	input: [InputEvent, InputResult | void];
	model_select: [ModelSelectEvent, void];
	user_bash: [UserBashEvent, UserBashResult | void];
	before_agent_start: [BeforeAgentStartEvent, BeforeAgentStartResult | void];
	agent_end: [AgentEndEvent, void];
	agent_settled: [AgentSettledEvent, void];
	session_info_changed: [SessionInfoChangedEvent, void];
	session_compact_failed: [SessionCompactFailedEvent, void];
};

/** Every event an extension can subscribe to. */
export const EVENT_NAMES: readonly (keyof EventMap)[] = [
	"session_before_tree", "session_tree", "session_before_fork", "session_fork", "session_before_compact",
	"session_compact", "session_start", "session_shutdown", "turn_start", "turn_end", "session_before_restore",
	"session_restore", "tool_call", "tool_result", "context", "input", "model_select", "user_bash",
	"before_agent_start", "agent_end", "agent_settled", "session_info_changed", "session_compact_failed"
];

/** Payload fields a handler's result replaces for the handlers after it. */
const CHAINED: Partial<Record<keyof EventMap, readonly string[]>> = { turn_start: ["systemPrompt"], before_agent_start: ["systemPrompt"], tool_result: ["output", "isError"], context: ["messages"], input: ["text"], user_bash: ["command"] };

/** A result field every handler adds to (`message` → the merged result's `messages`, in handler order). */
const COLLECTED: Partial<Record<keyof EventMap, string>> = { before_agent_start: "message" };

/** A bus handler: gets the payload, may return the event's result. */
export type Handler<K extends keyof EventMap> = (event: EventMap[K][0]) => EventMap[K][1] | Promise<EventMap[K][1]>;

/**
 * In-process bus for extensions. Handlers run in registration order; for `before` events their
 * results are merged, later handlers overriding earlier ones, and any `cancel` (or `block`) wins.
 */
export class EventBus {
	private handlers = new Map<keyof EventMap, Handler<keyof EventMap>[]>();

	on<K extends keyof EventMap>(name: K, handler: Handler<K>): () => void {
		const list = this.handlers.get(name) ?? [];
		list.push(handler as unknown as Handler<keyof EventMap>);
		this.handlers.set(name, list);
		return () => {
			const current = this.handlers.get(name) ?? [];
			this.handlers.set(name, current.filter((h) => h !== (handler as unknown)));
		};
	}

	/** Whether anyone listens to `name` (a payload that costs something to make is made only then). */
	has(name: keyof EventMap): boolean {
		return (this.handlers.get(name)?.length ?? 0) > 0;
	}

	async emit<K extends keyof EventMap>(name: K, event: EventMap[K][0]): Promise<Partial<Exclude<EventMap[K][1], void | undefined>>> {
		let merged: Record<string, unknown> = {};
		for (const handler of this.handlers.get(name) ?? []) {
			const result = await (handler as unknown as Handler<K>)(event);
			if (result && typeof result === "object") {
				// A result that rewrites the payload (turn_start's systemPrompt) is what the next handler sees.
				for (const field of CHAINED[name] ?? []) {
					const value = (result as Record<string, unknown>)[field];
					if (value !== undefined) (event as Record<string, unknown>)[field] = value;
				}
				const cancel = Boolean(merged.cancel) || Boolean((result as { cancel?: boolean }).cancel);
				const block = Boolean(merged.block) || Boolean((result as { block?: boolean }).block);
				// A block's reason stays the blocking handler's.
				const reason = merged.block ? { reason: merged.reason } : {};
				const field = COLLECTED[name];
				const collected = field === undefined ? {} : { [`${field}s`]: [...((merged[`${field}s`] as unknown[]) ?? []), ...((result as Record<string, unknown>)[field] === undefined ? [] : [(result as Record<string, unknown>)[field]])] };
				merged = { ...merged, ...result, ...collected, ...(cancel ? { cancel } : {}), ...(block ? { block, ...reason } : {}) };
			}
		}
		return merged as Partial<Exclude<EventMap[K][1], void | undefined>>;
	}
}
