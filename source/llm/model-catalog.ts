/**
 * What arbor knows about models: the built-in hosted models and the providers and models a user
 * declares in `$ARBOR_HOME/models.json` (pi's shape, read by config/models-file.ts). The catalog
 * gives a resolved model its window, output limit, reasoning flag, input kinds and prices.
 */
import type { ModelApi } from "./resolve-model.js";

/** US dollars per million tokens, as pi's models.json writes them. */
export type ModelCost = { input: number; output: number; cacheRead: number; cacheWrite: number };

export type InputKind = "text" | "image";

export type ModelInfo = {
	id: string;
	name?: string;
	contextWindow?: number;
	maxTokens?: number;
	reasoning: boolean;
	input: InputKind[];
	cost?: ModelCost;
	/** The model's own server and API (models.json), over its provider's. */
	baseUrl?: string;
	api?: ModelApi;
	/** Request headers over the provider's (values as apiKey: `!command`, `$NAME`, a variable's name, text). */
	headers?: Record<string, string>;
	/** pi's compatibility overrides over the provider's, field by field (see compat.ts for those arbor uses). */
	compat?: Record<string, unknown>;
};

/** A models.json `modelOverrides` entry: fields laid over a model the provider already has. */
export type ModelOverride = Partial<Omit<ModelInfo, "id" | "baseUrl" | "api" | "cost">> & { cost?: Partial<ModelCost> };

export type ProviderInfo = {
	name: string;
	baseUrl?: string;
	api?: ModelApi;
	/** An environment variable's name, or the key itself (pi reads it the same way). */
	apiKey?: string;
	/** Request headers sent with every model of the provider (values as apiKey). */
	headers?: Record<string, string>;
	compat?: Record<string, unknown>;
	/** Changes to models of the provider by id (built-in ones too); unknown ids are ignored. */
	modelOverrides?: Record<string, ModelOverride>;
	models: ModelInfo[];
	/** Where the provider comes from: arbor's own list or the user's models.json. */
	source: "built-in" | "models.json";
};

export type ModelCatalog = { providers: ProviderInfo[] };

const openai = (id: string, name: string, contextWindow: number, maxTokens: number, reasoning: boolean, cost: [number, number, number]): ModelInfo => ({
	id, name, contextWindow, maxTokens, reasoning, input: ["text", "image"],
	cost: { input: cost[0], output: cost[1], cacheRead: cost[2], cacheWrite: 0 },
});
const anthropic = (id: string, name: string, maxTokens: number, cost: [number, number]): ModelInfo => ({
	id, name, contextWindow: 200_000, maxTokens, reasoning: true, input: ["text", "image"],
	// Anthropic bills cache reads at a tenth of the input price and 5-minute cache writes at 1.25×.
	cost: { input: cost[0], output: cost[1], cacheRead: cost[0] / 10, cacheWrite: cost[0] * 1.25 },
});

/** The hosted models arbor knows, with their providers' list prices (models.json overrides them). */
export const BUILT_IN_PROVIDERS: ProviderInfo[] = [
	{
		name: "openai",
		api: "openai-responses",
		apiKey: "OPENAI_API_KEY",
		source: "built-in",
		models: [
			openai("gpt-5", "GPT-5", 400_000, 128_000, true, [1.25, 10, 0.125]),
			openai("gpt-5-mini", "GPT-5 mini", 400_000, 128_000, true, [0.25, 2, 0.025]),
			openai("gpt-5-nano", "GPT-5 nano", 400_000, 128_000, true, [0.05, 0.4, 0.005]),
			openai("gpt-4.1", "GPT-4.1", 1_047_576, 32_768, false, [2, 8, 0.5]),
			openai("gpt-4.1-mini", "GPT-4.1 mini", 1_047_576, 32_768, false, [0.4, 1.6, 0.1]),
			openai("gpt-4.1-nano", "GPT-4.1 nano", 1_047_576, 32_768, false, [0.1, 0.4, 0.025]),
			openai("gpt-4o", "GPT-4o", 128_000, 16_384, false, [2.5, 10, 1.25]),
			openai("gpt-4o-mini", "GPT-4o mini", 128_000, 16_384, false, [0.15, 0.6, 0.075]),
			openai("o3", "o3", 200_000, 100_000, true, [2, 8, 0.5]),
			openai("o4-mini", "o4-mini", 200_000, 100_000, true, [1.1, 4.4, 0.275]),
		],
	},
	{
		name: "anthropic",
		api: "anthropic-messages",
		apiKey: "ANTHROPIC_API_KEY",
		source: "built-in",
		models: [
			anthropic("claude-opus-4-1", "Claude Opus 4.1", 32_000, [15, 75]),
			anthropic("claude-sonnet-4-5", "Claude Sonnet 4.5", 64_000, [3, 15]),
			anthropic("claude-haiku-4-5", "Claude Haiku 4.5", 64_000, [1, 5]),
		],
	},
	{ name: "ollama", api: "openai-completions", baseUrl: "http://127.0.0.1:11434/v1", source: "built-in", models: [] },
	{ name: "lmstudio", api: "openai-completions", baseUrl: "http://127.0.0.1:1234/v1", source: "built-in", models: [] },
	{ name: "compat", api: "openai-completions", source: "built-in", models: [] },
];

