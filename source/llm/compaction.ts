import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import type { CompactionEntry, SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import type { FailureReason } from "./errors.js";
import { detailsFiles } from "./files.js";
import type { ResolvedModel } from "./resolve-model.js";
import { summarizeBranch, type SummarizeResult } from "./summarize.js";
import { entryTranscript } from "./transcript.js";
import { compactionBudget, DEFAULT_KEEP_RECENT_TOKENS, DEFAULT_RESERVE_TOKENS, estimateContextTokens, estimateTokens, shouldAutoCompact } from "./tokens.js";

export { compactionBudget, DEFAULT_KEEP_RECENT_TOKENS, DEFAULT_RESERVE_TOKENS, estimateContextTokens, estimateTokens, shouldAutoCompact };

/** What a compaction will do, computed from the current path without calling the model. */
export type CompactionPlan = {
	firstKeptEntryId: string;
	toSummarize: SessionEntry[];
	previousSummary?: string;
	/** The previous compaction (its file lists carry over). */
	previousCompaction?: CompactionEntry;
	tokensBefore: number;
};

/** Entries that may start the kept region: conversation items, never a tool result. */
function canStartKept(entry: SessionEntry): boolean {
	if (entry.type === "message") return entry.message.role !== "toolResult";
	return entry.type === "custom_message" || entry.type === "branch_summary";
}

/**
 * Plan a compaction of the current path: keep about `keepRecentTokens` of the newest entries,
 * summarize what lies between the previous compaction's kept region and the cut. Null when there
 * is nothing to summarize (the path is short, or everything is already compacted).
 */
export function prepareCompaction(view: SessionTreeView, opts: { keepRecentTokens?: number } = {}): CompactionPlan | null {
	const path = view.getPath(view.leafId);
	let previous: CompactionEntry | undefined;
	let start = 0;
	path.forEach((entry, index) => {
		if (entry.type !== "compaction") return;
		previous = entry;
		const kept = path.findIndex((e) => e.id === previous?.firstKeptEntryId);
		start = kept >= 0 && kept < index ? kept : index + 1;
	});
	const keep = opts.keepRecentTokens ?? DEFAULT_KEEP_RECENT_TOKENS;
	let cut = -1;
	let tokens = 0;
	for (let i = path.length - 1; i > start; i--) {
		// A compaction's own summary is replaced, never kept verbatim, so it does not count.
		const entry = must(path[i], "path entry");
		if (entry.type !== "compaction") tokens += estimateTokens(entryTranscript(entry) ?? "");
		if (tokens >= keep) {
			cut = i;
			break;
		}
	}
	// Move the cut back to an entry that can start the kept region (never a tool result).
	while (cut > start && !canStartKept(must(path[cut], "path entry"))) cut -= 1;
	const firstKept = path[cut];
	if (cut <= start || firstKept === undefined) return null;
	const toSummarize = path.slice(start, cut).filter((e) => e.type !== "compaction");
	if (!toSummarize.some((e) => entryTranscript(e) !== null)) return null;
	return {
		firstKeptEntryId: firstKept.id,
		toSummarize,
		previousSummary: previous?.summary,
		previousCompaction: previous,
		tokensBefore: estimateContextTokens(view.buildContext().messages),
	};
}

/** Options for {@link compactSession}. */
type CompactOptions = {
	store: SessionStoreApi;
	model: ResolvedModel;
	/** Extra focus for the summary (`/compact <instructions>`). */
	instructions?: string;
	signal?: AbortSignal;
	keepRecentTokens?: number;
	maxRetries?: number;
};

/** The appended compaction entry, or why none was written. */
type CompactResult = { ok: true; entry: CompactionEntry } | { ok: false; reason: FailureReason; message: string };

/** The message when the path is too short to compact. */
const NOTHING_TO_COMPACT = "nothing to compact: the conversation is already small";

/** The summary call of a compaction: the entries to fold in, with the previous summary as background. */
export function summarizeCompaction(
	plan: CompactionPlan,
	opts: Pick<CompactOptions, "model" | "instructions" | "signal" | "maxRetries">,
): Promise<SummarizeResult> {
	return summarizeBranch({
		model: opts.model,
		entries: plan.toSummarize,
		background: plan.previousSummary,
		backgroundFiles: detailsFiles(plan.previousCompaction?.details),
		customInstructions: opts.instructions,
		signal: opts.signal,
		maxRetries: opts.maxRetries,
	});
}

/**
 * Summarize the older part of the current path and append a `compaction` entry as the new leaf.
 * A later compaction updates the previous summary. The store is unchanged on any failure.
 */
export async function compactSession(opts: CompactOptions): Promise<CompactResult> {
	const plan = prepareCompaction(opts.store.snapshot(), { keepRecentTokens: opts.keepRecentTokens });
	if (!plan) return { ok: false, reason: "empty", message: NOTHING_TO_COMPACT };
	const summary = await summarizeCompaction(plan, opts);
	if (!summary.ok) return summary;
	const entry = opts.store.append({
		type: "compaction",
		summary: summary.summary,
		firstKeptEntryId: plan.firstKeptEntryId,
		tokensBefore: plan.tokensBefore,
		details: summary.details,
	});
	opts.store.sync();
	return { ok: true, entry };
}

