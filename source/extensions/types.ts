// Over 200 lines: the one file of the API extension authors program against (arbor's calls and pi's).
/**
 * The types extension authors program against. An extension is a module whose default export is
 * `(arbor: ExtensionAPI) => void | Promise<void>`; import these with
 * `import type { ExtensionAPI } from "arbor/extensions"` (see docs/extensions.md).
 */
import type { EventMap } from "../events/bus.js";
import type { ContextMessage, SessionEntry, SessionHeader } from "../session/types.js";
import type { PiSessionManager, PiTheme } from "./pi-context.js";

export type { PiSessionManager, PiTheme, PiTreeNode } from "./pi-context.js";

export type {
	BeforeCompactEvent,
	BeforeCompactResult,
	BeforeForkEvent,
	BeforeTreeEvent,
	BeforeTreeResult,
	CompactEvent,
	ContextEvent,
	ContextResult,
	EventMap,
	ForkEvent,
	InputEvent,
	InputResult,
	ModelSelectEvent,
	SessionShutdownEvent,
	SessionStartEvent,
	ToolCallEvent,
	ToolCallResult,
	ToolResultEvent,
	ToolResultResult,
	TreeEvent,
	TurnEndEvent,
	TurnStartEvent,
	TurnStartResult,
	UserBashEvent,
	UserBashResult,
} from "../events/bus.js";
export type {
	BranchSummaryEntry,
	CompactionEntry,
	ContextMessage,
	CustomEntry,
	CustomMessageEntry,
	SessionEntry,
	SessionHeader,
} from "../session/types.js";

/** Names accepted by {@link ExtensionAPI.on}. */
export type EventName = keyof EventMap;

/** One node of {@link SessionView.tree}: an entry, its resolved label and its children (oldest first). */
export type TreeNode = { entry: SessionEntry; label?: string; children: TreeNode[] };

/** A read-only view of the session as it is when the handler runs. */
export type SessionView = {
	readonly id: string;
	/** The session file; undefined for an in-memory session (`--no-session`). */
	readonly file: string | undefined;
	readonly header: SessionHeader;
	/** The current leaf, or null for an empty conversation. */
	readonly leafId: string | null;
	/** All entries in file order. */
	readonly entries: readonly SessionEntry[];
	entry(id: string): SessionEntry | undefined;
	/** root → id (default: the leaf). */
	path(id?: string | null): SessionEntry[];
	/** The whole tree from its roots. */
	tree(): TreeNode[];
	label(id: string): string | undefined;
	/** What the model receives from the leaf. */
	contextMessages(): ContextMessage[];
};

/** What every handler gets besides the event. */
export type ExtensionContext = {
	/** The session as it is now (a fresh view on every access). */
	readonly session: SessionView;
	/** pi's `ctx.sessionManager`: the same session through pi's read-only calls (getBranch, getEntries, getLeafId, getEntry, getHeader, getTree, …). */
	readonly sessionManager: PiSessionManager;
	/** The thinking level on the session's path (pi's ctx.thinkingLevel). */
	readonly thinkingLevel: string | undefined;
	readonly cwd: string;
	/** Aborted when the user cancels the action (Escape in the UI, Ctrl+C in print mode). */
	readonly signal: AbortSignal;
	/** Where arbor runs: the UI, print mode, or a subcommand such as `arbor navigate`. */
	readonly mode: "interactive" | "print" | "command";
	/** A user can answer the dialogs below: the chat, and an RPC client (not `-p`, ACP or subcommands). */
	readonly hasUI: boolean;
	readonly ui: {
		/** pi's theme: `fg(colour, text)`, `bg`, `bold`, `italic`, `underline`, `strikethrough`, `inverse`; plain text where colour is off. */
		readonly theme: PiTheme;
		/** The status line in the UI; one stderr line in print mode and subcommands. */
		notify(text: string): void;
		/** Yes or no from the user; false without a UI, and when the dialog is cancelled (Esc). */
		confirm(title: string, message?: string): Promise<boolean>;
		/** One of `options` as the user chose it; undefined without a UI, and when cancelled. */
		select(title: string, options: string[]): Promise<string | undefined>;
		/** A line the user typed; undefined without a UI, and when cancelled. */
		input(title: string, placeholder?: string): Promise<string | undefined>;
		/**
		 * A lasting part of the status line under `key` (undefined or "" removes it), e.g. "plan mode";
		 * an RPC client gets pi's setStatus. Nothing without a UI.
		 */
		setStatus(key: string, text?: string): void;
		/**
		 * Lines shown above the chat's editor under `key` (undefined or [] removes them), e.g. a todo
		 * list; an RPC client gets pi's setWidget. At most 10 lines a widget are shown. Nothing without a UI.
		 */
		setWidget(key: string, lines?: string[]): void;
	};
};

/** A handler: return nothing, or (for `session_before_*`) a result. */
export type ExtensionHandler<K extends EventName> = (
	event: EventMap[K][0],
	ctx: ExtensionContext,
) => EventMap[K][1] | Promise<EventMap[K][1]>;

/** A `custom_message` entry: sent to the model as a user message. */
export type SendMessageOptions = {
	customType: string;
	content: string;
	/** true: shown in the transcript (distinct style) and selectable in /tree; false: hidden. */
	display: boolean;
	details?: unknown;
};

/** A slash command added to the UI (`/name args`). */
export type CommandOptions = {
	description: string;
	handler: (args: string, ctx: ExtensionContext) => void | Promise<void>;
};

