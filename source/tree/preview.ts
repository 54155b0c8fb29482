import type { SessionTreeView } from "../session/api.js";
import { entryType, roleName } from "../session/entry-guards.js";
import type { SessionEntry, StoredMessage, ToolCallContent } from "../session/types.js";
import { systemPreview, usagePreview } from "./pi-preview.js";
import { contentText } from "../session/content.js";
import { headOf } from "../session/body-head.js";
import { storedPreview } from "../session/stored-row.js";
import { oneLineCut, oneLineCutClean } from "../text/one-line.js";
import { PREVIEW_MAX, type TreeRowKind } from "./types.js";

/**
 * A content's text parts joined with spaces, images left out. Stops collecting past PREVIEW_MAX
 * characters: a 100k-entry session must not copy every long message just to preview it.
 */
const previewContent = (content: unknown) => contentText(content, { separator: " ", imageAs: "", max: PREVIEW_MAX, unknownParts: true });

/** Characters of a preview's source text that its one-line fold reads (see {@link previewLine}). */
const PREVIEW_IN = PREVIEW_MAX * 2;

/** One-line preview: white space runs → one space, trimmed, capped at PREVIEW_MAX characters (of the first PREVIEW_IN). */
export function previewLine(text: string): string {
	return oneLineCut(text, PREVIEW_IN, PREVIEW_MAX);
}

/** {@link previewLine}, or undefined when it has a control character (it then needs sanitizing). */
export function previewLineClean(text: string): string | undefined {
	return oneLineCutClean(text, PREVIEW_IN, PREVIEW_MAX);
}

/** How the tree colours an entry. */
export function rowKind(entry: SessionEntry): TreeRowKind {
	switch (entry.type) {
		case "message":
			return messageKind(entry.message);
		case "custom_message":
			return "custom";
		case "compaction":
		case "branch_summary":
			return "summary";
		default:
			return "meta";
	}
}

/** How the tree (and search) name the role of a stored message. */
export function messageKind(message: { role?: unknown }): TreeRowKind {
	switch (message.role) {
		case "user":
			return "user";
		case "assistant":
			return "assistant";
		case "toolResult":
		case "bashExecution":
			return "tool";
		case "custom":
			return "custom";
		default:
			return "meta";
	}
}

/**
 * Entries never change once written (the store only appends), and a preview depends only on the
 * entry and its ancestors' tool calls, so previews are cached per entry object: typing a search
 * on a 100k-entry tree then costs one pass of substring checks per key, not one of text munging.
 */
const previewCache = new WeakMap<SessionEntry, string>();
const lowerCache = new WeakMap<SessionEntry, string>();

/** Preview text of an entry as tree-view.md lists it (`user: …`, `[read: path]`, …). Cached. */
export function previewText(view: SessionTreeView, entry: SessionEntry): string {
	let text = storedPreview(entry) ?? previewCache.get(entry);
	if (text === undefined) {
		text = computePreview(view, entry);
		previewCache.set(entry, text);
	}
	return text;
}

/**
 * {@link previewText} without caching what it computes: for a one-off pass over every row
 * (`arbor tree`), where 100k cache entries would only cost the garbage collector.
 */
export function previewOnce(view: SessionTreeView, entry: SessionEntry): string {
	return storedPreview(entry) ?? previewCache.get(entry) ?? computePreview(view, entry);
}

/** {@link previewText} lower-cased, for case-insensitive search. Cached. */
export function previewLower(view: SessionTreeView, entry: SessionEntry): string {
	let lower = lowerCache.get(entry);
	if (lower === undefined) {
		lower = previewText(view, entry).toLowerCase();
		lowerCache.set(entry, lower);
	}
	return lower;
}

/**
 * {@link previewOnce}, except that a preview still to be folded to one line is not folded: its
 * source text goes to `unfolded` (whose answer is returned), for a writer that folds it itself
 * (`arbor tree` folds and checks it for control characters in one scan, see previewLineClean).
 * `previewLine(text)` is that preview.
 */
