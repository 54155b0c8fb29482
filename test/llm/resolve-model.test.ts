import { describe, expect, it } from "vitest";
import { buildSystemPrompt } from "../../source/llm/prompts.js";
import { mergeCatalog, type ModelInfo } from "../../source/llm/model-catalog.js";
import { knownContextWindow, NO_MODEL_MESSAGE, resolveModel } from "../../source/llm/resolve-model.js";

const catalogModel = (id: string): ModelInfo => ({ id, reasoning: false, input: ["text"] });

const FORMS = "openai:<model>, anthropic:<model>, ollama:<model>, lmstudio:<model>, compat:<model> with --base-url";

function ok(spec: string, opts: Parameters<typeof resolveModel>[1]) {
	const result = resolveModel(spec, opts);
	if (!result.ok) throw new Error(result.message);
	const { model, ...rest } = result.value;
	return { ...rest, sdkProvider: model.provider, sdkModelId: model.modelId };
}

describe("resolveModel", () => {
	it("resolves openai with a key from env or option", () => {
		expect(ok("openai:gpt-4.1-mini", { env: { OPENAI_API_KEY: "k" } })).toEqual({
			spec: "openai:gpt-4.1-mini",
			provider: "openai",
			modelId: "gpt-4.1-mini",
			contextWindow: 1_047_576,
			api: "openai-responses",
			info: {
				id: "gpt-4.1-mini", name: "GPT-4.1 mini", contextWindow: 1_047_576, maxTokens: 32_768, reasoning: false, input: ["text", "image"],
				cost: { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0 },
			},
			sdkProvider: "openai.responses",
			sdkModelId: "gpt-4.1-mini",
		});
		expect(ok("openai:gpt-4o", { apiKey: "k", baseUrl: "http://127.0.0.1:9/v1", env: {} }).contextWindow).toBe(128_000);
	});

	it("resolves anthropic", () => {
		expect(ok("anthropic:claude-sonnet-4-5", { env: { ANTHROPIC_API_KEY: "k" } })).toMatchObject({
			provider: "anthropic",
			modelId: "claude-sonnet-4-5",
			contextWindow: 200_000,
			api: "anthropic-messages",
			sdkProvider: "anthropic.messages",
		});
	});

	it("resolves local and compatible servers", () => {
		expect(ok("ollama:llama3.2", { env: {} })).toEqual({
			spec: "ollama:llama3.2",
			provider: "ollama",
			modelId: "llama3.2",
			contextWindow: undefined,
			api: "openai-completions",
			sdkProvider: "ollama.chat",
			sdkModelId: "llama3.2",
		});
		expect(ok("lmstudio:qwen/qwen3-8b", { env: {} })).toMatchObject({ provider: "lmstudio", modelId: "qwen/qwen3-8b", sdkProvider: "lmstudio.chat" });
		expect(ok("compat:m", { baseUrl: "http://127.0.0.1:9/v1", env: {} })).toMatchObject({ provider: "compat", modelId: "m", sdkProvider: "compat.chat" });
		expect(ok("compat:m", { env: { ARBOR_BASE_URL: "http://127.0.0.1:9/v1" } })).toMatchObject({ provider: "compat" });
	});

	it("explains every error in one line", () => {
		expect(resolveModel(undefined, { env: {} })).toEqual({ ok: false, message: NO_MODEL_MESSAGE });
		expect(resolveModel("  ", { env: {} })).toEqual({ ok: false, message: NO_MODEL_MESSAGE });
		expect(NO_MODEL_MESSAGE).toBe(
			"no model configured: use --model provider:model (openai:…, anthropic:…, ollama:…, lmstudio:…, compat:… with --base-url) or set ARBOR_MODEL",
		);
		expect(resolveModel("gpt4", { env: {} })).toEqual({ ok: false, message: `bad model "gpt4": expected one of ${FORMS}, or a model id that arbor models lists` });
		expect(resolveModel("openai:", { env: {} })).toEqual({ ok: false, message: `bad model "openai:": expected one of ${FORMS}, or a model id that arbor models lists` });
		expect(resolveModel("gemini:pro", { env: {} })).toEqual({
			ok: false,
			message: `unknown model provider "gemini" in "gemini:pro": expected one of ${FORMS}`,
		});
		expect(resolveModel("openai:gpt-4o", { env: {} })).toEqual({
			ok: false,
			message: 'model "openai:gpt-4o" needs an API key: set OPENAI_API_KEY (arbor never stores keys)',
			need: "OPENAI_API_KEY",
		});
		expect(resolveModel("anthropic:claude-x", { env: { OPENAI_API_KEY: "k" } })).toEqual({
			ok: false,
			message: 'model "anthropic:claude-x" needs an API key: set ANTHROPIC_API_KEY (arbor never stores keys)',
			need: "ANTHROPIC_API_KEY",
		});
		expect(resolveModel("compat:m", { env: {} })).toEqual({
			ok: false,
			message: 'model "compat:m" needs a server: pass --base-url <url>, set ARBOR_BASE_URL, or give the provider a baseUrl in models.json',
			need: "--base-url",
		});
	});

	it("knows a few context windows", () => {
		expect([knownContextWindow("gpt-4o-mini"), knownContextWindow("o3-mini"), knownContextWindow("llama3.2")]).toEqual([128_000, 200_000, undefined]);
	});
});

describe("buildSystemPrompt", () => {
	it("names the directory, date and tools", () => {
		const prompt = buildSystemPrompt({ cwd: "/w/p", tools: ["read", "bash", "custom"], date: new Date("2026-01-02T03:00:00Z") });
		expect(prompt).toContain("Current working directory: /w/p\nToday's date: 2026-01-02");
		expect(prompt).toContain("Available tools:\n- read: read a file's contents\n- bash: run a shell command in the working directory\n- custom\n");
		expect(buildSystemPrompt({ cwd: "/", tools: [] })).toContain("You have no tools in this session");
	});

	it("takes pi's forms too: provider/model, and a model id alone that one provider lists", () => {
		const env = { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k" };
		const spec = (given: string) => {
			const r = resolveModel(given, { env });
			return r.ok ? r.value.spec : r.message;
		};
		expect(spec("anthropic/claude-sonnet-4-5")).toBe("anthropic:claude-sonnet-4-5");
		expect(spec("gpt-4o")).toBe("openai:gpt-4o");
		expect(spec("claude-sonnet-4-5")).toBe("anthropic:claude-sonnet-4-5");
		// An ollama tag keeps its colon; a provider's model id may hold a slash.
		expect(spec("ollama:llama3.2:3b")).toBe("ollama:llama3.2:3b");
		const catalog = mergeCatalog([
			{ name: "openrouter", api: "openai-completions", baseUrl: "http://127.0.0.1:9/v1", source: "models.json", models: [catalogModel("anthropic/claude-sonnet-4.5")] },
			{ name: "work", api: "openai-completions", baseUrl: "http://127.0.0.1:9/v1", source: "models.json", models: [catalogModel("gpt-4o")] },
		]);
		const r = resolveModel("openrouter/anthropic/claude-sonnet-4.5", { env, catalog });
		expect(r.ok && r.value.spec).toBe("openrouter:anthropic/claude-sonnet-4.5");
		expect(resolveModel("gpt-4o", { env, catalog })).toEqual({ ok: false, message: 'model "gpt-4o" is offered by more than one provider: pick one of openai:gpt-4o, work:gpt-4o' });
	});
});
