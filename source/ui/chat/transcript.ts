// Over 200 lines: every entry kind's transcript lines side by side, so they stay consistent.
import type { SessionEntry, StopReason, StoredMessage } from "../../session/types.js";
import { userContentText } from "../../session/image-info.js";
import { contentText, unwrapLegacyToolResult } from "../../session/content.js";
import { headOf } from "../../session/body-head.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";

/** Lines of an assistant's reasoning the transcript shows (dim); the rest is counted. */
export const THINKING_LINES = 3;

/** Lines of a tool result shown under the call; the rest is counted (Ctrl+O shows them). */
export const RESULT_LINES = 3;

/** `… 27 more lines (Ctrl+O to expand)`; without a key bound to expanding, no parenthesis. */
export function expandHint(rest: number, key: string, what?: string): string {
	return `… ${counted(rest, "more line")}${what ? ` ${what}` : ""}${key ? ` (${key} to expand)` : ""}`;
}

/** Expanded output shows at most this many lines of one tool result (the session file and /export have all of it). */
const EXPANDED_LINES = 5000;
/** …and cuts a longer line here (a minified file read whole is one line of megabytes). */
const EXPANDED_LINE_CHARS = 10_000;

/** The lines of an expanded tool result: every line up to the caps above, a note for what they leave out. */
export function expandedLines(lines: readonly string[]): string[] {
	const shown = lines.slice(0, EXPANDED_LINES).map((line) => (line.length > EXPANDED_LINE_CHARS ? `${line.slice(0, EXPANDED_LINE_CHARS)}… (${counted(line.length - EXPANDED_LINE_CHARS, "more character")})` : line));
	if (lines.length > EXPANDED_LINES) shown.push(`… ${counted(lines.length - EXPANDED_LINES, "more line")} (in the session file; /export shows them)`);
	return shown;
}

/** A tool's or command's output as shown: sanitized, tabs as spaces (Ink measures a tab as 0 columns), no trailing blank. */
export function outputLines(output: string): string[] {
	return terminalText(output).replace(/\t/g, "    ").replace(/\s+$/, "").split("\n");
}

/**
 * A tool call's arguments, one `name: value` per line for the expanded view; a multi-line string
 * (an edit's text, a file's content) follows its name indented. Not sanitized (the view does that).
 */
