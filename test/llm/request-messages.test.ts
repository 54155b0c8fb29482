import { tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runTurn } from "../../source/llm/turn.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { compatModel } from "./compat-model.js";
import { FakeStore } from "./fake-store.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const tools = {
	shout: tool({ inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => text.toUpperCase() }),
	whisper: tool({ inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => text.toLowerCase() }),
};

describe("each request sends the whole conversation (the earlier messages handed in at prepareStep, issue 35 item 19)", () => {
	it("a later turn's requests, a tool round trip's second step too, carry every earlier message in order", async () => {
		server = await startSseServer([
			textReply("first answer"),
			toolCallReply([{ id: "call_1", name: "shout", args: { text: "hi" } }], { text: "Calling." }),
			textReply("done"),
		]);
		const store = new FakeStore();
		const common = { store, model: compatModel(server.url), tools, system: "sys", maxRetries: 0 };
		await runTurn({ ...common, prompt: "one" });
		// Extensions' setActiveTools: asked at each step, as before.
		const result = await runTurn({ ...common, prompt: "two", activeTools: () => ["shout"] });
		expect(result).toMatchObject({ ok: true, text: "done" });
		const sent = server.requests.map((r) => r.body.messages);
		expect(sent[0]).toEqual([
			{ role: "system", content: "sys" },
			{ role: "user", content: "one" },
		]);
		const before = [
			{ role: "system", content: "sys" },
			{ role: "user", content: "one" },
			{ role: "assistant", content: "first answer" },
			{ role: "user", content: "two" },
		];
		expect(sent[1]).toEqual(before);
		expect(sent[2]).toEqual([
			...before,
			{ role: "assistant", content: "Calling.", tool_calls: [{ id: "call_1", type: "function", function: { name: "shout", arguments: '{"text":"hi"}' } }] },
			{ role: "tool", tool_call_id: "call_1", content: "HI" },
		]);
		const offered = server.requests.map((r) => (r.body.tools as { function: { name: string } }[]).map((t) => t.function.name));
		expect(offered).toEqual([["shout", "whisper"], ["shout"], ["shout"]]);
	});
});
