import type { CompactionPlan } from "../llm/compaction.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import type { SessionStoreApi } from "../session/api.js";
import type { CompactionEntry } from "../session/types.js";
import { counted } from "../text/count.js";
import type { EventBus } from "../events/bus.js";

/** Options of {@link compactNow} (`/compact [instructions]`). */
type CompactNowOptions = {
	store: SessionStoreApi;
	/** The summary model (`--summary-model`, default the chat model). */
	model: ResolvedModel;
	/** Extra focus for the summary. */
	instructions?: string;
	signal?: AbortSignal;
	bus?: EventBus;
	/** Recent tokens kept verbatim (default DEFAULT_KEEP_RECENT_TOKENS, at most a quarter of the model's window). */
	keepRecentTokens?: number;
	maxRetries?: number;
};

/** What a compaction did. Nothing is written unless status is "compacted". */
export type CompactNowResult =
	| { status: "compacted"; entry: CompactionEntry; fromHook?: boolean }
	| { status: "cancelled"; reason: "aborted" | "hook" }
	/** Nothing older than the kept region; the automatic one says how full the window is. */
	| { status: "nothing"; contextTokens?: number; contextWindow?: number }
	| { status: "failed"; message: string };

/** Options of {@link autoCompactIfNeeded}. */
type AutoCompactOptions = Omit<CompactNowOptions, "instructions"> & {
	/** Headroom for the next answer (default DEFAULT_RESERVE_TOKENS). */
	reserveTokens?: number;
	/** Writes the summary when set; `model` (the chat model) then only gives the window. */
	summaryModel?: ResolvedModel;
	/** Called once it is decided to compact, before the summary is asked for (e.g. to show a spinner). */
	onCompacting?: () => void;
};

type Summary = { ok: true; summary: string; details?: unknown; fromHook?: boolean } | { ok: false; result: CompactNowResult };

async function obtainSummary(opts: CompactNowOptions, plan: CompactionPlan): Promise<Summary> {
	const hook =
		(await opts.bus?.emit("session_before_compact", {
			firstKeptEntryId: plan.firstKeptEntryId,
			tokensBefore: plan.tokensBefore,
			customInstructions: opts.instructions,
			entriesToSummarize: plan.toSummarize,
			previousSummary: plan.previousSummary,
			signal: opts.signal,
		})) ?? {};
	if (hook.cancel) return { ok: false, result: { status: "cancelled", reason: "hook" } };
	if (hook.compaction) return { ok: true, ...hook.compaction, fromHook: true };
	const { summarizeCompaction } = await import("../llm/compaction.js");
	const made = await summarizeCompaction(plan, opts);
	if (made.ok) return { ok: true, summary: made.summary, details: made.details };
	if (made.reason === "aborted") return { ok: false, result: { status: "cancelled", reason: "aborted" } };
	return { ok: false, result: { status: "failed", message: `compaction failed: ${made.message}` } };
}

/**
 * Summarizes the older part of the current path and appends a `compaction` entry as the new leaf
 * (summaries.md "Compaction"), firing `session_before_compact` (a handler may cancel or supply the
 * summary, stored with `fromHook: true`) and `session_compact`. A later compaction updates the
 * previous summary. On every outcome but "compacted" the session is unchanged.
 */
export async function compactNow(opts: CompactNowOptions): Promise<CompactNowResult> {
	const { compactionBudget, prepareCompaction } = await import("../llm/compaction.js");
	const before = opts.store.snapshot();
	const { keepRecentTokens } = compactionBudget({ contextWindow: opts.model.contextWindow, keepRecentTokens: opts.keepRecentTokens });
	const plan = prepareCompaction(before, { keepRecentTokens });
	if (!plan) return { status: "nothing" };
	const made = await obtainSummary(opts, plan);
	if (!made.ok) return made.result;
	if (opts.signal?.aborted) return { status: "cancelled", reason: "aborted" };
	// The summary covers the path as it was; a leaf moved meanwhile would get a wrong compaction.
	if (opts.store.snapshot().leafId !== before.leafId) {
		return { status: "failed", message: "compaction failed: the session changed while summarizing" };
	}
	const entry = opts.store.append({
		type: "compaction",
		summary: made.summary,
		firstKeptEntryId: plan.firstKeptEntryId,
		tokensBefore: plan.tokensBefore,
		...(made.details !== undefined ? { details: made.details } : {}),
		...(made.fromHook ? { fromHook: true } : {}),
	});
	opts.store.sync();
	await opts.bus?.emit("session_compact", { entryId: entry.id, fromHook: made.fromHook, compactionEntry: entry });
	return made.fromHook ? { status: "compacted", entry, fromHook: true } : { status: "compacted", entry };
}