/**
 * The built-in providers with the user's declared on top: a provider of the same name takes the
 * user's baseUrl/api/apiKey where given, and its models replace built-in ones of the same id.
 */
export function mergeCatalog(user: readonly ProviderInfo[]): ModelCatalog {
	const providers = BUILT_IN_PROVIDERS.map((p) => ({ ...p, models: [...p.models] }));
	for (const declared of user) {
		const existing = providers.find((p) => p.name === declared.name);
		if (!existing) {
			providers.push({ ...declared, models: [...declared.models] });
			continue;
		}
		if (declared.baseUrl !== undefined) existing.baseUrl = declared.baseUrl;
		if (declared.api !== undefined) existing.api = declared.api;
		if (declared.apiKey !== undefined) existing.apiKey = declared.apiKey;
		if (declared.headers !== undefined) existing.headers = declared.headers;
		if (declared.compat !== undefined) existing.compat = declared.compat;
		existing.source = "models.json";
		for (const model of declared.models) {
			const at = existing.models.findIndex((m) => m.id === model.id);
			if (at >= 0) existing.models[at] = model;
			else existing.models.push(model);
		}
	}
	for (const declared of user) {
		const provider = providers.find((p) => p.name === declared.name);
		if (provider && declared.modelOverrides) provider.models = provider.models.map((m) => overridden(m, declared.modelOverrides?.[m.id]));
	}
	return { providers };
}

/** pi's modelOverrides: object fields (cost, headers, compat) merge field by field, the others replace. */
function overridden(model: ModelInfo, override: ModelOverride | undefined): ModelInfo {
	if (!override) return model;
	const out: ModelInfo = { ...model, ...override, cost: model.cost, headers: model.headers, compat: model.compat };
	if (override.cost) out.cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...model.cost, ...override.cost };
	if (override.headers) out.headers = { ...model.headers, ...override.headers };
	if (override.compat) out.compat = { ...model.compat, ...override.compat };
	for (const key of ["cost", "headers", "compat"] as const) if (out[key] === undefined) delete out[key];
	return out;
}

export function findProvider(catalog: ModelCatalog, name: string): ProviderInfo | undefined {
	return catalog.providers.find((p) => p.name === name);
}

/** A model's entry: exact id first, then the longest listed id it starts with (dated snapshots). */
export function findModel(provider: ProviderInfo | undefined, id: string): ModelInfo | undefined {
	if (!provider) return undefined;
	const exact = provider.models.find((m) => m.id === id);
	if (exact) return exact;
	let best: ModelInfo | undefined;
	for (const m of provider.models) if (id.startsWith(`${m.id}-`) && (!best || m.id.length > best.id.length)) best = m;
	return best;
}

/** What a reply cost in dollars, from its token counts and the model's prices (pi's usage.cost). */
export function priceUsage(
	cost: ModelCost | undefined,
	usage: { input: number; output: number; cacheRead: number; cacheWrite: number },
): { input: number; output: number; cacheRead: number; cacheWrite: number; total: number } {
	if (!cost) return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	const input = (usage.input * cost.input) / 1e6;
	const output = (usage.output * cost.output) / 1e6;
	const cacheRead = (usage.cacheRead * cost.cacheRead) / 1e6;
	const cacheWrite = (usage.cacheWrite * cost.cacheWrite) / 1e6;
	return { input, output, cacheRead, cacheWrite, total: input + output + cacheRead + cacheWrite };
}
