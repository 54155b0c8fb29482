import type { FinishReason, LanguageModelUsage } from "ai";
import type {
	AssistantMessage,
	StopReason,
	TextContent,
	ThinkingContent,
	ToolCallContent,
	ToolResultMessage,
	Usage,
} from "../session/types.js";
import type { ResolvedModel } from "./resolve-model.js";
import { errorMessage } from "../text/error-text.js";
import { priceUsage } from "./model-catalog.js";

/** A zero usage record; a reply's cost is filled in from the model's prices (priceUsage). */
export function emptyUsage(): Usage {
	return {
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

/** AI SDK usage → stored usage. `input` excludes cached tokens, as pi stores it. */
export function usageFromSdk(usage: LanguageModelUsage | undefined): Usage {
	const result = emptyUsage();
	if (!usage) return result;
	const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? 0;
	const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0;
	result.input = usage.inputTokenDetails?.noCacheTokens ?? Math.max(0, (usage.inputTokens ?? 0) - cacheRead - cacheWrite);
	result.output = usage.outputTokens ?? 0;
	result.cacheRead = cacheRead;
	result.cacheWrite = cacheWrite;
	result.totalTokens = result.input + result.output + cacheRead + cacheWrite;
	return result;
}

/** Sum two usage records (for a turn's total). */
export function addUsage(a: Usage, b: Usage): Usage {
	const sum = emptyUsage();
	sum.input = a.input + b.input;
	sum.output = a.output + b.output;
	sum.cacheRead = a.cacheRead + b.cacheRead;
	sum.cacheWrite = a.cacheWrite + b.cacheWrite;
	sum.totalTokens = (a.totalTokens ?? 0) + (b.totalTokens ?? 0);
	const cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	for (const key of ["input", "output", "cacheRead", "cacheWrite", "total"] as const) cost[key] = (a.cost?.[key] ?? 0) + (b.cost?.[key] ?? 0);
	sum.cost = cost;
	return sum;
}

/** The usage with its cost in dollars from the model's prices (0 where the prices are unknown). */
export function priced(usage: Usage, model: ResolvedModel): Usage {
	return { ...usage, cost: priceUsage(model.info?.cost, usage) };
}

/** SDK finish reason (or arbor's own outcome) → stored stop reason. */
export function stopReasonFrom(reason: FinishReason | "aborted"): StopReason {
	switch (reason) {
		case "stop":
		case "other":
			return "stop";
		case "length":
			return "length";
		case "tool-calls":
			return "toolUse";
		case "content-filter":
		case "error":
			return "error";
		case "aborted":
			return "aborted";
		default: {
			const unknownReason: never = reason;
			throw new Error(`unknown finish reason: ${String(unknownReason)}`);
		}
	}
}

/** One tool call as a step produced it. */
export type StepToolCall = { toolCallId: string; toolName: string; input: unknown };

/** What one model step produced, in the order the parts are stored. */
type StepOutput = {
	model: ResolvedModel;
	text: string;
	reasoning?: string;
	toolCalls: StepToolCall[];
	usage?: Usage;
	stopReason: StopReason;
	errorMessage?: string;
};

/** A finished (or aborted/failed) model step → the stored assistant message. */
export function assistantFromStep(step: StepOutput): AssistantMessage {
	const content: (TextContent | ThinkingContent | ToolCallContent)[] = [];
	if (step.reasoning) content.push({ type: "thinking", thinking: step.reasoning });
	if (step.text) content.push({ type: "text", text: step.text });
	for (const call of step.toolCalls) {
		content.push({ type: "toolCall", id: call.toolCallId, name: call.toolName, arguments: asArguments(call.input) });
	}
	const message: AssistantMessage = {
		role: "assistant",
		content,
		api: step.model.api ?? "openai-completions",
		provider: step.model.provider,
		model: step.model.modelId,
		usage: priced(step.usage ?? emptyUsage(), step.model),
		stopReason: step.stopReason,
		timestamp: Date.now(),
	};
	if (step.errorMessage !== undefined) message.errorMessage = step.errorMessage;
	return message;
}

function asArguments(input: unknown): Record<string, unknown> {
	if (input && typeof input === "object" && !Array.isArray(input)) return input as Record<string, unknown>;
	// Invalid JSON from the model arrives as a string; keep it rather than lose it.
	return input === undefined ? {} : { input };
}

/**
 * One tool outcome (result or error) → the stored tool result message, in pi's shape: `content` is
 * exactly the text the model got, the tool's structured `details` sit beside it, and `isError` is
 * true for thrown errors and for results the tool marked as failed (a non-zero exit).
 */
export function toolResultFromStep(result: {
	toolCallId: string;
	toolName: string;
	output: unknown;
	isError: boolean;
}): ToolResultMessage {
	const split = splitToolOutput(result.output);
	const message: ToolResultMessage = {
		role: "toolResult",
		toolCallId: result.toolCallId,
		toolName: result.toolName,
		content: [{ type: "text", text: split.text }, ...split.images.map((i) => ({ type: "image" as const, data: i.data, mimeType: i.mimeType }))],
		isError: result.isError || split.isError,
		timestamp: Date.now(),
	};
	if (split.details !== undefined) message.details = split.details;
	return message;
}

/** A built-in tool's `{output, details?, isError?}` (ToolResult), or any other value as text. */
function splitToolOutput(output: unknown): { text: string; details?: unknown; isError: boolean; images: { data: string; mimeType: string }[] } {
	if (output && typeof output === "object" && typeof (output as { output?: unknown }).output === "string") {
		const o = output as { output: string; details?: unknown; isError?: unknown; images?: unknown };
		const images = Array.isArray(o.images) ? o.images.filter((i): i is { data: string; mimeType: string } => typeof i?.data === "string" && typeof i?.mimeType === "string") : [];
		return { text: o.output, details: o.details, isError: o.isError === true, images };
	}
	return { text: outputText(output), isError: false, images: [] };
}

/** Tool outputs and errors as the text the model and the user see. */
function outputText(output: unknown): string {
	if (typeof output === "string") return output;
	if (output instanceof Error) return output.message;
	if (output === undefined) return "";
	try {
		return JSON.stringify(output);
	} catch (error) {
		return `[unserializable output: ${errorMessage(error)}]`;
	}
}
