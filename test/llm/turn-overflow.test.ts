/**
 * A request the provider refuses because the context is longer than the model's window: runTurn
 * asks `onOverflow` (the front ends compact) and sends it once more; the refused attempt leaves no
 * entry. Through the real AI SDK with MockLanguageModelV3 (an APICallError as the SDK raises it).
 */
import { APICallError } from "@ai-sdk/provider";
import { tool } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isContextOverflow } from "../../source/llm/overflow.js";
import { runTurn } from "../../source/llm/turn.js";
import { FakeStore } from "./fake-store.js";
import { resolved, textChunks, toolCallChunks } from "./mock-model.js";

const LLAMA_CPP = "the request exceeds the available context size, try increasing it";

function refused(message: string): APICallError {
	return new APICallError({ message, url: "http://127.0.0.1/v1/chat/completions", requestBodyValues: {}, statusCode: 400, isRetryable: false, responseBody: JSON.stringify({ error: { message } }) });
}

/** A model whose calls answer in turn: chunks to stream, or an error to throw; the prompts it got are kept. */
function scripted(steps: (LanguageModelV3StreamPart[] | Error)[]) {
	const prompts: LanguageModelV3CallOptions["prompt"][] = [];
	const model = new MockLanguageModelV3({
		doStream: async (options) => {
			prompts.push(options.prompt);
			const step = steps[prompts.length - 1];
			if (!step) throw new Error(`unexpected call #${prompts.length}`);
			if (step instanceof Error) throw step;
			return { stream: simulateReadableStream({ chunks: step, initialDelayInMs: null, chunkDelayInMs: null }) };
		},
	});
	return { model: resolved(model), prompts };
}

describe("runTurn: a context longer than the model's window", () => {
	it("recognizes the providers' messages, not rate limits", () => {
		for (const m of [
			"This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
			"Your input exceeds the context window of this model. Please adjust your input and try again.",
			"prompt is too long: 213462 tokens > 200000 maximum",
			LLAMA_CPP,
			"Trying to keep the first 9000 tokens when context the overflows. However, the model is loaded with context length of 4096 and tokens to keep from the initial prompt is greater than the context length",
			'{"error":"prompt too long; exceeded max context length by 120 tokens"}',
			"The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).",
		]) expect(isContextOverflow(m), m).toBe(true);
		for (const m of ["Rate limit reached: too many tokens per minute", "overloaded", "connect ECONNREFUSED", "Internal server error"]) expect(isContextOverflow(m), m).toBe(false);
	});

	it("asks onOverflow, then sends the request again from the store's new context; the refused attempt leaves no entry", async () => {
		const store = new FakeStore();
		const { model, prompts } = scripted([refused(LLAMA_CPP), textChunks(["Short ", "answer."])]);
		const asked: string[] = [];
		const result = await runTurn({
			store, model, prompt: "question", maxRetries: 0,
			onOverflow: async (error) => {
				asked.push(error);
				store.appendMessage({ role: "user", content: "the context was compacted", timestamp: 1 });
				return true;
			},
		});
		expect(result).toMatchObject({ ok: true, text: "Short answer." });
		expect(asked).toHaveLength(1);
		expect(asked[0]).toContain("exceeds the available context size");
		// The second request was built from the store as it was after the hook.
		expect(JSON.stringify(prompts[1])).toContain("the context was compacted");
		expect(store.messages().map((m) => [m.role, "stopReason" in m ? m.stopReason : undefined])).toEqual([
			["user", undefined],
			["user", undefined],
			["assistant", "stop"],
		]);
	});

	it("after tool results grew the context: the refused step is dropped, the stored steps stay, and the turn goes on", async () => {
		const store = new FakeStore();
		const { model } = scripted([toolCallChunks({ toolCallId: "c1", toolName: "big", input: {} }), refused(LLAMA_CPP), textChunks(["Done."])]);
		let asked = 0;
		const result = await runTurn({
			store, model, prompt: "read it", maxRetries: 0,
			tools: { big: tool({ inputSchema: z.object({}), execute: async () => "x".repeat(1000) }) },
			onOverflow: async () => ++asked > 0,
		});
		expect(result).toMatchObject({ ok: true, text: "Done." });
		expect(asked).toBe(1);
		expect(store.messages().map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
	});

	it("once a turn: a second refusal is stored as the error; a hook that cannot help, or another error, is stored at once", async () => {
		const twice = new FakeStore();
		const again = scripted([refused(LLAMA_CPP), refused(LLAMA_CPP)]);
		let asked = 0;
		const r1 = await runTurn({ store: twice, model: again.model, prompt: "q", maxRetries: 0, onOverflow: async () => ++asked > 0 });
		expect(r1).toMatchObject({ ok: false, reason: "api", error: expect.stringContaining("exceeds the available context size") });
		expect(asked).toBe(1);
		expect(twice.messages().map((m) => ("stopReason" in m ? m.stopReason : m.role))).toEqual(["user", "error"]);

		const cannot = new FakeStore();
		const r2 = await runTurn({ store: cannot, model: scripted([refused(LLAMA_CPP)]).model, prompt: "q", maxRetries: 0, onOverflow: async () => false });
		expect(r2).toMatchObject({ ok: false, reason: "api" });
		expect(cannot.messages()).toHaveLength(2);

		let called = false;
		const other = new FakeStore();
		const r3 = await runTurn({ store: other, model: scripted([refused("Internal server error")]).model, prompt: "q", maxRetries: 0, onOverflow: async () => (called = true) });
		expect(r3).toMatchObject({ ok: false, error: expect.stringContaining("Internal server error") });
		expect(called).toBe(false);
	});
});
