/** The model layer: the only code that imports `ai` / `@ai-sdk/*`. */
export {
	resolveModel,
	knownContextWindow,
	NO_MODEL_MESSAGE,
	type ResolvedModel,
	type ResolveModelOptions,
	type ResolveResult,
	type ModelApi,
} from "./resolve-model.js";
export { toModelMessages, BRANCH_SUMMARY_PREFIX, COMPACTION_SUMMARY_PREFIX, MISSING_RESULT_TEXT } from "./convert.js";
export {
	assistantFromStep,
	toolResultFromStep,
	usageFromSdk,
	addUsage,
	emptyUsage,
	stopReasonFrom,
	outputText,
	type StepOutput,
	type StepToolCall,
} from "./from-step.js";
export { ABORTED_MESSAGE, describeError, type FailureReason } from "./errors.js";
export { runTurn, EMPTY_ANSWER_MESSAGE, CONTENT_FILTER_MESSAGE, type RunTurnOptions, type TurnResult, type TurnEvent } from "./turn.js";
export { buildSystemPrompt, buildSummaryPrompt, SUMMARY_INSTRUCTIONS, SUMMARY_FORMAT } from "./prompts.js";
export {
	summarizeBranch,
	EMPTY_SUMMARY_MESSAGE,
	SUMMARY_ABORTED_MESSAGE,
	type SummarizeOptions,
	type SummarizeResult,
} from "./summarize.js";
export { collectFiles, formatFileBlocks, detailsFiles, type FileDetails } from "./files.js";
export { buildTranscript, entryTranscript, messageText, DEFAULT_TRANSCRIPT_TOKENS } from "./transcript.js";
export {
	prepareCompaction,
	compactSession,
	estimateContextTokens,
	estimateTokens,
	shouldAutoCompact,
	lastAssistant,
	NOTHING_TO_COMPACT,
	DEFAULT_KEEP_RECENT_TOKENS,
	DEFAULT_RESERVE_TOKENS,
	type CompactionPlan,
	type CompactOptions,
	type CompactResult,
} from "./compaction.js";
