import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";

/** V3 usage with the given input/output totals. */
export function usage(input: number, output: number) {
	return {
		inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
		outputTokens: { total: output, text: output, reasoning: 0 },
	};
}

/** Chunks of a streamed text answer, split into the given deltas. */
export function textChunks(deltas: string[], tokens = { input: 10, output: 5 }): LanguageModelV3StreamPart[] {
	return [
		{ type: "stream-start", warnings: [] },
		{ type: "text-start", id: "t1" },
		...deltas.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t1", delta })),
		{ type: "text-end", id: "t1" },
		{ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(tokens.input, tokens.output) },
	];
}

/** Chunks of a step that says `text` and calls one tool. */
export function toolCallChunks(opts: {
	text?: string;
	toolCallId: string;
	toolName: string;
	input: unknown;
}): LanguageModelV3StreamPart[] {
	const text: LanguageModelV3StreamPart[] = opts.text
		? [
				{ type: "text-start", id: "t0" },
				{ type: "text-delta", id: "t0", delta: opts.text },
				{ type: "text-end", id: "t0" },
			]
		: [];
	return [
		{ type: "stream-start", warnings: [] },
		...text,
		{ type: "tool-call", toolCallId: opts.toolCallId, toolName: opts.toolName, input: JSON.stringify(opts.input) },
		{ type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: usage(20, 7) },
	];
}

/** A mock model whose successive doStream calls return the given chunk lists. */
export function streamingModel(steps: LanguageModelV3StreamPart[][]): MockLanguageModelV3 {
	let call = 0;
	return new MockLanguageModelV3({
		provider: "mock",
		modelId: "mock-model",
		doStream: async () => {
			const chunks = steps[call];
			call += 1;
			if (!chunks) throw new Error(`unexpected model call #${call}`);
			return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
		},
	});
}

/** Wrap a mock model as arbor's ResolvedModel. */
export function resolved(model: MockLanguageModelV3): ResolvedModel {
	return { spec: "mock:mock-model", provider: "mock", modelId: "mock-model", model, api: "openai-completions" };
}
