import type { ResolvedModel } from "../llm/resolve-model.js";
import { estimateContextTokens } from "../llm/tokens.js";
import { contentText } from "../session/content.js";
import { headOf } from "../session/body-head.js";
import type { SessionTreeView } from "../session/api.js";
import type { StoredMessage } from "../session/types.js";
import { entryCost, entryUsage } from "../session/usage.js";

/** pi's get_session_stats: counts and usage of the active path, and the context's share of the window. */
export type SessionStats = {
	sessionFile: string | undefined;
	sessionId: string;
	userMessages: number;
	assistantMessages: number;
	toolCalls: number;
	toolResults: number;
	totalMessages: number;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
	cost: number;
	contextUsage?: { tokens: number; contextWindow: number; percent: number };
};

/** The messages on the path root → leaf, in order (every branch summary and compaction left out). */
export function pathMessages(view: SessionTreeView): StoredMessage[] {
	return view.getPath(view.leafId).flatMap((e) => (e.type === "message" ? [e.message] : []));
}

/** What {@link sessionStats} counts on the path. */
type PathCounts = Omit<SessionStats, "sessionFile" | "sessionId" | "contextUsage">;

/**
 * Counts and usage of the messages on the active path (pure), from what the entries keep in memory:
 * a message's tool calls are all in its content's head (body-head.ts), so no message is read back
 * from the file (on a 100k-entry path that took most of a second).
 */
function pathCounts(view: SessionTreeView): PathCounts {
	const messages = pathMessages(view);
	const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	let cost = 0;
	let toolCalls = 0;
	for (const m of messages) {
		if (m.role !== "assistant") continue;
		for (const c of headOf(m, "content") as typeof m.content) if (c.type === "toolCall") toolCalls++;
	}
	// Replies, pi 1.6's `usage` entries (cache warming) and what summaries cost.
	for (const entry of view.getPath(view.leafId)) {
		const u = entryUsage(entry);
		if (!u) continue;
		tokens.input += u.input ?? 0;
		tokens.output += u.output ?? 0;
		tokens.cacheRead += u.cacheRead ?? 0;
		tokens.cacheWrite += u.cacheWrite ?? 0;
		cost += entryCost(entry);
	}
	tokens.total = tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite;
	const count = (role: StoredMessage["role"]) => messages.filter((m) => m.role === role).length;
	return {
		userMessages: count("user"),
		assistantMessages: count("assistant"),
		toolCalls,
		toolResults: count("toolResult"),
		totalMessages: messages.length,
		tokens,
		cost,
	};
}

/** The estimated tokens of the context at the leaf (what the next request sends, before the new message). */
export function contextTokens(view: SessionTreeView): number {
	return estimateContextTokens(view.buildContext().messages);
}

/** Statistics of the active path (pure). */
export function sessionStats(view: SessionTreeView, ids: { file: string | undefined; id: string }, model: ResolvedModel | undefined): SessionStats {
	const window = model?.contextWindow;
	return {
		sessionFile: ids.file,
		sessionId: ids.id,
		...pathCounts(view),
		...(window ? { contextUsage: contextUsage(view, window) } : {}),
	};
}

/** The context's estimated tokens and their share of the window (built only when the window is known). */
function contextUsage(view: SessionTreeView, window: number): NonNullable<SessionStats["contextUsage"]> {
	const tokens = estimateContextTokens(view.buildContext().messages);
	return { tokens, contextWindow: window, percent: Math.round((tokens / window) * 1000) / 10 };
}

/** The text of the newest assistant message on the path, or null (pi's get_last_assistant_text). */
export function lastAssistantText(view: SessionTreeView): string | null {
	const last = pathMessages(view).reverse().find((m) => m.role === "assistant");
	if (last?.role !== "assistant") return null;
	return last.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("");
}

/** The user messages of the path, for pi's get_fork_messages. */
export function forkMessages(view: SessionTreeView): { entryId: string; text: string }[] {
	return view
		.getPath(view.leafId)
		.flatMap((e) => (e.type === "message" && e.message.role === "user" ? [{ entryId: e.id, text: contentText(e.message.content, { imageAs: "" }) }] : []));
}
