import type {
	AssistantModelMessage,
	ImagePart,
	ModelMessage,
	TextPart,
	ToolModelMessage,
	ToolResultPart,
	UserModelMessage,
} from "ai";
import type {
	AssistantMessage,
	BashExecutionMessage,
	ContextMessage,
	ImageContent,
	TextContent,
	ToolResultMessage,
	UnknownContent,
} from "../session/types.js";
import { contentText } from "../session/content.js";

/** Wording of the user message that carries a branch summary to the model. */
const BRANCH_SUMMARY_PREFIX =
	"The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
/** Wording of the user message that carries a compaction summary to the model. */
const COMPACTION_SUMMARY_PREFIX =
	"The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const COMPACTION_SUMMARY_SUFFIX = "\n</summary>";
/** pi 1.6's branch summary ends without a newline before the tag (its BRANCH_SUMMARY_SUFFIX). */
const BRANCH_SUMMARY_SUFFIX = "</summary>";
/** Text of the synthetic error result given to a tool call that never got one (pi 1.6's words). */
export const MISSING_RESULT_TEXT = "No result provided";

type PendingCall = { toolCallId: string; toolName: string };

/**
 * Each stored message's conversion, made once (issue 35 item 19: a turn converted the whole
 * conversation again, ~110 KB of garbage a turn at 200 turns). Keyed by the message object: a
 * session's messages are never changed in place (an edit, an extension's `context` handler, a
 * legacy tool result make new objects, which are converted anew). What is kept is only ever read:
 * the tool messages that group results are made fresh each time.
 */
const converted = new WeakMap<object, unknown>();

function once<T>(message: object, convert: () => T): T {
	if (converted.has(message)) return converted.get(message) as T;
	const made = convert();
	converted.set(message, made);
	return made;
}

/**
 * Convert the stored context (what `buildContext()` returns) into AI SDK messages.
 * Providers reject unpaired tool calls/results, so every tool call gets a result (a synthetic
 * error when none was stored) and results whose call is not in context are dropped.
 * Thinking parts are dropped: not every provider accepts foreign reasoning.
 */
export function toModelMessages(messages: readonly ContextMessage[]): ModelMessage[] {
	const out: ModelMessage[] = [];
	let pending: PendingCall[] = [];
	const results = new Map<string, ToolResultPart>();
	// Results go out in the order of their calls, as the live turn sent them, whatever order the
	// tools finished (and were stored) in.
	const flush = () => {
		if (pending.length > 0) pushToolParts(out, pending.map((call) => results.get(call.toolCallId) ?? missingResult(call)));
		pending = [];
		results.clear();
	};
	for (const message of messages) {
		if (message.role === "toolResult") {
			const known = pending.some((call) => call.toolCallId === message.toolCallId);
			if (known && !results.has(message.toolCallId)) results.set(message.toolCallId, once(message, () => toolResultPart(message)));
			continue;
		}
		flush();
		if (message.role === "assistant") {
			const assistant = once(message, () => assistantToModel(message));
			if (!assistant) continue;
			out.push(assistant.message);
			pending = assistant.calls;
			continue;
		}
		const user = once(message, () => otherToModel(message));
		if (user) out.push(user);
	}
	flush();
	return out;
}

function otherToModel(message: Exclude<ContextMessage, AssistantMessage | ToolResultMessage>): UserModelMessage | null {
	switch (message.role) {
		case "user":
			return { role: "user", content: userContent(message.content) };
		case "custom":
			return { role: "user", content: userContent(message.content) };
		case "bashExecution":
			return message.excludeFromContext ? null : { role: "user", content: bashText(message) };
		case "compactionSummary":
			return { role: "user", content: COMPACTION_SUMMARY_PREFIX + message.summary + COMPACTION_SUMMARY_SUFFIX };
		case "branchSummary":
			return { role: "user", content: BRANCH_SUMMARY_PREFIX + message.summary + BRANCH_SUMMARY_SUFFIX };
		default: {
			const unknownRole: never = message;
			throw new Error(`unknown context message role: ${JSON.stringify(unknownRole)}`);
		}
	}
}

/** A part of a type arbor does not know (a newer pi's) has no AI SDK form: left out of the request. */
function userContent(content: string | (TextContent | ImageContent | UnknownContent)[]): string | (TextPart | ImagePart)[] {
	if (typeof content === "string") return content;
	return content.flatMap((part): (TextPart | ImagePart)[] => {
		if (part.type === "image") return [{ type: "image", image: part.data, mediaType: part.mimeType }];
		return part.type === "text" ? [{ type: "text", text: part.text }] : [];
	});
}

/** A user's `!command` as the model reads it: pi 1.6's bashExecutionToText, word for word. */
function bashText(message: BashExecutionMessage): string {
	let text = `Ran \`${message.command}\`\n`;
	text += message.output ? `\`\`\`\n${message.output}\n\`\`\`` : "(no output)";
	if (message.cancelled) text += "\n\n(command cancelled)";
	else if (message.exitCode !== null && message.exitCode !== undefined && message.exitCode !== 0) text += `\n\nCommand exited with code ${message.exitCode}`;
	const fullOutputPath = (message as { fullOutputPath?: unknown }).fullOutputPath;
	if (message.truncated && typeof fullOutputPath === "string") text += `\n\n[Output truncated. Full output: ${fullOutputPath}]`;
	return text;
}

function assistantToModel(message: AssistantMessage): { message: AssistantModelMessage; calls: PendingCall[] } | null {
	const parts: AssistantModelMessage["content"] = [];
	const calls: PendingCall[] = [];
	for (const part of message.content) {
		if (part.type === "text") {
			if (part.text.length > 0) parts.push({ type: "text", text: part.text });
		} else if (part.type === "toolCall") {
			parts.push({ type: "tool-call", toolCallId: part.id, toolName: part.name, input: part.arguments ?? {} });
			calls.push({ toolCallId: part.id, toolName: part.name });
		}
	}
	// An assistant turn with nothing to say (aborted before output, thinking only) would be rejected.
	if (parts.length === 0) return null;
	return { message: { role: "assistant", content: parts }, calls };
}

function toolResultPart(message: ToolResultMessage): ToolResultPart {
	const text = contentText(message.content, { imageAs: "" });
	const images = message.content.filter((part): part is ImageContent => part.type === "image");
	const base = { type: "tool-result" as const, toolCallId: message.toolCallId, toolName: message.toolName };
	if (message.isError) return { ...base, output: { type: "error-text", value: text } };
	if (images.length === 0) return { ...base, output: { type: "text", value: text } };
	const value = [
		{ type: "text" as const, text },
		...images.map((image) => ({ type: "image-data" as const, data: image.data, mediaType: image.mimeType })),
	];
	return { ...base, output: { type: "content", value } };
}

function missingResult(call: PendingCall): ToolResultPart {
	return { type: "tool-result", ...call, output: { type: "error-text", value: MISSING_RESULT_TEXT } };
}

/** Consecutive results share one tool message, the shape every provider accepts. */
function pushToolParts(out: ModelMessage[], parts: ToolResultPart[]): void {
	const last = out[out.length - 1];
	if (last?.role === "tool") {
		(last as ToolModelMessage).content.push(...parts);
		return;
	}
	out.push({ role: "tool", content: parts });
}