export function previewUnfolded(view: SessionTreeView, entry: SessionEntry, unfolded: (text: string) => string): string {
	return storedPreview(entry) ?? previewCache.get(entry) ?? computePreview(view, entry, unfolded);
}

/** The preview; `line` folds the texts that need it (every use is the whole answer, so a writer can take over). */
function computePreview(view: SessionTreeView, e: SessionEntry, line: (text: string) => string = previewLine): string {
	switch (e.type) {
		case "message":
			return messagePreview(view, e, e.message, line);
		case "custom_message":
			return line(`[${String(e.customType)}]: ${previewContent(headOf(e, "content"))}`);
		case "compaction":
			return `[compaction: ${Math.round(Number(e.tokensBefore) / 1000)}k tokens]`;
		case "branch_summary":
			return line(`[branch summary]: ${String(headOf(e, "summary") ?? "")}`);
		case "model_change":
			return `[model: ${String(e.modelId)}]`;
		case "thinking_level_change":
			return `[thinking: ${String(e.thinkingLevel)}]`;
		case "custom":
			return `[custom: ${String(e.customType)}]`;
		case "label":
			return line(`[label: ${typeof e.label === "string" ? e.label : "(cleared)"}]`);
		case "session_info":
			return line(`[name: ${String(e.name ?? "")}]`);
		case "usage":
			return line(usagePreview(e));
		case "context_edit":
			return `[context ${e.replacement === null ? "omit" : "replace"}: ${String(e.targetId)}]`;
		default:
			return `[${entryType(e)}]`;
	}
}

function messagePreview(view: SessionTreeView, entry: SessionEntry, message: StoredMessage, line: (text: string) => string): string {
	switch (message.role) {
		case "user":
			return line(`user: ${previewContent(headOf(message, "content")) || "(no content)"}`);
		case "assistant":
			return line(`assistant: ${previewContent(headOf(message, "content")) || assistantFallback(message)}`);
		case "toolResult":
			return line(toolPreview(message.toolName, findToolCall(view, entry, message.toolCallId)));
		case "bashExecution":
			return line(`[bash: ${message.command}]`);
		case "custom":
			return line(`[${message.customType}]: ${previewContent(headOf(message, "content"))}`);
		case "system":
			return line(systemPreview(message));
		default: {
			// Roles this version does not know.
			return line(`[${roleName(message)}]`);
		}
	}
}

function assistantFallback(message: { stopReason: string; errorMessage?: string }): string {
	if (message.stopReason === "aborted") return "(aborted)";
	if (message.stopReason === "error") return message.errorMessage || "(error)";
	return "(no content)";
}

/** Parallel tool results chain after each other, so walk up past them to the assistant message. */
const TOOL_CALL_SEARCH_DEPTH = 64;

function findToolCall(view: SessionTreeView, entry: SessionEntry, callId: string): ToolCallContent | undefined {
	let parentId = entry.parentId;
	for (let i = 0; i < TOOL_CALL_SEARCH_DEPTH && parentId; i++) {
		const parent = view.getEntry(parentId);
		if (!parent || parent.type !== "message") return undefined;
		const message = parent.message;
		if (message.role === "assistant") {
			return (headOf(message, "content") as typeof message.content).find((c): c is ToolCallContent => c.type === "toolCall" && c.id === callId);
		}
		if (message.role !== "toolResult") return undefined;
		parentId = parent.parentId;
	}
	return undefined;
}

function toolPreview(toolName: string, call: ToolCallContent | undefined): string {
	if (!call) return `[${toolName}]`;
	const args = call.arguments ?? {};
	switch (toolName) {
		case "read":
		case "edit":
		case "write":
			return `[${toolName}: ${String(args.path ?? args.file_path ?? "")}]`;
		case "bash":
			return `[bash: ${String(args.command ?? "")}]`;
		default: {
			const values = Object.values(args).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
			return `[${toolName}: ${values.join(" ").slice(0, PREVIEW_MAX)}]`;
		}
	}
}
