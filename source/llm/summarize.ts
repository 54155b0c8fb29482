import { generateText } from "ai";
import type { SessionEntry } from "../session/types.js";
import { describeError, isAbortError, type FailureReason } from "./errors.js";
import { collectFiles, formatFileBlocks, stripFileBlocks, type FileDetails } from "./files.js";
import { buildSummaryPrompt, SUMMARIZER_SYSTEM } from "./prompts.js";
import type { ResolvedModel } from "./resolve-model.js";
import { buildTranscript, DEFAULT_TRANSCRIPT_TOKENS } from "./transcript.js";

/** Options for {@link summarizeBranch}. */
type SummarizeOptions = {
	model: ResolvedModel;
	/** The entries to summarize, oldest first. */
	entries: readonly SessionEntry[];
	/** A summary that precedes the entries (a compaction's, or the previous compaction summary). */
	background?: string;
	/** File lists that go with `background` (merged into the result's details). */
	backgroundFiles?: FileDetails;
	customInstructions?: string;
	/** Use customInstructions instead of the default instructions rather than in addition. */
	replaceInstructions?: boolean;
	/** Transcript budget in tokens (default 20000, ~4 chars per token). */
	tokenBudget?: number;
	signal?: AbortSignal;
	/** SDK retries on retryable HTTP errors (default 2). */
	maxRetries?: number;
};

/** A summary with its file lists, or why there is none. */
export type SummarizeResult =
	| { ok: true; summary: string; details: FileDetails }
	| { ok: false; reason: FailureReason; message: string };

/** The message for a summarizer that answered with nothing. */
const EMPTY_SUMMARY_MESSAGE = "the model returned an empty summary";
/** The message for a cancelled summary. */
const SUMMARY_ABORTED_MESSAGE = "Summary cancelled";

/**
 * Summarize a stretch of conversation (an abandoned branch, or the older part of a path for
 * compaction) in the fixed structure, with the touched files appended as blocks and returned as
 * `details`. Expected failures are returned as values, never thrown.
 */
export async function summarizeBranch(opts: SummarizeOptions): Promise<SummarizeResult> {
	const details = collectFiles(opts.entries, opts.backgroundFiles);
	const prompt = buildSummaryPrompt({
		transcript: buildTranscript(opts.entries, opts.tokenBudget ?? DEFAULT_TRANSCRIPT_TOKENS),
		background: opts.background === undefined ? undefined : stripFileBlocks(opts.background),
		customInstructions: opts.customInstructions,
		replaceInstructions: opts.replaceInstructions,
	});
	try {
		const result = await generateText({
			model: opts.model.model,
			system: SUMMARIZER_SYSTEM,
			prompt,
			abortSignal: opts.signal,
			maxRetries: opts.maxRetries,
		});
		const text = result.text.trim();
		if (opts.signal?.aborted) return { ok: false, reason: "aborted", message: SUMMARY_ABORTED_MESSAGE };
		if (!text) return { ok: false, reason: "empty", message: EMPTY_SUMMARY_MESSAGE };
		return { ok: true, summary: text + formatFileBlocks(details), details };
	} catch (error) {
		if (isAbortError(error, opts.signal)) return { ok: false, reason: "aborted", message: SUMMARY_ABORTED_MESSAGE };
		return { ok: false, reason: "api", message: describeError(error) };
	}
}
