/**
 * Token estimates for the status line and automatic compaction. Kept apart from the AI SDK so the
 * interactive UI can show context use without loading the model layer.
 */
import type { ContextMessage } from "../session/types.js";
import { must } from "../text/must.js";
import { CHARS_PER_TOKEN, messageText } from "./transcript.js";

/** Tokens kept free in the model's window before a turn triggers automatic compaction. */
export const DEFAULT_RESERVE_TOKENS = 16_384;
/** Default number of recent tokens kept verbatim by a compaction. */
export const DEFAULT_KEEP_RECENT_TOKENS = 20_000;

/**
 * The part of a small window that the reserve and the kept region may each take at most: with the
 * fixed 16k reserve and 20k kept, a window under ~36k either never compacted (an 8k model
 * overflowed) or compacted every turn and stayed 65–86 % full (a 32k model).
 */
const WINDOW_SHARE = 4;

/** The compaction policy for a window: the reserve and the tokens kept verbatim, each ≤ a quarter of it. */
export function compactionBudget(opts: { contextWindow?: number; reserveTokens?: number; keepRecentTokens?: number }): {
	reserveTokens: number;
	keepRecentTokens: number;
} {
	const reserve = opts.reserveTokens ?? DEFAULT_RESERVE_TOKENS;
	const keep = opts.keepRecentTokens ?? DEFAULT_KEEP_RECENT_TOKENS;
	if (!opts.contextWindow) return { reserveTokens: reserve, keepRecentTokens: keep };
	const share = Math.max(1, Math.floor(opts.contextWindow / WINDOW_SHARE));
	return { reserveTokens: Math.min(reserve, share), keepRecentTokens: Math.max(1, Math.min(keep, share)) };
}

/** Estimated tokens of some text (~4 characters per token). */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * Tokens the context uses: the newest successful assistant usage (what the provider counted) plus
 * an estimate for the messages after it; chars/4 for everything when no usage is known. A usage
 * recorded before the context's compaction counted the messages the summary replaced, so only
 * replies newer than the compaction are trusted (else the count stays at the old size).
 */
export function estimateContextTokens(messages: readonly ContextMessage[]): number {
	const first = messages[0];
	const compactedAt = first?.role === "compactionSummary" ? first.timestamp : Number.NEGATIVE_INFINITY;
	let usageIndex = -1;
	let usageTokens = 0;
	for (let i = messages.length - 1; i >= 0 && usageIndex === -1; i--) {
		const m = must(messages[i], "context message");
		if (m.role !== "assistant" || m.stopReason === "error" || m.stopReason === "aborted" || !m.usage) continue;
		if (!(m.timestamp > compactedAt)) continue;
		const u = m.usage;
		const total = u.input + u.output + u.cacheRead + u.cacheWrite;
		if (total > 0) {
			usageIndex = i;
			usageTokens = total;
		}
	}
	let tokens = usageTokens;
	for (const m of messages.slice(usageIndex + 1)) tokens += estimateTokens(messageText(m));
	return tokens;
}

/** True when the context no longer leaves the reserve ({@link compactionBudget}) free in the model's window. */
export function shouldAutoCompact(opts: { contextTokens: number; contextWindow?: number; reserveTokens?: number }): boolean {
	if (!opts.contextWindow) return false;
	return opts.contextTokens > opts.contextWindow - compactionBudget(opts).reserveTokens;
}

