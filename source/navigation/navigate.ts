import type { ResolvedModel } from "../llm/resolve-model.js";
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import { conversationLeaf, isConversationEntry as isConversation } from "../tree/filter.js";
import { contentText } from "../session/content.js";
import { SessionError, type BranchSummaryEntry, type CompactionEntry, type SessionEntry } from "../session/types.js";
import type { EventBus } from "../events/bus.js";
import type { NavigateOptions, NavigateResult, NavigationPlan } from "./types.js";

/** What navigateTree needs besides the target: the store, the summary model, the extension bus. */
export type NavigationContext = {
	store: SessionStoreApi;
	summaryModel?: ResolvedModel;
	bus?: EventBus;
	/** Provider retries for the summary call (the SDK's default when absent). */
	maxRetries?: number;
};

/** The text of a user message or custom message, for the editor. */
export function editorTextOf(entry: SessionEntry): string | undefined {
	const content =
		entry.type === "message" && entry.message.role === "user"
			? entry.message.content
			: entry.type === "custom_message"
				? entry.content
				: undefined;
	return content === undefined ? undefined : contentText(content, { imageAs: "" });
}

/** Kept exports for navigation modules (merge.ts): the one definition lives in session/tree-filter.ts. */
export { conversationLeaf, isConversation };

/**
 * Where selecting `targetId` takes the leaf (tree-view.md "Selecting"): a user or custom message →
 * its parent, with its text for the editor; anything else → the entry itself. Selecting the leaf,
 * or the entry a trailing label/name entry hangs from, is "already here". Pure.
 */
export function planNavigation(view: SessionTreeView, targetId: string, opts: { asParent?: boolean } = {}): NavigationPlan {
	const target = view.getEntry(targetId);
	if (!target) throw new SessionError("unknown-id", `no entry ${targetId} in this session`);
	const oldLeafId = view.leafId;
	const editorText = opts.asParent ? undefined : editorTextOf(target);
	const newLeafId = editorText !== undefined ? target.parentId : target.id;
	const alreadyHere = targetId === oldLeafId || (!opts.asParent && targetId === conversationLeaf(view));
	const { entries, commonAncestorId, compaction } = alreadyHere
		? { entries: [], commonAncestorId: oldLeafId, compaction: undefined }
		: view.abandoned(oldLeafId, newLeafId);
	const abandoned = entries.filter(isConversation);
	return { targetId, oldLeafId, alreadyHere, newLeafId, editorText, commonAncestorId, abandoned, compaction };
}

/** The compaction met on the walk back from the old leaf, when it carries summary text. */
function summarizedCompaction(plan: NavigationPlan): CompactionEntry | undefined {
	const c = plan.compaction;
	return c?.type === "compaction" && typeof c.summary === "string" && c.summary.trim() !== "" ? c : undefined;
}

/**
 * Whether leaving the branch leaves something a summary can cover: conversation entries, or a
 * compaction on the way back (its own summary is content — after `/compact` it is the leaf).
 */
export function canSummarize(plan: NavigationPlan): boolean {
	return plan.abandoned.length > 0 || summarizedCompaction(plan) !== undefined;
}

/** What an extension's summarizer gets: the compaction first (as pi includes it), then the entries. */
function entriesToSummarize(plan: NavigationPlan): SessionEntry[] {
	const compaction = summarizedCompaction(plan);
	return compaction ? [compaction, ...plan.abandoned] : plan.abandoned;
}

type SummaryOutcome =
	| { ok: true; summary?: { summary: string; details?: unknown }; fromHook?: boolean; label?: string }
	| { ok: false; result: NavigateResult };