/**
 * Call before each turn: compacts when the context no longer leaves the reserve free in the model's
 * window. The reserve and what is kept verbatim are scaled to the window ({@link compactionBudget}),
 * so a small local model compacts too. Skips ("not-needed") when the window is unknown; "nothing"
 * (with the context's size, before any spinner or summary) when there is nothing older to compact.
 */
export async function autoCompactIfNeeded(opts: AutoCompactOptions): Promise<CompactNowResult | { status: "not-needed" }> {
	const contextWindow = opts.model.contextWindow;
	if (!contextWindow) return { status: "not-needed" };
	const { compactionBudget, estimateContextTokens, prepareCompaction } = await import("../llm/compaction.js");
	const snapshot = opts.store.snapshot();
	const contextTokens = estimateContextTokens(snapshot.buildContext().messages);
	const budget = compactionBudget({ contextWindow, reserveTokens: opts.reserveTokens ?? opts.model.compactionReserve, keepRecentTokens: opts.keepRecentTokens });
	if (contextTokens <= contextWindow - budget.reserveTokens) return { status: "not-needed" };
	if (!prepareCompaction(snapshot, budget)) return { status: "nothing", contextTokens, contextWindow };
	const { reserveTokens: _reserve, summaryModel, onCompacting, ...rest } = opts;
	onCompacting?.();
	return compactNow({ ...rest, keepRecentTokens: budget.keepRecentTokens, model: summaryModel ?? opts.model });
}

/** Why a request refused as too long was not made smaller: the setting that is off, and what to do (every mode says this). */
export const AUTO_COMPACTION_OFF = 'the context is longer than the model\'s window; automatic compaction is off (settings "autoCompaction": false): /compact, then send again';

/** Why compaction did not make a refused request smaller (the result of compactForOverflow that was not "compacted"). */
export function overflowNotCompacted(result: CompactNowResult): string {
	const why = result.status === "failed" ? result.message : result.status === "cancelled" ? "compaction cancelled" : "nothing to compact";
	return `the context is longer than the model's window; ${why}`;
}

/**
 * The compaction after the provider refused the context as longer than the model's window (runTurn's
 * `onOverflow`). The window is not known — else automatic compaction would have run before the
 * turn — and may be far smaller than what compaction usually keeps verbatim (a local model of 4k or
 * 8k tokens): a quarter of the context is kept (at most the usual `keepRecentTokens`), the rest is
 * summarized.
 */
export async function compactForOverflow(opts: CompactNowOptions): Promise<CompactNowResult> {
	const { estimateContextTokens } = await import("../llm/tokens.js");
	const { DEFAULT_KEEP_RECENT_TOKENS } = await import("../llm/compaction.js");
	const tokens = estimateContextTokens(opts.store.snapshot().buildContext().messages);
	const keepRecentTokens = Math.max(1, Math.min(opts.keepRecentTokens ?? DEFAULT_KEEP_RECENT_TOKENS, Math.floor(tokens / 4)));
	return compactNow({ ...opts, keepRecentTokens });
}

/** The automatic compaction found the window nearly full but nothing older than what it keeps. */
export function nothingOlder(result: { contextTokens?: number; contextWindow?: number }): string {
	const share = result.contextWindow ? ` (${Math.round((100 * (result.contextTokens ?? 0)) / result.contextWindow)} % of the window)` : "";
	return `Context ${counted(result.contextTokens ?? 0, "token")}${share}: nothing older to compact`;
}