export function argumentLines(args: unknown): string[] {
	if (typeof args !== "object" || args === null) return args === undefined ? [] : [JSON.stringify(args) ?? String(args)];
	const lines: string[] = [];
	for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
		if (typeof value === "string" && value.includes("\n")) {
			lines.push(`${name}:`, ...value.replace(/\n$/, "").split("\n").map((l) => `  ${l.replace(/\t/g, "    ")}`));
		} else {
			lines.push(`${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
		}
	}
	return lines;
}

/** What one tool call looks like once its result is known (or known never to come). */
type ToolResultView = { output: string; isError: boolean };

/** One block of the chat transcript. `key` is unique within one replay (entry id based). */
export type TranscriptItem =
	| { kind: "user"; key: string; text: string }
	| {
			kind: "assistant";
			key: string;
			text: string;
			/** The reasoning the provider streamed (`thinking` parts), "" when none. */
			thinking: string;
			stopReason: StopReason;
			errorMessage?: string;
			/** Only the `(aborted)` / `(error: …)` line, printed after the tool calls the stop interrupted. */
			trailer?: boolean;
	  }
	| {
			kind: "tool";
			key: string;
			toolCallId: string;
			toolName: string;
			args: unknown;
			result?: ToolResultView;
			/** False while the result may still arrive; unsettled items stay out of <Static>. */
			settled: boolean;
	  }
	| { kind: "summary"; key: string; label: "branch summary" | "compaction"; text: string }
	| { kind: "custom"; key: string; customType: string; text: string }
	| { kind: "bash"; key: string; command: string; output: string; exitCode: number | null }
	/** `hidden`: how many earlier items the notice stands for (the one notice before a printed tail). */
	| { kind: "notice"; key: string; text: string; hidden?: number };

/** The effect of one entry on the transcript: shared by replay() and live appends. */
export type TranscriptOp =
	| { type: "append"; items: TranscriptItem[] }
	| { type: "settle"; key: string; toolCallId: string; toolName: string; result: ToolResultView }
	| { type: "none" };


function messageOp(id: string, message: StoredMessage): TranscriptOp {
	switch (message.role) {
		case "user":
			return { type: "append", items: [{ kind: "user", key: id, text: userContentText(message.content) }] };
		case "assistant":
			return { type: "append", items: assistantItems(id, message) };
		case "toolResult": {
			const result = unwrapLegacyToolResult(message);
			return {
				type: "settle",
				key: id,
				toolCallId: message.toolCallId,
				toolName: message.toolName,
				// An image's own `[image]` only when the result has no text (read's text already names it).
				result: { output: contentText(result.content, { imageAs: "" }) || contentText(result.content), isError: result.isError },
			};
		}
		case "bashExecution":
			return {
				type: "append",
				items: [
					{ kind: "bash", key: id, command: message.command, output: message.output, exitCode: message.exitCode },
				],
			};
		case "custom":
			if (!message.display) return { type: "none" };
			return {
				type: "append",
				items: [{ kind: "custom", key: id, customType: message.customType, text: contentText(message.content) }],
			};
		default: {
			// pi's system messages and roles this version does not know: not part of the chat.
			return { type: "none" };
		}
	}
}

function assistantItems(id: string, message: Extract<StoredMessage, { role: "assistant" }>): TranscriptItem[] {
	const text = contentText(message.content, { separator: "", imageAs: "", unknownParts: true });
	const thinking = message.content
		.filter((p) => p.type === "thinking")
		.map((p) => String(p.thinking))
		.join("\n")
		.trim();
	const items: TranscriptItem[] = [];
	const failed = message.stopReason === "aborted" || message.stopReason === "error";
	const calls = message.content.filter((p) => p.type === "toolCall");
	// `(aborted)` / `(error: …)` goes after the tool calls the stop interrupted, as it happened.
	const trailer = failed && calls.length > 0;
	if (text.trim() !== "" || thinking !== "" || (failed && !trailer)) {
		items.push({
			kind: "assistant",
			key: id,
			text,
			thinking,
			stopReason: trailer ? "toolUse" : message.stopReason,
			...(message.errorMessage && !trailer ? { errorMessage: message.errorMessage } : {}),
		});
	}
	for (const part of calls) {
		items.push({
			kind: "tool",
			key: `${id}:${part.id}`,
			toolCallId: part.id,
			toolName: part.name,
			args: part.arguments,
			settled: false,
		});
	}
	if (trailer) {
		items.push({
			kind: "assistant",
			key: `${id}:stop`,
			text: "",
			thinking: "",
			stopReason: message.stopReason,
			trailer: true,
			...(message.errorMessage ? { errorMessage: message.errorMessage } : {}),
		});
	}
	return items;
}

/** The transcript effect of one stored entry. Markers, labels and other metadata show nothing. */
export function entryOp(entry: SessionEntry): TranscriptOp {
	switch (entry.type) {
		case "message":
			return messageOp(entry.id, entry.message);
		case "branch_summary":
			return { type: "append", items: [{ kind: "summary", key: entry.id, label: "branch summary", text: String(entry.summary) }] };
		case "compaction":
			return { type: "append", items: [{ kind: "summary", key: entry.id, label: "compaction", text: String(entry.summary) }] };
		case "custom_message": {
			if (entry.display !== true) return { type: "none" };
			const content = entry.content;
			return {
				type: "append",
				items: [{ kind: "custom", key: entry.id, customType: String(entry.customType), text: contentText(content) }],
			};
		}
		default:
			return { type: "none" };
	}
}

/** Read from the content's head (body-head.ts), which has every part the count looks at: the message is not read back from the file. */
function assistantCount(message: Extract<StoredMessage, { role: "assistant" }>): number {
	let calls = 0;
	let shown = false;
	const failed = message.stopReason === "aborted" || message.stopReason === "error";
	for (const part of headOf(message, "content") as typeof message.content) {
		if (part.type === "toolCall") calls++;
		else if (part.type === "thinking" && String(part.thinking).length > 0) shown = true;
		else if (part.type === "text" && part.text.trim() !== "") shown = true;
	}
	// A failed step with calls has a trailer item after them (assistantItems).
	return calls + (shown || (failed && calls === 0) ? 1 : 0) + (failed && calls > 0 ? 1 : 0);
}

/**
 * How many items {@link entryOp} appends for `entry`, without building their text: counts the
 * transcript items older than the printed tail on a 100k-entry path. Tool results settle a call
 * and count 0 (a result whose call is missing would count 1; rare enough for a count shown as "about").
 */
export function entryItemCount(entry: SessionEntry): number {
	switch (entry.type) {
		case "message": {
			const message = entry.message;
			if (message.role === "assistant") return assistantCount(message);
			if (message.role === "custom") return message.display ? 1 : 0;
			return message.role === "user" || message.role === "bashExecution" ? 1 : 0;
		}
		case "branch_summary":
		case "compaction":
			return 1;
		case "custom_message":
			return entry.display === true ? 1 : 0;
		default:
			return 0;
	}
}

/** A tool result with no call in view (e.g. the call was before a compaction) stands alone. */
export function orphanResult(op: Extract<TranscriptOp, { type: "settle" }>): TranscriptItem {
	return {
		kind: "tool",
		key: op.key,
		toolCallId: op.toolCallId,
		toolName: op.toolName,
		args: {},
		result: op.result,
		settled: true,
	};
}

/** Marks every pending tool call as done (the turn ended without a result for it). */
export function settleAll(items: readonly TranscriptItem[]): TranscriptItem[] {
	if (!items.some((i) => i.kind === "tool" && !i.settled)) return items as TranscriptItem[];
	return items.map((i) => (i.kind === "tool" && !i.settled ? { ...i, settled: true } : i));
}

/** Number of leading items that are final: <Static> prints exactly these. */
export function settledPrefix(items: readonly TranscriptItem[]): number {
	const first = items.findIndex((i) => i.kind === "tool" && !i.settled);
	return first === -1 ? items.length : first;
}
