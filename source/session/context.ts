import type { SessionTreeView } from "./api.js";
import { unwrapLegacyToolResult } from "./content.js";
import { isConversationMessage } from "./entry-guards.js";
import type { CompactionEntry, ContextEditContent, ContextEditEntry, ContextMessage, SessionContext, SessionEntry } from "./types.js";

/** What context building needs from a view: the entry at an id and the parent the tree uses. */
type ContextSource = Pick<SessionTreeView, "getEntry" | "entries"> & {
	parentOf?(entry: SessionEntry): SessionEntry | undefined;
};

type Walk = {
	/** Entries after the newest compaction, then (if any) the kept ones before it; newest first. */
	collected: SessionEntry[];
	compaction?: CompactionEntry;
	/** collected[0 .. afterCount) come after the compaction. */
	afterCount: number;
	model?: SessionContext["model"];
	thinkingLevel?: string;
};

/**
 * What the model receives from `leafId`: the list pi 1.6's buildSessionContext builds for the same
 * file and leaf (the pi 1.6 tests compare every leaf), without what arbor never sends: pi's system
 * messages (the compaction's `systemMessage` too; arbor sends its own prompt), messages of roles
 * arbor does not know, and bashExecution messages marked excludeFromContext (pi drops those one
 * step later). `context_edit` entries apply as in pi's buildSessionProjection: the newest edit of a
 * target among the entries in context wins, `null` leaves the target out, a replacement swaps its
 * content. Walks leaf → root only as far as needed: it stops once the newest compaction's kept
 * range, the model and the thinking level are known, so a long compacted path costs little.
 */
export function buildContext(view: ContextSource, leafId: string | null): SessionContext {
	const w = walkUp(view, leafId);
	const inOrder = [...w.collected].reverse();
	const edits = new Map<string, ContextEditEntry>();
	for (const entry of inOrder) if (entry.type === "context_edit") edits.set(entry.targetId, entry);
	const messages: ContextMessage[] = [];
	const c = w.compaction;
	if (c && edits.get(c.id)?.replacement !== null) {
		messages.push({ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: Date.parse(c.timestamp) });
	}
	for (const entry of inOrder) {
		const edit = edits.get(entry.id);
		if (edit?.replacement === null) continue;
		const message = entryMessage(entry);
		if (message) messages.push(edit ? edited(message, edit.replacement.content) : message);
	}
	return { leafId, model: w.model ?? null, thinkingLevel: w.thinkingLevel ?? "off", messages };
}

function walkUp(view: ContextSource, leafId: string | null): Walk {
	const w: Walk = { collected: [], afterCount: 0 };
	const parentOf = view.parentOf?.bind(view) ?? ((e: SessionEntry) => (typeof e.parentId === "string" ? view.getEntry(e.parentId) : undefined));
	let keptFound = false;
	// The step limit only matters for foreign views without cycle breaking: never loop forever.
	let steps = view.entries.length + 1;
	for (let e = leafId === null ? undefined : view.getEntry(leafId); e && steps-- > 0; e = parentOf(e)) {
		if (w.thinkingLevel === undefined && e.type === "thinking_level_change") w.thinkingLevel = e.thinkingLevel;
		if (w.model === undefined) w.model = modelOf(e);
		if (!w.compaction && e.type === "compaction") {
			w.compaction = e;
			w.afterCount = w.collected.length;
		} else if (!w.compaction || !keptFound) {
			w.collected.push(e);
			keptFound = w.compaction !== undefined && e.id === w.compaction.firstKeptEntryId;
		}
		if (w.compaction && keptFound && w.model !== undefined && w.thinkingLevel !== undefined) break;
	}
	// firstKeptEntryId not on the path (damaged file): pi keeps nothing before the compaction.
	if (w.compaction && !keptFound) w.collected.length = w.afterCount;
	return w;
}

function modelOf(e: SessionEntry): SessionContext["model"] | undefined {
	if (e.type === "model_change") return { provider: e.provider, modelId: e.modelId };
	// provider and model are optional on disk: reported as found (undefined when absent).
	if (e.type === "message" && e.message?.role === "assistant") return { provider: e.message.provider as string, modelId: e.message.model as string };
	return undefined;
}

/** The message an entry gives the context, before edits; undefined for every other entry. */
function entryMessage(e: SessionEntry): ContextMessage | undefined {
	switch (e.type) {
		case "message": {
			const message = e.message;
			if (!isConversationMessage(message)) return undefined; // pi's system messages, unknown roles
			if (message.role === "bashExecution" && message.excludeFromContext) return undefined;
			return message.role === "toolResult" ? unwrapLegacyToolResult(message) : message;
		}
		case "custom_message":
			return {
				role: "custom",
				customType: e.customType,
				content: e.content,
				display: e.display,
				details: e.details,
				timestamp: Date.parse(e.timestamp),
			};
		case "branch_summary":
			// pi skips a branch summary without text.
			return e.summary ? { role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: Date.parse(e.timestamp) } : undefined;
		default:
			return undefined; // settings, labels, custom state, usage, edits, older compactions, unknown types
	}
}

/**
 * A context edit's replacement in place of a message's content (pi's projectContextEntry): a string
 * becomes one text part for assistant and tool results (their content is a list); other roles
 * (bash, summaries) keep theirs.
 */
function edited(message: ContextMessage, content: ContextEditContent): ContextMessage {
	switch (message.role) {
		case "assistant":
		case "toolResult": {
			const parts = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
			return { ...message, content: parts } as ContextMessage;
		}
		case "user":
		case "custom":
			return { ...message, content } as ContextMessage;
		default:
			return message;
	}
}
