import type { ModelMessage, PrepareStepFunction, ToolSet } from "ai";

/**
 * The conversation handed to `streamText` so that the SDK does not check the whole of it with zod
 * on every request (issue 35 item 19: its `standardizePrompt` validates every message each turn, ~5 µs
 * a message, the largest cost of a long session's turn after the streams themselves). Only the newest
 * message goes through `messages` (and is validated there as before); the earlier ones, already sent
 * in earlier requests, are put back in front at each step by `prepareStep`, whose messages the SDK
 * takes as given. The request sent is the same: `[...earlier, newest, ...this turn's steps]`.
 *
 * What differs, and arbor does not use: the SDK's own views of "the step's input" (a tool's
 * `execute` options.messages, `repairToolCall`, telemetry's `ai.prompt`) see the newest message on.
 */
export function requestMessages(
	messages: readonly ModelMessage[],
	activeTools: (() => string[] | undefined) | undefined,
): { messages: ModelMessage[]; prepareStep: PrepareStepFunction<ToolSet> } {
	const earlier = messages.slice(0, -1);
	return {
		messages: messages.slice(-1),
		prepareStep: ({ messages: step }) => ({
			messages: earlier.length === 0 ? step : [...earlier, ...step],
			// Asked again at each step: a tool loaded by a step (MCP's lazy loading) is offered in the next.
			...(activeTools ? { activeTools: activeTools() } : {}),
		}),
	};
}
