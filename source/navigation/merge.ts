/**
 * Merge: bring another branch's conclusions into this one without leaving it. The branch that
 * ends at `fromId` (back to its common ancestor with the target) is summarized by the same
 * summarizer, with the same `session_before_tree` event, as leaving a branch in /tree; the summary
 * is appended as a `branch_summary` (`fromId` = the merged entry) under the target, which it makes
 * the leaf, so the next turn's context carries it. A failed or cancelled summary writes nothing.
 */
import type { BranchSummaryEntry } from "../session/types.js";
import { canSummarize, conversationLeaf, isConversation, obtainSummary, type NavigationContext } from "./navigate.js";
import type { NavigationPlan } from "./types.js";
import type { SessionTreeView } from "../session/api.js";

export type MergeOptions = {
	/** The entry to merge into (default: the conversation leaf). */
	intoId?: string;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
	signal?: AbortSignal;
};

export type MergeResult =
	| { status: "merged"; fromId: string; intoId: string | null; summaryEntry: BranchSummaryEntry; fromHook?: boolean }
	| { status: "nothing-to-merge"; message: string }
	| { status: "cancelled"; reason: "aborted" | "hook" }
	| { status: "failed"; message: string };

/** What merging `fromId` into `intoId` would summarize (ids already resolved). Pure. */
export function planMerge(view: SessionTreeView, fromId: string, intoId: string | null): NavigationPlan {
	const { entries, commonAncestorId, compaction } = view.abandoned(fromId, intoId);
	return { targetId: intoId ?? fromId, oldLeafId: fromId, alreadyHere: false, newLeafId: intoId, commonAncestorId, abandoned: entries.filter(isConversation), compaction };
}

/** Summarizes the branch ending at `fromId` and appends the summary under the target. */
export async function mergeBranch(ctx: NavigationContext, fromId: string, opts: MergeOptions = {}): Promise<MergeResult> {
	const view = ctx.store.snapshot();
	const intoId = opts.intoId ?? conversationLeaf(view);
	const plan = planMerge(view, fromId, intoId);
	if (!canSummarize(plan)) {
		return { status: "nothing-to-merge", message: `${fromId} is already on the path to ${intoId ?? "the root"}: nothing to merge` };
	}
	const outcome = await obtainSummary(ctx, plan, { summarize: true, ...opts });
	if (!outcome.ok) {
		const r = outcome.result;
		return r.status === "cancelled" ? r : { status: "failed", message: r.status === "failed" ? r.message : "merge failed" };
	}
	if (opts.signal?.aborted) return { status: "cancelled", reason: "aborted" };
	if (!outcome.summary) return { status: "failed", message: "no summary was made" };
	const summaryEntry = ctx.store.appendAt(intoId, {
		type: "branch_summary",
		fromId,
		summary: outcome.summary.summary,
		...(outcome.summary.details !== undefined ? { details: outcome.summary.details } : {}),
		...(outcome.fromHook ? { fromHook: true } : {}),
	});
	if (outcome.label) ctx.store.setLabel(summaryEntry.id, outcome.label);
	ctx.store.sync();
	await ctx.bus?.emit("session_tree", { newLeafId: summaryEntry.id, oldLeafId: intoId, summaryEntry, fromHook: outcome.fromHook });
	return { status: "merged", fromId, intoId, summaryEntry, ...(outcome.fromHook ? { fromHook: true } : {}) };
}
