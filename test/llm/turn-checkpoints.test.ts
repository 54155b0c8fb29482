import { tool, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runTurn } from "../../source/llm/turn.js";
import { FakeStore } from "./fake-store.js";
import { resolved, streamingModel, textChunks, toolCallChunks } from "./mock-model.js";

describe("runTurn checkpoint hooks", () => {
	it("awaits beforeTool before each tool runs and afterTurn once the turn's entries are stored; no hook before the request", async () => {
		const store = new FakeStore();
		const log: string[] = [];
		const tools: ToolSet = {
			edit: tool({
				inputSchema: z.object({}),
				execute: async () => {
					log.push("edit ran");
					return "edited";
				},
			}),
		};
		const model = streamingModel([toolCallChunks({ toolCallId: "c1", toolName: "edit", input: {} }), textChunks(["done"])]);
		const inner = model.doStream.bind(model);
		model.doStream = async (options) => {
			log.push("request");
			return inner(options);
		};
		const checkpoints = {
			beforeTool: async (name: string) => {
				await Promise.resolve();
				log.push(`before ${name}`);
			},
			afterTurn: async () => {
				log.push(`after turn (${store.messages().length} messages stored)`);
			},
		};
		const result = await runTurn({ store, model: resolved(model), prompt: "go", tools, checkpoints });
		expect(result.ok).toBe(true);
		expect(log).toEqual(["request", "before edit", "edit ran", "request", "after turn (4 messages stored)"]);
	});
});
