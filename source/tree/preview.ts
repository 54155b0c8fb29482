import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry, StoredMessage, ToolCallContent } from "../session/types.js";
import { PREVIEW_MAX, type TreeRowKind } from "./types.js";

type Part = { type?: unknown; text?: unknown };

/**
 * The text parts of a message content, joined with spaces. Stops collecting once `max` characters
 * are gathered: a 100k-entry session must not copy every long message just to preview it.
 */
export function contentText(content: unknown, max = PREVIEW_MAX): string {
	if (typeof content === "string") return content.slice(0, max + 1);
	if (!Array.isArray(content)) return "";
	let out = "";
	for (const part of content as Part[]) {
		if (part?.type !== "text" || typeof part.text !== "string") continue;
		out += (out ? " " : "") + part.text.slice(0, max + 1);
		if (out.length > max) break;
	}
	return out;
}

/** One-line preview: newlines/tabs → spaces, runs collapsed, trimmed, capped at `max`. */
export function oneLine(text: string, max = PREVIEW_MAX): string {
	const flat = text.slice(0, max * 2).replace(/\s+/g, " ").trim();
	return flat.length > max ? flat.slice(0, max) : flat;
}

/** How the tree colours an entry. */
export function rowKind(entry: SessionEntry): TreeRowKind {
	switch (entry.type) {
		case "message":
			return messageKind(entry.message as StoredMessage);
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
export function messageKind(message: StoredMessage): TreeRowKind {
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
	let text = previewCache.get(entry);
	if (text === undefined) {
		text = computePreview(view, entry);
		previewCache.set(entry, text);
	}
	return text;
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

function computePreview(view: SessionTreeView, entry: SessionEntry): string {
	const e = entry as Record<string, unknown>;
	switch (entry.type) {
		case "message":
			return messagePreview(view, entry, entry.message as StoredMessage);
		case "custom_message":
			return oneLine(`[${String(e.customType)}]: ${contentText(e.content)}`);
		case "compaction":
			return `[compaction: ${Math.round(Number(e.tokensBefore) / 1000)}k tokens]`;
		case "branch_summary":
			return oneLine(`[branch summary]: ${String(e.summary ?? "")}`);
		case "model_change":
			return `[model: ${String(e.modelId)}]`;
		case "thinking_level_change":
			return `[thinking: ${String(e.thinkingLevel)}]`;
		case "custom":
			return `[custom: ${String(e.customType)}]`;
		case "label":
			return oneLine(`[label: ${typeof e.label === "string" ? e.label : "(cleared)"}]`);
		case "session_info":
			return oneLine(`[name: ${String(e.name ?? "")}]`);
		default:
			return `[${entry.type}]`;
	}
}

function messagePreview(view: SessionTreeView, entry: SessionEntry, message: StoredMessage): string {
	switch (message.role) {
		case "user":
			return oneLine(`user: ${contentText(message.content) || "(no content)"}`);
		case "assistant":
			return oneLine(`assistant: ${contentText(message.content) || assistantFallback(message)}`);
		case "toolResult":
			return oneLine(toolPreview(message.toolName, findToolCall(view, entry, message.toolCallId)));
		case "bashExecution":
			return oneLine(`[bash: ${message.command}]`);
		case "custom":
			return oneLine(`[${message.customType}]: ${contentText(message.content)}`);
		default:
			return `[${(message as { role: string }).role}]`;
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
		const message = parent.message as StoredMessage;
		if (message.role === "assistant") {
			return message.content.find((c): c is ToolCallContent => c.type === "toolCall" && c.id === callId);
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
