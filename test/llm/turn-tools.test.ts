import { asSchema, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { turnTools } from "../../source/llm/turn-tools.js";

const tools = (): ToolSet => ({
	read: { description: "read", inputSchema: z.object({ path: z.string(), limit: z.number().optional() }), execute: async (args: unknown) => args },
	info: { description: "info", inputSchema: z.object({}) },
});

type Made = { jsonSchema: unknown; validate?: (v: unknown) => Promise<{ success: boolean }> | { success: boolean } };

describe("the tools a request offers (issue 35 item 19)", () => {
	it("each schema is the SDK's own conversion, made once per schema and kept across requests", async () => {
		const set = tools();
		const first = turnTools(set, undefined)!;
		const second = turnTools(set, undefined)!;
		const made = first.read!.inputSchema as unknown as Made;
		expect(second.read!.inputSchema).toBe(made);
		expect(made.jsonSchema).toEqual(asSchema(set.read!.inputSchema).jsonSchema);
		expect((first.info!.inputSchema as unknown as Made).jsonSchema).toEqual(asSchema(set.info!.inputSchema).jsonSchema);
		// The same checks of the model's arguments.
		expect((await made.validate!({ path: "a" })).success).toBe(true);
		expect((await made.validate!({ path: 1 })).success).toBe(false);
		// The caller's ToolSet is not changed.
		expect(set.read!.inputSchema).toBeInstanceOf(z.ZodObject);
	});

	it("with checkpoint hooks, beforeTool is awaited before each tool runs", async () => {
		const calls: string[] = [];
		const hooks = { beforeTool: async (name: string) => void calls.push(`before ${name}`), afterTurn: async () => {} };
		const offered = turnTools(tools(), hooks)!;
		const out = await offered.read!.execute!({ path: "x" }, { toolCallId: "1", messages: [] });
		expect(calls).toEqual(["before read"]);
		expect(out).toEqual({ path: "x" });
		expect(offered.info!.execute).toBeUndefined();
	});
});
