import { describe, expect, it } from "vitest";
import { MockLanguageModelV3 } from "ai/test";
import { nextThinkingLevel, thinkingOptions } from "../../source/llm/thinking.js";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";

const model = (api: ResolvedModel["api"], reasoning: boolean): ResolvedModel => ({
	spec: "p:m", provider: "p", modelId: "m", api, model: new MockLanguageModelV3(),
	info: { id: "m", reasoning, input: ["text"] },
});

describe("thinking levels", () => {
	it("maps a level to each provider's option", () => {
		expect(thinkingOptions(model("openai-responses", true), "medium")).toEqual({ openai: { reasoningEffort: "medium", reasoningSummary: "auto" } });
		expect(thinkingOptions(model("anthropic-messages", true), "high")).toEqual({ anthropic: { thinking: { type: "enabled", budgetTokens: 16_384 } } });
		expect(thinkingOptions(model("anthropic-messages", true), "minimal")).toEqual({ anthropic: { thinking: { type: "enabled", budgetTokens: 1024 } } });
		expect(thinkingOptions(model("openai-completions", true), "low")).toEqual({ openaiCompatible: { reasoningEffort: "low" } });
	});

	it("asks nothing for off, no level, or a model not marked reasoning", () => {
		expect(thinkingOptions(model("openai-responses", true), "off")).toBeUndefined();
		expect(thinkingOptions(model("openai-responses", true), undefined)).toBeUndefined();
		expect(thinkingOptions(model("openai-completions", false), "high")).toBeUndefined();
	});

	it("cycles off → minimal → low → medium → high → off", () => {
		const seen = ["off"];
		for (let i = 0; i < 5; i++) seen.push(nextThinkingLevel(seen.at(-1) as "off"));
		expect(seen).toEqual(["off", "minimal", "low", "medium", "high", "off"]);
	});
});
