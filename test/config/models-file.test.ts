import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelsFile } from "../../source/config/models-file.js";
import { findModel, findProvider, mergeCatalog, priceUsage } from "../../source/llm/model-catalog.js";
import { resolveApiKey, resolveModel } from "../../source/llm/resolve-model.js";

function home(text: string): string {
	const dir = mkdtempSync(join(tmpdir(), "arbor-models-"));
	writeFileSync(join(dir, "models.json"), text);
	return dir;
}

/** pi's documented Ollama example, unchanged (pi's own keys arbor does not use are tolerated). */
const PI_OLLAMA = `{
  "providers": {
    "ollama": {
      "baseUrl": "http://localhost:11434/v1",
      "api": "openai-completions",
      "apiKey": "ollama",
      "compat": { "supportsDeveloperRole": false },
      "models": [
        { "id": "llama3.1:8b", "name": "Llama 3.1 8B", "reasoning": false, "input": ["text"],
          "contextWindow": 128000, "maxTokens": 32000, "cost": { "input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0 } },
        { "id": "qwen3:32b", "reasoning": true, "contextWindow": 40960 }
      ]
    }
  }
}`;

describe("models.json", () => {
	it("reads pi's shape: providers, api, apiKey, models with window, output limit, reasoning, input, cost", async () => {
		const [ollama] = await loadModelsFile(home(PI_OLLAMA));
		expect(ollama).toEqual({
			name: "ollama",
			baseUrl: "http://localhost:11434/v1",
			api: "openai-completions",
			apiKey: "ollama",
			compat: { supportsDeveloperRole: false },
			source: "models.json",
			models: [
				{ id: "llama3.1:8b", name: "Llama 3.1 8B", reasoning: false, input: ["text"], contextWindow: 128_000, maxTokens: 32_000, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } },
				{ id: "qwen3:32b", reasoning: true, input: ["text"], contextWindow: 40_960 },
			],
		});
	});

	it("no file is no providers", async () => {
		expect(await loadModelsFile(mkdtempSync(join(tmpdir(), "arbor-models-")))).toEqual([]);
	});

	it.each([
		[`{"providers": {"x": {"models": [{"id": "a", "contextWindow": "big"}]}}}`, ":1: providers.x.models[0].contextWindow must be a positive whole number of tokens"],
		[`{"providers": {"x": {"api": 7}}}`, ":1: providers.x.api must be a non-empty string"],
		[`{"providers": {"x": {"headers": {"x-a": 1}}}}`, ":1: providers.x.headers.x-a must be a string (text, $NAME or !command)"],
		[`{"providers": {"x": {"modelOverrides": {"m": {"contextWindow": 0}}}}}`, ":1: providers.x.modelOverrides.m.contextWindow must be a positive whole number of tokens"],
		[`{\n "providers": {\n  "x": {\n   "models": [\n    {"name": "no id"}\n   ]\n  }\n }\n}`, ":5: providers.x.models[0].id is required (the model's name on the server)"],
		[`{"providers": {"x": {"models": [{"id": "a", "input": ["text", "audio"]}]}}}`, ":1: providers.x.models[0].input[1] must be one of \"text\", \"image\""],
		[`{"providers": {"x": {"models": [{"id": "a", "cost": {"input": -1}}]}}}`, ":1: providers.x.models[0].cost.input must be a number ≥ 0 (dollars per million tokens)"],
		[`{"providers": {"x": {"baseUrl": "localhost:11434"}}}`, ":1: providers.x.baseUrl must be an http(s) URL, e.g. http://127.0.0.1:11434/v1"],
		[`{"providers": {"a:b": {}}}`, ":1: providers.a:b a provider's name is letters, digits, '.', '_' or '-' (it is written before the ':' of --model)"],
		[`{"providers": {"x": {"models": [{"id": "a"}, {"id": "a"}]}}}`, ":1: providers.x.models[1].id \"a\" is listed twice"],
		[`{"providers": []}`, ":1: providers must be an object: provider name → { baseUrl, api, apiKey, models }"],
		[`{\n "providers": {,\n}`, ":2: invalid JSON (ValueExpected)"],
	])("a wrong value is exit 2 naming the file, line and field: %s", async (text, message) => {
		const dir = home(text);
		const error = await loadModelsFile(dir).then(() => undefined, (e: unknown) => e as { message: string; exitCode: number });
		expect(error?.exitCode).toBe(2);
		expect(error?.message).toBe(`${join(dir, "models.json")}${message}`);
	});

	it("merges over the built-in providers: a declared model of ollama gives it a window; new providers resolve", async () => {
		const catalog = mergeCatalog(await loadModelsFile(home(PI_OLLAMA)));
		const local = resolveModel("ollama:qwen3:32b", { env: {}, catalog });
		expect(local.ok && local.value.contextWindow).toBe(40_960);
		expect(local.ok && local.value.info?.reasoning).toBe(true);
		// The built-in hosted models stay.
		expect(findModel(findProvider(catalog, "openai"), "gpt-4.1-mini")?.contextWindow).toBe(1_047_576);
		// A dated snapshot finds its model's entry.
		expect(findModel(findProvider(catalog, "anthropic"), "claude-sonnet-4-5-20250929")?.id).toBe("claude-sonnet-4-5");
	});

	it("a provider only models.json knows: its server, api and key", async () => {
		const catalog = mergeCatalog(await loadModelsFile(home(`{"providers": {"groq": {"baseUrl": "https://api.groq.example/openai/v1", "api": "openai-completions", "apiKey": "GROQ_API_KEY", "models": [{"id": "llama-3.3-70b", "contextWindow": 131072}]}}}`)));
		const groq = resolveModel("groq:llama-3.3-70b", { env: { GROQ_API_KEY: "gk" }, catalog });
		expect(groq.ok && { provider: groq.value.provider, window: groq.value.contextWindow, api: groq.value.api }).toEqual({ provider: "groq", window: 131_072, api: "openai-completions" });
		const unknown = resolveModel("nope:x", { env: {}, catalog });
		expect(!unknown.ok && unknown.message).toContain("or a models.json provider: groq:<model>");
	});

	it("apiKey is a variable's name when it is set, else the key itself; an unset variable's name is no key", () => {
		expect(resolveApiKey("MY_KEY", { MY_KEY: "secret" })).toBe("secret");
		expect(resolveApiKey("sk-literal-123", {})).toBe("sk-literal-123");
		expect(resolveApiKey("ollama", {})).toBe("ollama");
		expect(resolveApiKey("MY_KEY", {})).toBeUndefined();
	});

	it("prices a reply per million tokens, cache reads and writes included", () => {
		const cost = priceUsage({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, { input: 1_000, output: 2_000, cacheRead: 10_000, cacheWrite: 4_000 });
		expect(cost.input).toBeCloseTo(0.003, 10);
		expect(cost.output).toBeCloseTo(0.03, 10);
		expect(cost.cacheRead).toBeCloseTo(0.003, 10);
		expect(cost.cacheWrite).toBeCloseTo(0.015, 10);
		expect(cost.total).toBeCloseTo(0.051, 10);
		expect(priceUsage(undefined, { input: 5, output: 5, cacheRead: 0, cacheWrite: 0 }).total).toBe(0);
	});
});
