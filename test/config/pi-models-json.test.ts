import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelsFile } from "../../source/config/models-file.js";
import { findModel, findProvider, mergeCatalog } from "../../source/llm/model-catalog.js";
import { resolvePlainValue } from "../../source/llm/config-value.js";

function home(value: object): string {
	const dir = mkdtempSync(join(tmpdir(), "arbor-models-"));
	writeFileSync(join(dir, "models.json"), JSON.stringify(value, null, 1));
	return dir;
}

describe("pi 1.6's models.json fields", () => {
	it("a provider or model with an api arbor does not speak is skipped with one warning naming its line; the rest loads", async () => {
		const warnings: string[] = [];
		const dir = home({
			providers: {
				google: { api: "google-generative-ai", baseUrl: "https://g.example", models: [{ id: "gemini" }] },
				local: { api: "openai-completions", baseUrl: "http://127.0.0.1:9/v1", models: [{ id: "a" }, { id: "b", api: "bedrock-converse-stream" }] },
			},
		});
		const providers = await loadModelsFile(dir, (line) => warnings.push(line));
		expect(providers.map((p) => [p.name, p.models.map((m) => m.id)])).toEqual([["local", ["a"]]]);
		expect(warnings).toEqual([
			`${join(dir, "models.json")}:4: providers.google.api "google-generative-ai" is not an API arbor speaks (openai-completions, openai-responses, anthropic-messages); skipped`,
			`${join(dir, "models.json")}:21: providers.local.models[1].api "bedrock-converse-stream" is not an API arbor speaks (openai-completions, openai-responses, anthropic-messages); skipped`,
		]);
	});

	it("a model's own baseUrl, api, headers and compat; the provider's headers and compat", async () => {
		const [p] = await loadModelsFile(home({ providers: { x: { baseUrl: "http://a.example/v1", headers: { "x-team": "TEAM" }, compat: { maxTokensField: "max_tokens" }, models: [{ id: "m", baseUrl: "http://b.example/v1", api: "openai-responses", headers: { "x-m": "!echo hi" }, compat: { supportsStore: false } }] } } }));
		expect(p?.headers).toEqual({ "x-team": "TEAM" });
		expect(p?.compat).toEqual({ maxTokensField: "max_tokens" });
		expect(p?.models[0]).toEqual({ id: "m", reasoning: false, input: ["text"], baseUrl: "http://b.example/v1", api: "openai-responses", headers: { "x-m": "!echo hi" }, compat: { supportsStore: false } });
	});

	it("modelOverrides change a built-in model: objects (cost, headers, compat) merge field by field, other fields replace; unknown ids are ignored", async () => {
		const catalog = mergeCatalog(await loadModelsFile(home({ providers: { openai: { modelOverrides: { "gpt-4.1-mini": { name: "Mini", contextWindow: 50_000, cost: { input: 9 }, headers: { "x-a": "1" } }, "no-such-model": { name: "x" } } } } })));
		const mini = findModel(findProvider(catalog, "openai"), "gpt-4.1-mini");
		expect(mini).toEqual({ id: "gpt-4.1-mini", name: "Mini", contextWindow: 50_000, maxTokens: 32_768, reasoning: false, input: ["text", "image"], cost: { input: 9, output: 1.6, cacheRead: 0.1, cacheWrite: 0 }, headers: { "x-a": "1" } });
		expect(findModel(findProvider(catalog, "openai"), "no-such-model")).toBeUndefined();
	});
});

describe("values as pi reads them (apiKey, headers)", () => {
	it("$NAME and ${NAME} inside a text, $$ and $!, a bare variable name, a literal; never a !command", () => {
		const env = { A: "alpha", B: "beta" };
		expect(resolvePlainValue("Bearer $A-${B}", env)).toBe("Bearer alpha-beta");
		expect(resolvePlainValue("cost$$ $!x", env)).toBe("cost$ !x");
		expect(resolvePlainValue("$MISSING", env)).toBeUndefined();
		expect(resolvePlainValue("A", env)).toBe("alpha");
		expect(resolvePlainValue("UNSET_NAME", env)).toBeUndefined();
		expect(resolvePlainValue("UNSET_NAME", env, true)).toBe("UNSET_NAME");
		expect(resolvePlainValue("sk-literal", env)).toBe("sk-literal");
		expect(resolvePlainValue("!echo no", env)).toBeUndefined();
	});
});