/**
 * A tool the model may call (`registerTool`). `parameters` is the JSON Schema of its arguments (an
 * object schema; a TypeBox schema is one). `execute` gets the arguments as the model sent them
 * (check them) and ctx (ctx.signal: the user stopped the turn); it returns the text the model
 * gets, or `{output, isError}`, or pi's `{content: [{type: "text", text}], isError}`. A throw is
 * the call's error, which the model sees.
 */
export type ToolOptions = {
	name: string;
	description: string;
	parameters?: Record<string, unknown>;
	execute(args: Record<string, unknown>, ctx: ExtensionContext): ToolReturn | Promise<ToolReturn>;
};

/** What a tool's `execute` returns (see {@link ToolOptions}). */
export type ToolReturn = string | { output: string; isError?: boolean } | { content: { type: string; text?: string }[]; isError?: boolean };

/** A key an extension adds to the chat's prompt (`registerShortcut`). */
export type ShortcutOptions = {
	description: string;
	handler: (ctx: ExtensionContext) => void | Promise<void>;
};

/** One model call through arbor's model layer. */
export type CompleteOptions = {
	/** `provider:model` (with this run's --base-url and keys); default: the summary model, else the chat model. */
	model?: string;
	system?: string;
	prompt: string;
	signal?: AbortSignal;
};

/** The object an extension's default export receives. */
export type ExtensionAPI = {
	/** Subscribe to an event; handlers run in load order. */
	on<K extends EventName>(event: K, handler: ExtensionHandler<K>): void;
	/** Append a `custom` entry (extension state: not in the context, hidden by the default tree filter). Throws in `session_shutdown`. */
	appendEntry(customType: string, data?: unknown): void;
	/**
	 * Append a `custom_message` entry to the current session (in the context as a user message). Throws
	 * in `session_shutdown`. pi's options: `deliverAs: "nextTurn"` stores it after the next prompt's
	 * message instead; `triggerTurn` sends its text as the user's message (a follow-up while a reply runs;
	 * `deliverAs: "steer"` steers) in the chat and for an RPC client.
	 */
	sendMessage(message: SendMessageOptions, options?: { deliverAs?: "steer" | "followUp" | "nextTurn"; triggerTurn?: boolean }): void;
	/**
	 * Sends `text` as the user's message (pi's sendUserMessage): a turn of its own when nothing runs;
	 * while a reply runs, a follow-up (its own turn after the running one) or, with
	 * `deliverAs: "steer"`, steering for the running turn. In the chat and for an RPC client; elsewhere it throws.
	 */
	sendUserMessage(text: string, options?: { deliverAs?: "steer" | "followUp" }): void;
	/** Labels an entry as /label and /tree do (no text removes the label); pi's setLabel. Written after a running turn. */
	setLabel(entryId: string, label?: string): void;
	/**
	 * pi 1.6's context_edit on the current branch, as /forget and Shift+X in /tree write one: `null`
	 * leaves the entry's message out of what the model is sent from here on, `{content}` sends that
	 * instead; the file keeps the message. Written after a running turn.
	 */
	appendContextEdit(targetId: string, replacement: { content: string | unknown[] } | null): void;
	/** Names the session as /name does (pi's setSessionName). Written after a running turn. */
	setSessionName(name: string): void;
	/** Add a slash command to the interactive UI. */
	registerCommand(name: string, options: CommandOptions): void;
	/**
	 * A key for the chat's prompt (pi's registerShortcut): `key` as in keybindings.json, with Ctrl or
	 * Alt (`ctrl+t`, `alt+p`); one the keymap uses there is refused with a warning. Listed in /help.
	 */
	registerShortcut(key: string, options: ShortcutOptions): void;
	/** Add a tool the model may call, in every chat mode (the chat, `-p`, RPC, ACP); it runs without a confirmation. */
	registerTool(tool: ToolOptions): void;
	/**
	 * Runs a program without a shell in the working directory (pi's exec): `{stdout, stderr, code,
	 * killed}`; a missing program is code 127; `timeout` (ms) and `signal` kill it.
	 */
	exec(command: string, args?: string[], options?: { signal?: AbortSignal; timeout?: number; cwd?: string }): Promise<{ stdout: string; stderr: string; code: number; killed: boolean }>;
	/** The text a model answers; throws with a one-line message when the call fails. */
	complete(options: CompleteOptions): Promise<string>;
	/** This extension's file. */
	readonly path: string;
	/** pi's registerFlag: `--name` (boolean) or `--name=value` (string) on arbor's command line. */
	registerFlag(name: string, options: { type: "boolean" | "string"; default?: boolean | string; description?: string }): void;
	/** A registered flag's value (the command line's, else its default); undefined for a flag nobody registered. */
	getFlag(name: string): boolean | string | undefined;
	/** The tools the model is offered now: the run's built-in ones and the extensions'. */
	getActiveTools(): string[];
	/** The tools the model is offered from the next request on (names the run lacks are left out). */
	setActiveTools(names: string[]): void;
	/** A copy of the run's settings (user's and project's merged). */
	getSettings(): Record<string, unknown>;
	/** The thinking level on the session's path ("off" when none). */
	getThinkingLevel(): string;
	/** pi's registerMcpServer: an MCP server (`{command, args, env, cwd}` or `{url, headers}`) started with the session's, without approval (docs/mcp.md). */
	registerMcpServer(name: string, config: Record<string, unknown>): void;
	/** Removes a server this extension registered (from the next session on). */
	unregisterMcpServer(name: string): void;
	/** Every MCP server extensions registered. */
	getMcpServers(): { name: string; config: unknown; extensionPath: string }[];
};

/** What an extension module exports by default. */
export type Extension = (arbor: ExtensionAPI) => void | Promise<void>;
