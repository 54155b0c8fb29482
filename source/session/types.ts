// Over 200 lines: declarations only — the whole v3 format on disk in one place.
/**
 * Session file format v3 (pi-compatible). These types describe what is on disk; the store keeps
 * unknown fields and unknown entry types untouched so copies (fork) never lose data.
 */

/** Line 1 of every session file. Metadata, not a tree node. */
export type SessionHeader = {
	type: "session";
	version?: number;
	id: string;
	timestamp: string;
	cwd: string;
	parentSession?: string;
	[key: string]: unknown;
};

export type TextContent = { type: "text"; text: string; [key: string]: unknown };
export type ImageContent = { type: "image"; data: string; mimeType: string; [key: string]: unknown };
export type ThinkingContent = { type: "thinking"; thinking: string; [key: string]: unknown };
export type ToolCallContent = {
	type: "toolCall";
	id: string;
	name: string;
	arguments: Record<string, unknown>;
	[key: string]: unknown;
};

/**
 * A content part of a type this version does not know (pi writes newer ones): kept in the file as
 * it is, shown by its type name, left out of requests. Its `type` is a string at run time.
 */
export type UnknownContent = { type: UnknownPartType; [key: string]: unknown };
declare const unknownPartType: unique symbol;
/** The `type` of an {@link UnknownContent}: comparable with no literal, so `part.type === "text"` narrows (see UnknownEntryType). */
type UnknownPartType = { readonly [unknownPartType]: true };

export type Usage = {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens?: number;
	cost?: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
};

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export type UserMessage = {
	role: "user";
	content: string | (TextContent | ImageContent | UnknownContent)[];
	timestamp: number;
};

export type AssistantMessage = {
	role: "assistant";
	content: (TextContent | ThinkingContent | ToolCallContent | UnknownContent)[];
	api?: string;
	provider?: string;
	model?: string;
	usage?: Usage;
	stopReason: StopReason;
	errorMessage?: string;
	timestamp: number;
};

export type ToolResultMessage = {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: (TextContent | ImageContent | UnknownContent)[];
	details?: unknown;
	isError: boolean;
	timestamp: number;
};

export type BashExecutionMessage = {
	role: "bashExecution";
	command: string;
	output: string;
	exitCode: number | null;
	cancelled: boolean;
	truncated: boolean;
	excludeFromContext?: boolean;
	timestamp: number;
};

type CustomMessage = {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: unknown;
	timestamp: number;
};

/**
 * pi 1.6's system prompt and tool set, stored as messages: the first request stores every prompt
 * section and tool, later ones patch `sections` by name (`null` removes one) and list
 * `toolsAdded`/`toolsRemoved`. arbor keeps them, never sends them (it sends its own prompt) and
 * hides them from the tree's default rows.
 */
export type SystemMessage = {
	role: "system";
	content: string | TextContent[];
	sections?: Record<string, string | null>;
	toolsAdded?: { name: string; [key: string]: unknown }[];
	toolsRemoved?: { name: string; [key: string]: unknown }[];
	timestamp: number;
};

declare const unknownRole: unique symbol;
/** The `role` of a message this version does not know: a string at run time (see UnknownEntryType). */
type UnknownRole = { readonly [unknownRole]: true };
/** A message of a role this version does not know: kept, shown by its role, never in context. */
type UnknownRoleMessage = { role: UnknownRole; [key: string]: unknown };

/** The messages that take part in a conversation (context building passes them on). */
export type ConversationMessage =
	| UserMessage
	| AssistantMessage
	| ToolResultMessage
	| BashExecutionMessage
	| CustomMessage;

/** What a `message` entry stores. */
export type StoredMessage = ConversationMessage | SystemMessage | UnknownRoleMessage;

/** Extra items that context building emits besides stored messages. */
type CompactionSummaryMessage = {
	role: "compactionSummary";
	summary: string;
	tokensBefore: number;
	timestamp: number;
};
type BranchSummaryMessage = {
	role: "branchSummary";
	summary: string;
	fromId: string;
	timestamp: number;
};

/**
 * One item of the model context, as pi's buildSessionContext lists it, without its system
 * messages (arbor sends its own prompt) and messages of unknown roles.
 */
export type ContextMessage = ConversationMessage | CompactionSummaryMessage | BranchSummaryMessage;

type Base = { id: string; parentId: string | null; timestamp: string; [key: string]: unknown };

