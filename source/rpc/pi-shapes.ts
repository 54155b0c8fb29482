/**
 * Shapes of pi's events and answers that the event writer (pi-events.ts) and the commands
 * (commands.ts) both give: a queued message's text, and what a compaction did.
 */
import type { AgentEvent } from "../agent/events.js";
import type { QueuedContent } from "../llm/message-queue.js";
import type { CompactNowResult } from "../agent/agent-session.js";
import { contentText } from "../session/content.js";
import { unreachable } from "../text/must.js";

/** A move of the leaf (navigate_tree, an extension's navigateTree) as arbor's tree_navigated event. */
export function treeNavigated(r: Extract<AgentEvent, { type: "tree_moved" }>["result"]): Record<string, unknown> {
	const summary = r.summaryEntry ? { summaryEntry: r.summaryEntry } : {};
	return { type: "tree_navigated", oldLeafId: r.oldLeafId, newLeafId: r.newLeafId, ...summary, ...(r.editorText !== undefined ? { editorText: r.editorText } : {}) };
}

/** The text of a queued message, as pi lists queues (strings). */
export function queuedText(content: QueuedContent): string {
	return contentText(content, { imageAs: "[image]" });
}

/** pi's compaction_end: the result when compacted; else `aborted`, or `errorMessage` saying why not. */
export function compactionEnd(event: Extract<AgentEvent, { type: "compaction_end" }>): Record<string, unknown> {
	const r = event.result;
	const after = event.estimatedTokensAfter === undefined ? {} : { estimatedTokensAfter: event.estimatedTokensAfter };
	const result = r.status === "compacted" ? { summary: r.entry.summary, firstKeptEntryId: r.entry.firstKeptEntryId, tokensBefore: r.entry.tokensBefore, ...after, details: r.entry.details ?? {} } : null;
	const aborted = r.status === "cancelled" && r.reason === "aborted";
	// After an overflow, a compaction's success means the refused request is sent again (pi's willRetry).
	const willRetry = event.reason === "overflow" && r.status === "compacted";
	const errorMessage = compactionError(r);
	return { type: "compaction_end", reason: event.reason, result, aborted, willRetry, ...(errorMessage ? { errorMessage } : {}) };
}

/** Why a compaction wrote nothing, as the `compact` command's error says it too (undefined: compacted or aborted). */
export function compactionError(r: CompactNowResult): string | undefined {
	switch (r.status) {
		case "failed":
			return r.message;
		case "nothing":
			return "nothing to compact: the conversation is too short";
		case "cancelled":
			return r.reason === "hook" ? "compaction cancelled by an extension" : undefined;
		case "compacted":
			return undefined;
		default:
			return unreachable(r);
	}
}

/** A copy of `event` without its undefined fields: pi 1.6 leaves `name` out of a cleared session_info_changed. */
export function definedFields(event: object): Record<string, unknown> {
	return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));
}
