import { tool, type ToolSet } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runTurn, type TurnEvent } from "../../source/llm/turn.js";
import type { AssistantMessage, ToolResultMessage } from "../../source/session/types.js";
import { FakeStore } from "./fake-store.js";
import { resolved, streamingModel, textChunks, toolCallChunks, usage } from "./mock-model.js";

function shortEvents(events: TurnEvent[]): string[] {
	return events.map((e) => {
		switch (e.type) {
			case "text_delta":
			case "thinking_delta":
				return `${e.type}:${e.delta}`;
			case "message_end":
				return `message_end:${e.entryId}:${e.message.role}`;
			case "tool_call":
				return `tool_call:${e.toolName}:${JSON.stringify(e.args)}`;
			case "tool_result":
				return `tool_result:${e.toolCallId}:${e.output}:${e.isError}`;
			case "error":
				return `error:${e.message}`;
			case "message_start":
				return e.type;
			default: {
				const never: never = e;
				return String(never);
			}
		}
	});
}

describe("runTurn", () => {
	it("streams a plain answer and stores user + assistant", async () => {
		const store = new FakeStore();
		const events: TurnEvent[] = [];
		const result = await runTurn({
			store,
			model: resolved(streamingModel([textChunks(["Hel", "lo!"])])),
			prompt: "hi",
			onEvent: (e) => events.push(e),
		});
		expect(shortEvents(events)).toEqual([
			"message_end:e001:user",
			"message_start",
			"text_delta:Hel",
			"text_delta:lo!",
			"message_end:e002:assistant",
		]);
		expect(result).toEqual({
			ok: true,
			stopReason: "stop",
			text: "Hello!",
			usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
			leafId: "e002",
		});
		const [user, assistant] = store.messages() as [unknown, AssistantMessage];
		expect(user).toMatchObject({ role: "user", content: "hi" });
		expect(assistant).toMatchObject({
			role: "assistant",
			content: [{ type: "text", text: "Hello!" }],
			api: "openai-completions",
			provider: "mock",
			model: "mock-model",
			stopReason: "stop",
		});
		expect(assistant.errorMessage).toBeUndefined();
		expect(store.messages()).toHaveLength(2);
		expect(store.syncCount).toBe(1);
	});

	it("sends the path's context and system prompt to the model", async () => {
		const store = new FakeStore();
		store.appendMessage({ role: "user", content: "earlier", timestamp: 1 });
		const model = streamingModel([textChunks(["ok"])]);
		await runTurn({ store, model: resolved(model), prompt: "now", system: "be brief" });
		expect(model.doStreamCalls[0]!.prompt).toEqual([
			{ role: "system", content: "be brief" },
			{ role: "user", content: [{ type: "text", text: "earlier" }] },
			{ role: "user", content: [{ type: "text", text: "now" }] },
		]);
	});

	it("runs a tool round trip and stores each step and result in order", async () => {
		const store = new FakeStore();
		const tools: ToolSet = {
			echo: tool({
				description: "echo",
				inputSchema: z.object({ text: z.string() }),
				execute: async ({ text }) => `echo: ${text}`,
			}),
		};
		const model = streamingModel([
			toolCallChunks({ text: "Let me echo.", toolCallId: "call-1", toolName: "echo", input: { text: "abc" } }),
			textChunks(["Done."]),
		]);
		const events: TurnEvent[] = [];
		const result = await runTurn({ store, model: resolved(model), prompt: "echo abc", tools, onEvent: (e) => events.push(e) });
		expect(shortEvents(events)).toEqual([
			"message_end:e001:user",
			"message_start",
			"text_delta:Let me echo.",
			'tool_call:echo:{"text":"abc"}',
			"tool_result:call-1:echo: abc:false",
			"message_end:e002:assistant",
			"message_end:e003:toolResult",
			"message_start",
			"text_delta:Done.",
			"message_end:e004:assistant",
		]);
		const [, step1, toolResult, step2] = store.messages() as [unknown, AssistantMessage, ToolResultMessage, AssistantMessage];
		expect(step1.content).toEqual([
			{ type: "text", text: "Let me echo." },
			{ type: "toolCall", id: "call-1", name: "echo", arguments: { text: "abc" } },
		]);
		expect(step1.stopReason).toBe("toolUse");
		expect(toolResult).toMatchObject({ role: "toolResult", toolCallId: "call-1", toolName: "echo", isError: false, content: [{ type: "text", text: "echo: abc" }] });
		expect(step2).toMatchObject({ content: [{ type: "text", text: "Done." }], stopReason: "stop" });
		expect(result).toMatchObject({ ok: true, text: "Done.", stopReason: "stop", leafId: "e004" });
		expect(result.usage).toMatchObject({ input: 30, output: 12, totalTokens: 42 });
		// The second call got the tool result back.
		const second = model.doStreamCalls[1]!.prompt;
		expect(second[second.length - 1]).toMatchObject({
			role: "tool",
			content: [{ type: "tool-result", toolCallId: "call-1", toolName: "echo", output: { type: "text", value: "echo: abc" } }],
		});
	});

	it("stores a failing tool as an error result and continues", async () => {
		const store = new FakeStore();
		const tools: ToolSet = {
			boom: tool({ inputSchema: z.object({}), execute: async (): Promise<string> => { throw new Error("disk on fire"); } }),
		};
		const model = streamingModel([toolCallChunks({ toolCallId: "c9", toolName: "boom", input: {} }), textChunks(["Sorry."])]);
		const result = await runTurn({ store, model: resolved(model), prompt: "go", tools });
		const roles = store.messages().map((m) => m.role);
		expect(roles).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(store.messages()[2]).toMatchObject({ isError: true, content: [{ type: "text", text: "disk on fire" }] });
		expect(result.ok).toBe(true);
	});

	it("stores a provider error as stopReason error with the message", async () => {
		const store = new FakeStore();
		const model = new MockLanguageModelV3({
			doStream: async () => ({
				stream: simulateReadableStream({
					chunks: [
						{ type: "stream-start", warnings: [] },
						{ type: "text-start", id: "t" },
						{ type: "text-delta", id: "t", delta: "Half" },
						{ type: "error", error: new Error("overloaded") },
					],
					initialDelayInMs: null,
					chunkDelayInMs: null,
				}),
			}),
		});
		const events: TurnEvent[] = [];
		const result = await runTurn({ store, model: resolved(model), prompt: "q", onEvent: (e) => events.push(e) });
		expect(result).toMatchObject({ ok: false, reason: "api", stopReason: "error", error: "overloaded" });
		expect(store.messages()).toHaveLength(2);
		expect(store.messages()[1]).toMatchObject({ role: "assistant", stopReason: "error", errorMessage: "overloaded", content: [{ type: "text", text: "Half" }] });
		expect(shortEvents(events).at(-1)).toBe("error:overloaded");
	});

	it("stores an error thrown before streaming (e.g. HTTP failure)", async () => {
		const store = new FakeStore();
		const model = new MockLanguageModelV3({ doStream: async () => { throw new Error("connect ECONNREFUSED"); } });
		const result = await runTurn({ store, model: resolved(model), prompt: "q", maxRetries: 0 });
		expect(result).toMatchObject({ ok: false, reason: "api", stopReason: "error", error: "connect ECONNREFUSED", text: "" });
		expect(store.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(store.messages()[1]).toMatchObject({ content: [], stopReason: "error", errorMessage: "connect ECONNREFUSED" });
	});

	it("treats a content-filter stop as a provider error", async () => {
		const store = new FakeStore();
		const chunks = textChunks(["Partly"]);
		chunks[chunks.length - 1] = { type: "finish", finishReason: { unified: "content-filter", raw: "content_filter" }, usage: usage(1, 1) };
		const result = await runTurn({ store, model: resolved(streamingModel([chunks])), prompt: "q" });
		expect(result).toMatchObject({ ok: false, reason: "api", stopReason: "error", text: "Partly", error: "the provider's content filter stopped the answer" });
		expect(store.messages()).toHaveLength(2);
		expect(store.messages()[1]).toMatchObject({ stopReason: "error", errorMessage: "the provider's content filter stopped the answer" });
	});

	it("reports an empty answer", async () => {
		const store = new FakeStore();
		const result = await runTurn({ store, model: resolved(streamingModel([textChunks([])])), prompt: "q" });
		expect(result).toMatchObject({ ok: false, reason: "empty", stopReason: "stop", text: "", error: "the model returned an empty answer" });
	});
});