export type MessageEntry = Base & { type: "message"; message: StoredMessage };
type ModelChangeEntry = Base & { type: "model_change"; provider: string; modelId: string };
type ThinkingLevelChangeEntry = Base & { type: "thinking_level_change"; thinkingLevel: string };
export type CompactionEntry = Base & {
	type: "compaction";
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: unknown;
	fromHook?: boolean;
	/** pi 1.6: the prompt and tools at the compaction (kept, never sent by arbor). */
	systemMessage?: SystemMessage;
	/** pi 1.6: what making the summary cost (counted in the session's cost). */
	usage?: Usage;
};
export type BranchSummaryEntry = Base & {
	type: "branch_summary";
	fromId: string;
	summary: string;
	details?: unknown;
	fromHook?: boolean;
	/** pi 1.6: what making the summary cost (counted in the session's cost). */
	usage?: Usage;
};
export type CustomEntry = Base & { type: "custom"; customType: string; data?: unknown };
export type CustomMessageEntry = Base & {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: unknown;
};
/** pi 1.6: model usage outside any message (cache warming): counted in cost, never in context. */
export type UsageEntry = Base & { type: "usage"; kind: string; provider: string; model: string; usage: Usage; note?: string };
/** What a context edit may put in place of a message's content. */
export type ContextEditContent = string | (TextContent | ImageContent | ThinkingContent | ToolCallContent | UnknownContent)[];
/**
 * pi 1.6: an edit of an earlier entry's part of the model's context, on this branch only. The newest
 * edit of a target on the path wins; `null` leaves the target out, a replacement swaps its content.
 */
export type ContextEditEntry = Base & { type: "context_edit"; targetId: string; replacement: { content: ContextEditContent } | null };
export type LabelEntry = Base & { type: "label"; targetId: string; label?: string };
type SessionInfoEntry = Base & { type: "session_info"; name: string };
declare const unknownEntryType: unique symbol;
/**
 * The `type` of an entry this version does not know, as the type checker sees it. At run time it is
 * the string from the file; read it as text with `entryType(entry)` (entry-guards.ts).
 *
 * Why not `string`: a union member whose `type` is `string` (or a branded `string & {…}`) is
 * comparable with every literal, so `entry.type === "message"` kept that member and `entry.message`
 * stayed `unknown` (hence casts at every reader). This opaque token is comparable with no literal,
 * so `entry.type === "message"` and `switch (entry.type)` narrow to the known entry, and only the
 * `default:` branch still holds unknown entries. Only session/ makes entries (parse.ts and the
 * store's write type what they read or are given; the damaged placeholder uses `unknownEntryType`).
 * The price: the checker takes this token for a non-string, so test `entry.type` against literals or
 * read it with `entryType`, never with `typeof entry.type === "string"`.
 */
export type UnknownEntryType = { readonly [unknownEntryType]: true };
/** An entry type this version does not know: kept byte for byte, never in context, hidden by default. */
export type UnknownEntry = Base & { type: UnknownEntryType };

type KnownEntry =
	| MessageEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| CompactionEntry
	| BranchSummaryEntry
	| CustomEntry
	| CustomMessageEntry
	| LabelEntry
	| SessionInfoEntry
	| UsageEntry
	| ContextEditEntry;

export type SessionEntry = KnownEntry | UnknownEntry;

/** An entry before the store gives it id, parentId and timestamp. */
export type NewEntry = { type: string; [key: string]: unknown };

/** The fields a caller gives for a known entry type: the entry without index signature and stamps. */
type FieldsOf<T> = { [K in keyof T as string extends K ? never : K extends "id" | "parentId" | "timestamp" ? never : K]: T[K] };

/**
 * What the store returns for an appended `E`: the known entry of its type when `E` has that type's
 * fields (the store keeps every field it was given), otherwise any SessionEntry.
 */
export type Appended<E extends NewEntry> =
	Extract<KnownEntry, { type: E["type"] }> extends infer Known
		? [Known] extends [never]
			? SessionEntry
			: E extends FieldsOf<Known>
				? Known
				: SessionEntry
		: never;

/** customType of the marker arbor appends to remember a leaf moved without other writes. */
export const LEAF_MARKER_TYPE = "arbor.leaf";

export const CURRENT_VERSION = 3;

/** Type of the placeholder that stands for an entry views and the model cannot use (see load.ts). */
export const DAMAGED_ENTRY_TYPE = "arbor.damaged";

/** Something wrong in a file that the store worked around and reports (never silently). */
export type SessionWarning = {
	kind: "torn-tail" | "bad-line" | "orphan" | "duplicate-id" | "cycle" | "bad-entry" | "version";
	/** 1-based line number in the file, when known. */
	line?: number;
	id?: string;
	message: string;
};

/** What context building returns (`arbor context --json` prints it). */
export type SessionContext = {
	leafId: string | null;
	model: { provider: string; modelId: string } | null;
	thinkingLevel: string;
	messages: ContextMessage[];
};

/** `unwritable`: the file, its lock or its folder cannot be written (read-only, full, a directory…). */
type SessionErrorCode = "not-found" | "bad-header" | "unreadable" | "unwritable" | "locked" | "ambiguous" | "unknown-id" | "invalid";

/** Expected failures of the store. The CLI maps every code to exit 2. */
export class SessionError extends Error {
	constructor(
		readonly code: SessionErrorCode,
		message: string,
	) {
		super(message);
		this.name = "SessionError";
	}
}
