import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { createToolSet } from "../../source/tools/tool-set.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

const usage = {
	inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
	outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function toolCallThenText(calls: { toolName: string; input: unknown }[]) {
	return new MockLanguageModelV3({
		doGenerate: [
			{
				content: calls.map((c, i) => ({
					type: "tool-call" as const,
					toolCallId: `call-${i}`,
					toolName: c.toolName,
					input: JSON.stringify(c.input),
				})),
				finishReason: { unified: "tool-calls", raw: undefined },
				usage,
				warnings: [],
			},
			{ content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
		],
	});
}

describe("tool specs inside generateText", () => {
	it("validates input, runs the tools and sends text (or error text) back to the model", async () => {
		dir = makeTree({ "a.txt": "alpha\n" });
		const model = toolCallThenText([
			{ toolName: "read", input: { path: "a.txt" } },
			{ toolName: "read", input: { path: "missing.txt" } },
			{ toolName: "bash", input: { command: "exit 4" } },
		]);
		const tools = createToolSet({ cwd: dir, enabled: ["read", "bash"] });
		const result = await generateText({ model, tools, prompt: "go", stopWhen: stepCountIs(2) });
		expect(result.text).toBe("done");
		const toolMessage = model.doGenerateCalls[1]!.prompt.find((m) => m.role === "tool");
		const outputs = toolMessage?.content.map((p) => (p.type === "tool-result" ? p.output : undefined));
		expect(outputs).toEqual([
			{ type: "text", value: "     1\talpha" },
			{ type: "error-text", value: "missing.txt: no such file" },
			{ type: "error-text", value: "(no output)\nexit code 4" },
		]);
		const first = result.steps[0]!.content.find((p) => p.type === "tool-result");
		expect(first?.type === "tool-result" && first.output).toMatchObject({ output: "     1\talpha" });
	});
});
