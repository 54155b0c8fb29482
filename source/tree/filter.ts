import type { SessionTreeView } from "../session/api.js";
import { entryType, messageRole } from "../session/entry-guards.js";
import type { SessionEntry } from "../session/types.js";
import { headOf } from "../session/body-head.js";
import { storedSilent } from "../session/stored-row.js";
import { hasVisibleText } from "../text/one-line.js";
import type { TreeFilter } from "./types.js";

/**
 * Entry types that are part of the conversation, the ones the default view shows. The others
 * (labels, session names, model and thinking changes, extension data, leaf markers) are
 * bookkeeping: /label or /name make such an entry the stored leaf.
 */
const DEFAULT_TYPES = new Set(["message", "compaction", "branch_summary", "custom_message"]);

/** True for conversation entries (see {@link conversationLeaf}); pi's system messages are not. */
export function isConversationEntry(entry: SessionEntry): boolean {
	return DEFAULT_TYPES.has(entryType(entry)) && messageRole(entry) !== "system";
}

/**
 * The leaf as the user sees it: the nearest conversation entry at or above the stored leaf (after
 * `/name` or `/label` the stored leaf is the bookkeeping entry). `/label`, the status line, "Already
 * at this point" and the tree's `← active` all use it. Null when there is none.
 */
export function conversationLeaf(view: SessionTreeView): string | null {
	let entry = view.leafId === null ? undefined : view.getEntry(view.leafId);
	// Bounded: a damaged file's parent links may loop (the store reports such cycles).
	for (let steps = view.entries.length; entry && !isConversationEntry(entry) && steps > 0; steps--) {
		entry = typeof entry.parentId === "string" ? view.getEntry(entry.parentId) : undefined;
	}
	return entry && isConversationEntry(entry) ? entry.id : null;
}

/** An assistant step that only called tools (or said nothing): noise in the tree unless it is the leaf. */
export function isSilentAssistant(entry: SessionEntry): boolean {
	if (entry.type !== "message" || entry.message.role !== "assistant") return false;
	const known = storedSilent(entry); // an entry from a persisted row index: its content stays unread
	if (known !== undefined) return known;
	const message = entry.message;
	if (message.stopReason !== "stop" && message.stopReason !== "toolUse") return false;
	const stored = headOf(message, "content"); // the kept head: a tree row never reads the file
	const content = Array.isArray(stored) ? (stored as typeof message.content) : [];
	return !content.some((c) => c?.type === "text" && typeof c.text === "string" && hasVisibleText(c.text));
}

/** pi 1.6's system messages (prompt and tools), usage and context edits show only in `all`, as bookkeeping. */
function defaultVisible(entry: SessionEntry, leafId: string | null): boolean {
	if (!isConversationEntry(entry)) return false;
	return !isSilentAssistant(entry) || entry.id === leafId;
}

/**
 * Whether `filter` shows `entry` (search not included). `leafId`: the conversation leaf, which
 * the default views show even when it is a silent assistant step.
 */
export function passesFilter(view: SessionTreeView, entry: SessionEntry, filter: TreeFilter, leafId = conversationLeaf(view)): boolean {
	switch (filter) {
		case "all":
			return true;
		case "default":
			return defaultVisible(entry, leafId);
		case "no-tools":
			return defaultVisible(entry, leafId) && messageRole(entry) !== "toolResult";
		case "user": {
			const r = messageRole(entry);
			return r === "user" || r === "custom" || entry.type === "custom_message";
		}
		case "labeled":
			return view.getLabel(entry.id) !== undefined;
		default: {
			const never: never = filter;
			throw new Error(`unknown tree filter ${String(never)}`);
		}
	}
}

/** The lower-cased words of a search string; empty when there is nothing to search for. */
export function searchWords(search: string | undefined): string[] {
	if (!search) return [];
	return search.toLowerCase().split(/\s+/).filter((w) => w !== "");
}

/** Every word (lower-cased) occurs in the lower-cased preview or in the label, ignoring case. */
export function matchesSearch(words: readonly string[], lowerText: string, label: string | undefined): boolean {
	if (words.length === 0) return true;
	const lowerLabel = label?.toLowerCase();
	return words.every((w) => lowerText.includes(w) || (lowerLabel !== undefined && lowerLabel.includes(w)));
}
