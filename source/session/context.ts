import type { SessionTreeView } from "./api.js";
import { unwrapLegacyToolResult } from "./content.js";
import type { CompactionEntry, ContextMessage, SessionContext, SessionEntry } from "./types.js";

/** What context building needs from a view: the entry at an id and the parent the tree uses. */
export type ContextSource = Pick<SessionTreeView, "getEntry" | "entries"> & {
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
 * What the model receives from `leafId`: exactly the list pi's buildSessionContext builds for the
 * same file and leaf (the fixtures' expected.json are the oracle), except that bashExecution
 * messages marked excludeFromContext are dropped here already (pi drops them one step later).
 * Walks leaf → root only as far as needed: it stops once the newest compaction's kept range,
 * the model and the thinking level are known, so a long compacted path costs little.
 */
export function buildContext(view: ContextSource, leafId: string | null): SessionContext {
	const w = walkUp(view, leafId);
	const messages: ContextMessage[] = [];
	if (w.compaction) {
		const c = w.compaction;
		messages.push({ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: Date.parse(c.timestamp) });
	}
	for (const entry of [...w.collected].reverse()) pushEntry(messages, entry);
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

function pushEntry(out: ContextMessage[], e: SessionEntry): void {
	switch (e.type) {
		case "message": {
			const message = e.message;
			if (message.role === "bashExecution" && message.excludeFromContext) return;
			out.push(message.role === "toolResult" ? unwrapLegacyToolResult(message) : message);
			return;
		}
		case "custom_message":
			out.push({
				role: "custom",
				customType: e.customType,
				content: e.content,
				display: e.display,
				details: e.details,
				timestamp: Date.parse(e.timestamp),
			});
			return;
		case "branch_summary":
			// pi skips a branch summary without text.
			if (e.summary) {
				out.push({ role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: Date.parse(e.timestamp) });
			}
			return;
		default:
			return; // settings, labels, custom state and unknown types never reach the model
	}
}
