import { roleName } from "../../source/session/entry-guards.js";
import { tool, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MessageQueue } from "../../source/llm/message-queue.js";
import { runTurn } from "../../source/llm/turn.js";
import { FakeStore } from "./fake-store.js";
import { resolved, streamingModel, textChunks, toolCallChunks } from "./mock-model.js";

/** The role and text of every stored message, in file order. */
function roles(store: FakeStore): string[] {
	return store.messages().map((m) => {
		if (!("content" in m)) return roleName(m);
		const parts = typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content as Array<{ type: string; text?: string; name?: string }>);
		return `${roleName(m)}: ${parts.map((p) => (p.type === "toolCall" ? `call ${p.name}` : (p.text ?? p.type))).join("")}`;
	});
}

describe("runTurn steering (pi's steer)", () => {
	it("delivers a message queued while a tool runs after that tool's result, before the model goes on", async () => {
		const store = new FakeStore();
		const steering = new MessageQueue();
		const tools: ToolSet = {
			look: tool({
				inputSchema: z.object({}),
				execute: async () => {
					steering.push("use the other file");
					return "looked";
				},
			}),
		};
		// Without the steer the SDK would call the model a second time with the tool result and a third
		// never; with it the loop stops after the tool, stores the message, and asks again.
		const model = streamingModel([toolCallChunks({ toolCallId: "c1", toolName: "look", input: {} }), textChunks(["ok, the other file"])]);
		const requests: unknown[] = [];
		const inner = model.doStream.bind(model);
		model.doStream = async (options) => {
			requests.push(options.prompt);
			return inner(options);
		};
		const result = await runTurn({ store, model: resolved(model), prompt: "go", tools, steering });
		expect(result.ok).toBe(true);
		expect(roles(store)).toEqual(["user: go", "assistant: call look", "toolResult: looked", "user: use the other file", "assistant: ok, the other file"]);
		expect(steering.size).toBe(0);
		const second = JSON.stringify(requests[1]);
		expect(second).toContain("looked");
		expect(second).toContain("use the other file");
		expect(second.indexOf("looked")).toBeLessThan(second.indexOf("use the other file"));
	});

	it("a message queued as the model finishes continues the same turn", async () => {
		const store = new FakeStore();
		const steering = new MessageQueue();
		const model = streamingModel([textChunks(["first"]), textChunks(["second"])]);
		const result = await runTurn({
			store,
			model: resolved(model),
			prompt: "go",
			steering,
			onEvent: (e) => {
				if (e.type === "text_delta" && e.delta === "first") steering.push("and then?");
			},
		});
		expect(result).toMatchObject({ ok: true, text: "second" });
		expect(roles(store)).toEqual(["user: go", "assistant: first", "user: and then?", "assistant: second"]);
	});

	it("without steering the turn ends after the answer; an empty queue changes nothing", async () => {
		const store = new FakeStore();
		const model = streamingModel([textChunks(["only"])]);
		const result = await runTurn({ store, model: resolved(model), prompt: "go", steering: new MessageQueue() });
		expect(result).toMatchObject({ ok: true, text: "only" });
		expect(roles(store)).toEqual(["user: go", "assistant: only"]);
	});
});
