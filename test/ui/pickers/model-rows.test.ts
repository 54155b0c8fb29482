/** /model's rows and Ctrl+P's next model, from a catalog and what this run can use. */
import { describe, expect, it } from "vitest";
import type { ModelCatalog } from "../../../source/llm/model-catalog.js";
import { modelScope } from "../../../source/config/model-scope.js";
import { modelRows, nextModel } from "../../../source/ui/pickers/model-picker.js";

const catalog: ModelCatalog = {
	providers: [
		{ name: "local", source: "models.json", baseUrl: "http://127.0.0.1:9/v1", models: [{ id: "a", reasoning: false, input: ["text"] }, { id: "b", reasoning: false, input: ["text"] }] },
		{ name: "openai", source: "built-in", apiKey: "OPENAI_API_KEY", models: [{ id: "gpt-5", name: "GPT-5", contextWindow: 400_000, reasoning: true, input: ["text", "image"] }] },
	],
};
const noKeys = (spec: string) => (spec.startsWith("openai:") ? "OPENAI_API_KEY" : undefined);

describe("modelRows and nextModel", () => {
	it("lists the usable models first; the others say what they need", () => {
		const rows = modelRows(catalog, { current: "local:b", recent: [], query: "", need: noKeys });
		expect(rows.map((r) => [r.spec, r.need])).toEqual([
			["local:b", undefined],
			["local:a", undefined],
			["openai:gpt-5", "OPENAI_API_KEY"],
		]);
	});

	it("Ctrl+P goes to the next usable model and wraps; none when the current is the only one", () => {
		expect(nextModel(catalog, { current: "local:b", recent: [], need: noKeys })).toBe("local:a");
		expect(nextModel(catalog, { current: "local:a", recent: ["local:b"], need: noKeys })).toBe("local:b");
		const one: ModelCatalog = { providers: [catalog.providers[1]!] };
		expect(nextModel(one, { current: "compat:x", recent: [], need: noKeys })).toBeUndefined();
	});

	it("--models scopes Ctrl+P: only the models it names, from a model outside it to the first; all when none of them can be used", () => {
		const three: ModelCatalog = { providers: [{ ...catalog.providers[0]!, models: ["a", "b", "c"].map((id) => ({ id, reasoning: false, input: ["text" as const] })) }, catalog.providers[1]!] };
		const scope = modelScope(["local:a", "local/c"]);
		expect(nextModel(three, { current: "local:a", recent: [], need: noKeys, scope })).toBe("local:c");
		expect(nextModel(three, { current: "local:c", recent: [], need: noKeys, scope })).toBe("local:a");
		expect(nextModel(three, { current: "local:b", recent: [], need: noKeys, scope })).toBe("local:a");
		expect(nextModel(three, { current: "local:a", recent: [], need: noKeys, scope: modelScope(["gpt-*"]) })).toBe("local:b");
	});
});

describe("modelScope (--models, settings enabledModels)", () => {
	it("takes -m's forms with * for any characters, case aside; no patterns, no scope", () => {
		const scope = modelScope(["anthropic:claude-*", "gpt-4o", "*MINI*", "openrouter/anthropic/*"])!;
		expect(["anthropic:claude-sonnet-4-5", "openai:gpt-4o", "openai:gpt-4.1-mini", "openrouter:anthropic/claude-x"].every(scope)).toBe(true);
		expect(["openai:gpt-4o-2024", "openai:o3", "anthropic:x-claude-"].some(scope)).toBe(false);
		expect(modelScope(["anthropic/claude-*"])!("anthropic:claude-opus-4")).toBe(true);
		expect(modelScope([])).toBeUndefined();
		expect(modelScope([" ", ""])).toBeUndefined();
		expect(modelScope(undefined)).toBeUndefined();
	});
});
