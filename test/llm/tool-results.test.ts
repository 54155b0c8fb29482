import { describe, expect, it } from "vitest";
import { toModelMessages } from "../../source/llm/convert.js";
import { toolResultFromStep } from "../../source/llm/from-step.js";
import { unwrapLegacyToolResult } from "../../source/session/content.js";
import type { AssistantMessage, ToolResultMessage } from "../../source/session/types.js";

const result = (id: string, text: string, extra: Partial<ToolResultMessage> = {}): ToolResultMessage => ({
	role: "toolResult",
	toolCallId: id,
	toolName: "bash",
	content: [{ type: "text", text }],
	isError: false,
	timestamp: 1,
	...extra,
});

describe("tool results in pi's shape", () => {
	it("a ToolResult is split into content text, details and isError", () => {
		const stored = toolResultFromStep({ toolCallId: "c", toolName: "bash", output: { output: "boom\nexit code 2", details: { exitCode: 2 }, isError: true }, isError: false });
		expect(stored).toMatchObject({ content: [{ type: "text", text: "boom\nexit code 2" }], details: { exitCode: 2 }, isError: true });
		expect(toolResultFromStep({ toolCallId: "c", toolName: "x", output: "plain", isError: false })).not.toHaveProperty("details");
	});

	it("results go to the model in the order of their calls, whatever order they were stored in", () => {
		const assistant: AssistantMessage = {
			role: "assistant",
			content: [
				{ type: "toolCall", id: "a", name: "bash", arguments: {} },
				{ type: "toolCall", id: "b", name: "bash", arguments: {} },
			],
			api: "openai-completions",
			provider: "p",
			model: "m",
			usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
			stopReason: "toolUse",
			timestamp: 1,
		};
		const out = toModelMessages([assistant, result("b", "second"), result("a", "first", { isError: true })]);
		expect(out[1]).toEqual({
			role: "tool",
			content: [
				{ type: "tool-result", toolCallId: "a", toolName: "bash", output: { type: "error-text", value: "first" } },
				{ type: "tool-result", toolCallId: "b", toolName: "bash", output: { type: "text", value: "second" } },
			],
		});
	});

	it("unwraps only the exact legacy blob", () => {
		const blob = result("c", JSON.stringify({ output: "out", details: { n: 1 } }));
		expect(unwrapLegacyToolResult(blob)).toMatchObject({ content: [{ type: "text", text: "out" }], details: { n: 1 }, isError: false });
		for (const text of ['{"output":"x","other":1}', '{"output":1}', '{"output":"x"', 'plain {"output":"x"}']) {
			const kept = result("c", text);
			expect(unwrapLegacyToolResult(kept), text).toBe(kept);
		}
	});
});