export async function obtainSummary(ctx: NavigationContext, plan: NavigationPlan, opts: NavigateOptions): Promise<SummaryOutcome> {
	const wantsSummary = Boolean(opts.summarize) && canSummarize(plan);
	const hook = ctx.bus
		? await ctx.bus.emit("session_before_tree", {
				targetId: plan.targetId,
				oldLeafId: plan.oldLeafId,
				commonAncestorId: plan.commonAncestorId,
				entriesToSummarize: entriesToSummarize(plan),
				userWantsSummary: wantsSummary,
				customInstructions: opts.customInstructions,
				replaceInstructions: opts.replaceInstructions,
				label: opts.label,
				signal: opts.signal,
			})
		: {};
	if (hook.cancel) return { ok: false, result: { status: "cancelled", reason: "hook" } };
	const label = hook.label ?? opts.label;
	if (!wantsSummary) return { ok: true, label };
	if (opts.summary !== undefined) return { ok: true, summary: { summary: opts.summary }, label };
	if (hook.summary) return { ok: true, summary: hook.summary, fromHook: true, label };
	if (!ctx.summaryModel) {
		return { ok: false, result: { status: "failed", message: "no model configured for summaries (use --summary-model or --model)" } };
	}
	const { summarizeBranch } = await import("../llm/summarize.js");
	const { detailsFiles } = await import("../llm/files.js");
	const compaction = summarizedCompaction(plan);
	const made = await summarizeBranch({
		model: ctx.summaryModel,
		entries: plan.abandoned,
		background: compaction?.summary,
		backgroundFiles: detailsFiles(compaction?.details),
		maxRetries: ctx.maxRetries,
		customInstructions: hook.customInstructions ?? opts.customInstructions,
		replaceInstructions: hook.replaceInstructions ?? opts.replaceInstructions,
		signal: opts.signal,
	});
	if (made.ok) return { ok: true, summary: { summary: made.summary, details: made.details }, label };
	if (made.reason === "aborted") return { ok: false, result: { status: "cancelled", reason: "aborted" } };
	return { ok: false, result: { status: "failed", message: `summary failed: ${made.message}` } };
}

/**
 * Moves the leaf to `targetId` as /tree does, optionally summarizing the branch being left. Used by
 * `arbor navigate`, print mode's `--at` and the UI. Writes nothing unless the move happens; failures
 * and cancellations leave the session unchanged.
 */
export async function navigateTree(ctx: NavigationContext, targetId: string, opts: NavigateOptions = {}): Promise<NavigateResult> {
	return navigateByPlan(ctx, planNavigation(ctx.store.snapshot(), targetId, opts), opts);
}

/**
 * navigateTree with the plan its caller already made (the /tree screen plans on Enter to decide
 * whether to ask about a summary): the plan is made once per move. A plan made before the leaf
 * moved is made again.
 */
export async function navigateByPlan(ctx: NavigationContext, planned: NavigationPlan, opts: NavigateOptions = {}): Promise<NavigateResult> {
	const plan = planned.oldLeafId === ctx.store.snapshot().leafId ? planned : planNavigation(ctx.store.snapshot(), planned.targetId, opts);
	if (plan.alreadyHere) return { status: "already-here" };
	if (opts.summarize && !canSummarize(plan)) {
		const from = plan.oldLeafId ?? "the empty conversation";
		return { status: "failed", message: `nothing to summarize: moving from ${from} to ${plan.targetId} leaves no conversation behind` };
	}
	const outcome = await obtainSummary(ctx, plan, opts);
	if (!outcome.ok) return outcome.result;
	if (opts.signal?.aborted) return { status: "cancelled", reason: "aborted" };
	let summaryEntry: BranchSummaryEntry | undefined;
	// A summary needs abandoned entries, so there is an old leaf to name as fromId.
	if (outcome.summary && plan.oldLeafId !== null) {
		summaryEntry = ctx.store.appendAt(plan.newLeafId, {
			type: "branch_summary",
			fromId: plan.oldLeafId,
			summary: outcome.summary.summary,
			...(outcome.summary.details !== undefined ? { details: outcome.summary.details } : {}),
			...(outcome.fromHook ? { fromHook: true } : {}),
		});
	} else {
		ctx.store.moveLeaf(plan.newLeafId, { marker: !opts.asParent });
	}
	if (outcome.label) {
		const labelTarget = summaryEntry?.id ?? plan.targetId;
		ctx.store.setLabel(labelTarget, outcome.label);
	}
	ctx.store.sync();
	// The logical position: a label entry appended afterwards sits on the same context path.
	const newLeafId = summaryEntry?.id ?? plan.newLeafId;
	await ctx.bus?.emit("session_tree", { newLeafId, oldLeafId: plan.oldLeafId, summaryEntry, fromHook: outcome.fromHook });
	return {
		status: "moved",
		oldLeafId: plan.oldLeafId,
		newLeafId,
		...(plan.editorText !== undefined ? { editorText: plan.editorText } : {}),
		...(summaryEntry ? { summaryEntry } : {}),
		...(outcome.fromHook ? { fromHook: true } : {}),
	};
}
