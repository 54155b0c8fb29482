import { tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runTurn } from "../../source/llm/turn.js";
import type { AssistantMessage } from "../../source/session/types.js";
import { FakeStore } from "./fake-store.js";
import { resolved, streamingModel, textChunks, toolCallChunks } from "./mock-model.js";

describe("runTurn abort", () => {
	it("stores the partial text as aborted when the signal fires mid-stream", async () => {
		const store = new FakeStore();
		const controller = new AbortController();
		let pull = 0;
		const model = new MockLanguageModelV3({
			doStream: async () => ({
				stream: new ReadableStream({
					pull(c) {
						pull += 1;
						if (pull === 1) c.enqueue({ type: "stream-start", warnings: [] });
						if (pull === 2) c.enqueue({ type: "text-start", id: "t" });
						if (pull === 3) c.enqueue({ type: "text-delta", id: "t", delta: "partial ans" });
						// Afterwards the stream hangs like a slow server until the abort.
					},
				}),
			}),
		});
		const result = await runTurn({
			store,
			model: resolved(model),
			prompt: "long please",
			signal: controller.signal,
			onEvent: (e) => {
				if (e.type === "text_delta") controller.abort();
			},
		});
		expect(result).toMatchObject({ ok: false, reason: "aborted", stopReason: "aborted", text: "partial ans", error: "Request was aborted", leafId: "e002" });
		const last = store.messages()[1] as AssistantMessage;
		expect(last).toMatchObject({ content: [{ type: "text", text: "partial ans" }], stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(store.messages()).toHaveLength(2);
	});

	it("aborts while a tool runs: the step is stored as aborted with its call, no result", async () => {
		const store = new FakeStore();
		const controller = new AbortController();
		let started = false;
		const tools: ToolSet = {
			slow: tool({
				inputSchema: z.object({}),
				execute: (_input, { abortSignal }) =>
					new Promise<string>((_, reject) => {
						started = true;
						abortSignal?.addEventListener("abort", () => reject(new Error("tool cancelled")));
						controller.abort();
					}),
			}),
		};
		const model = streamingModel([toolCallChunks({ text: "Working.", toolCallId: "s1", toolName: "slow", input: {} }), textChunks(["never"])]);
		const result = await runTurn({ store, model: resolved(model), prompt: "go", tools, signal: controller.signal });
		expect(started).toBe(true);
		expect(result).toMatchObject({ ok: false, reason: "aborted", stopReason: "aborted", text: "Working." });
		expect(store.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
		expect((store.messages()[1] as AssistantMessage).content).toEqual([
			{ type: "text", text: "Working." },
			{ type: "toolCall", id: "s1", name: "slow", arguments: {} },
		]);
		expect(model.doStreamCalls).toHaveLength(1);
	});

	it("does not call the model when the signal is already aborted", async () => {
		const store = new FakeStore();
		const model = streamingModel([textChunks(["x"])]);
		const result = await runTurn({ store, model: resolved(model), prompt: "q", signal: AbortSignal.abort() });
		expect(result).toMatchObject({ ok: false, reason: "aborted", stopReason: "aborted", text: "" });
		expect(store.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(store.messages()[1]).toMatchObject({ content: [], stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(model.doStreamCalls).toHaveLength(0);
	});
});
