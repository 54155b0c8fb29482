import type { ContextMessage, SessionEntry, StoredMessage } from "../session/types.js";
import { contentText, unwrapLegacyToolResult } from "../session/content.js";
import { isConversationMessage } from "../session/entry-guards.js";
import { must } from "../text/must.js";

/** Rough token estimate used everywhere in llm/: ~4 characters per token. */
export const CHARS_PER_TOKEN = 4;
/** Default transcript budget of the summarizer, in tokens. */
export const DEFAULT_TRANSCRIPT_TOKENS = 20_000;
const TOOL_RESULT_CHARS = 1000;
const TOOL_ARGS_CHARS = 300;

/** Cut text to `max` characters, saying how much was left out. */
export function truncate(text: string, max: number): string {
	if (text.length <= max) return text;
	return `${text.slice(0, max)}… [${text.length - max} more characters]`;
}


function isSummary(message: StoredMessage | ContextMessage): boolean {
	return message.role === "compactionSummary" || message.role === "branchSummary";
}

/** One context message as transcript text (also used for token estimates). */
export function messageText(message: StoredMessage | ContextMessage): string {
	if (!isConversationMessage(message as StoredMessage) && !isSummary(message)) return "";
	switch (message.role) {
		case "user":
			return `User: ${contentText(message.content)}`;
		case "assistant": {
			const lines: string[] = [];
			for (const part of message.content) {
				if (part.type === "text" && part.text) lines.push(`Assistant: ${part.text}`);
				if (part.type === "toolCall") {
					lines.push(`Assistant called tool: ${part.name}(${truncate(JSON.stringify(part.arguments ?? {}), TOOL_ARGS_CHARS)})`);
				}
			}
			if (message.stopReason === "error") lines.push(`[assistant error: ${message.errorMessage ?? "unknown"}]`);
			if (message.stopReason === "aborted") lines.push("[assistant reply aborted by the user]");
			return lines.join("\n");
		}
		case "toolResult": {
			message = unwrapLegacyToolResult(message);
			const label = message.isError ? `${message.toolName}, error` : message.toolName;
			return `Tool result (${label}): ${truncate(contentText(message.content), TOOL_RESULT_CHARS)}`;
		}
		case "bashExecution":
			return `User ran shell command: $ ${message.command}\n${truncate(message.output, TOOL_RESULT_CHARS)}`;
		case "custom":
			return `[${message.customType}]: ${contentText(message.content)}`;
		case "compactionSummary":
			return `Summary of earlier conversation:\n${message.summary}`;
		case "branchSummary":
			return `Summary of a branch the conversation came back from:\n${message.summary}`;
		default:
			return ""; // pi's system messages and unknown roles: not conversation

	}
}

/** One entry as transcript text, or null for entries that carry no conversation. */
export function entryTranscript(e: SessionEntry): string | null {
	switch (e.type) {
		case "message":
			return messageText(e.message) || null;
		case "custom_message":
			return `[${String(e.customType)}]: ${contentText(e.content)}`;
		case "branch_summary":
			return `Summary of a branch the conversation came back from:\n${String(e.summary)}`;
		case "compaction":
			return `Summary of earlier conversation:\n${String(e.summary)}`;
		default:
			return null;
	}
}

/**
 * Serialize entries as a readable transcript within a token budget. Filled newest-first so the
 * most recent work survives a tight budget, then put back in chronological order.
 */
export function buildTranscript(entries: readonly SessionEntry[], budgetTokens = DEFAULT_TRANSCRIPT_TOKENS): string {
	let remaining = budgetTokens * CHARS_PER_TOKEN;
	const blocks: string[] = [];
	let omitted = 0;
	for (let i = entries.length - 1; i >= 0; i--) {
		const text = entryTranscript(must(entries[i], "entry"));
		if (text === null) continue;
		if (blocks.length > 0 && text.length > remaining) {
			// Once one block does not fit, older ones are left out too: the transcript stays contiguous.
			omitted += 1;
			remaining = 0;
			continue;
		}
		// The newest block is always kept (cut if needed): an empty transcript summarizes nothing.
		blocks.push(blocks.length === 0 ? truncate(text, remaining) : text);
		remaining -= text.length + 2;
	}
	blocks.reverse();
	if (omitted > 0) blocks.unshift(`[${omitted} earlier entries omitted]`);
	return blocks.join("\n\n");
}
