import { tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runTurn, type TurnEvent } from "../../source/llm/turn.js";
import type { AssistantMessage } from "../../source/session/types.js";
import { errorReply, startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { compatModel } from "./compat-model.js";
import { FakeStore } from "./fake-store.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe("real @ai-sdk/openai-compatible provider against a local SSE server", () => {
	it("streams text, runs a tool round trip and records usage", async () => {
		server = await startSseServer([
			toolCallReply([{ id: "call_1", name: "shout", args: { text: "hi" } }], { text: "Calling." }),
			textReply("All done now.", { usage: { prompt: 40, completion: 3 } }),
		]);
		const store = new FakeStore();
		const events: TurnEvent[] = [];
		const tools = {
			shout: tool({ inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => text.toUpperCase() }),
		};
		const result = await runTurn({
			store,
			model: compatModel(server.url),
			prompt: "shout hi",
			tools,
			system: "sys",
			maxRetries: 0,
			onEvent: (e) => events.push(e),
		});
		expect(result).toMatchObject({ ok: true, stopReason: "stop", text: "All done now.", leafId: "e004" });
		expect(result.usage).toMatchObject({ input: 60, output: 13, totalTokens: 73 });
		expect(store.messages().map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		const first = store.messages()[1] as AssistantMessage;
		expect(first).toMatchObject({
			api: "openai-completions",
			provider: "compat",
			model: "test-model",
			stopReason: "toolUse",
			content: [
				{ type: "text", text: "Calling." },
				{ type: "toolCall", id: "call_1", name: "shout", arguments: { text: "hi" } },
			],
		});
		expect(store.messages()[2]).toMatchObject({ toolCallId: "call_1", content: [{ type: "text", text: "HI" }] });
		expect(events.filter((e) => e.type === "text_delta").map((e) => (e as { delta: string }).delta)).toEqual([
			"Calling.",
			"All ",
			"done ",
			"now.",
		]);
		expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/chat/completions"]);
		expect(server.requests[0]!.body).toMatchObject({
			model: "test-model",
			stream: true,
			messages: [
				{ role: "system", content: "sys" },
				{ role: "user", content: "shout hi" },
			],
		});
		expect(server.requests[1]!.body.messages.slice(2)).toEqual([
			{
				role: "assistant",
				content: "Calling.",
				tool_calls: [{ id: "call_1", type: "function", function: { name: "shout", arguments: '{"text":"hi"}' } }],
			},
			{ role: "tool", tool_call_id: "call_1", content: "HI" },
		]);
	});

	it("stores an HTTP 500 as an error turn", async () => {
		server = await startSseServer([errorReply(500, "upstream exploded")]);
		const store = new FakeStore();
		const result = await runTurn({ store, model: compatModel(server.url), prompt: "q", maxRetries: 0 });
		expect(result).toMatchObject({ ok: false, reason: "api", stopReason: "error", error: "HTTP 500: upstream exploded" });
		expect(store.messages()[1]).toMatchObject({ stopReason: "error", errorMessage: "HTTP 500: upstream exploded", content: [] });
	});

	it("aborts a held stream and keeps the partial text", async () => {
		server = await startSseServer([textReply(["Part", "ial"], { hold: true })]);
		const store = new FakeStore();
		const controller = new AbortController();
		let seen = "";
		const result = await runTurn({
			store,
			model: compatModel(server.url),
			prompt: "q",
			signal: controller.signal,
			maxRetries: 0,
			onEvent: (e) => {
				if (e.type === "text_delta") seen += e.delta;
				if (seen === "Partial") controller.abort();
			},
		});
		expect(result).toMatchObject({ ok: false, reason: "aborted", stopReason: "aborted", text: "Partial" });
		expect(store.messages()[1]).toMatchObject({ stopReason: "aborted", content: [{ type: "text", text: "Partial" }] });
	});
});
