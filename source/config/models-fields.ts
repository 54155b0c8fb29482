/**
 * The fields of a pi `models.json` (providers, models, headers, compat, modelOverrides), checked:
 * a wrong value throws {@link Invalid} with the field's path (models-file.ts adds the line).
 * Keys arbor does not use are tolerated; a provider or model whose `api` arbor does not speak
 * (pi's google-generative-ai, bedrock, …) is skipped with one warning, so the others still work.
 */
import type { ModelApi } from "../llm/resolve-model.js";
import type { InputKind, ModelCost, ModelInfo, ModelOverride, ProviderInfo } from "../llm/model-catalog.js";

const APIS: readonly ModelApi[] = ["openai-completions", "openai-responses", "anthropic-messages"];
const INPUTS: readonly InputKind[] = ["text", "image"];
const COST_KEYS = ["input", "output", "cacheRead", "cacheWrite"] as const;

export type Segment = string | number;
type Problem = { path: Segment[]; message: string };

export class Invalid extends Error {
	constructor(readonly problem: Problem) {
		super(problem.message);
	}
}

const fail = (path: Segment[], message: string): never => {
	throw new Invalid({ path, message });
};

export const fieldName = (path: readonly Segment[]) =>
	path.reduce<string>((name, s) => (typeof s === "number" ? `${name}[${s}]` : name ? `${name}.${s}` : s), "");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function optionalString(obj: Record<string, unknown>, key: string, path: Segment[]): string | undefined {
	const value = obj[key];
	if (value === undefined) return undefined;
	if (typeof value !== "string" || value.trim() === "") fail([...path, key], "must be a non-empty string");
	return value as string;
}

function optionalCount(obj: Record<string, unknown>, key: string, path: Segment[]): number | undefined {
	const value = obj[key];
	if (value === undefined) return undefined;
	if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) fail([...path, key], "must be a positive whole number of tokens");
	return value as number;
}

/** pi's prices; `partial` (a modelOverrides entry): only the prices given, to lay over the model's. */
function readCost(value: unknown, path: Segment[], partial = false): Partial<ModelCost> | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) return fail(path, "must be an object with input, output, cacheRead, cacheWrite (dollars per million tokens)");
	const cost: Partial<ModelCost> = partial ? {} : { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
	for (const key of COST_KEYS) {
		const price = value[key];
		if (price === undefined) continue;
		if (typeof price !== "number" || !Number.isFinite(price) || price < 0) fail([...path, key], "must be a number ≥ 0 (dollars per million tokens)");
		cost[key] = price as number;
	}
	return cost;
}

/** A warning about a skipped part of the file (an `api` arbor does not speak). */
type Warn = (path: Segment[], message: string) => void;

function readApi(obj: Record<string, unknown>, path: Segment[], warn: Warn): ModelApi | undefined | "skip" {
	const api = obj.api;
	if (api === undefined) return undefined;
	if (typeof api !== "string" || api.trim() === "") return fail([...path, "api"], "must be a non-empty string");
	if (APIS.includes(api as ModelApi)) return api as ModelApi;
	warn([...path, "api"], `"${api}" is not an API arbor speaks (${APIS.join(", ")}); skipped`);
	return "skip";
}

function readUrl(obj: Record<string, unknown>, path: Segment[]): string | undefined {
	const url = optionalString(obj, "baseUrl", path);
	if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url)) fail([...path, "baseUrl"], "must be an http(s) URL, e.g. http://127.0.0.1:11434/v1");
	return url;
}

function readHeaders(value: unknown, path: Segment[]): Record<string, string> | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) return fail(path, "must be an object: header name → value (text, $NAME or !command)");
	for (const [name, v] of Object.entries(value)) {
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) fail([...path, name], "is not a header name");
		if (typeof v !== "string") fail([...path, name], "must be a string (text, $NAME or !command)");
	}
	return { ...(value as Record<string, string>) };
}

function readCompat(value: unknown, path: Segment[]): Record<string, unknown> | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) return fail(path, "must be an object (pi's compatibility fields)");
	return { ...value };
}

/** The fields a model and a modelOverrides entry share; each only when given. */
function readModelFields(value: Record<string, unknown>, path: Segment[], partial = false): ModelOverride {
	const out: ModelOverride = {};
	const name = optionalString(value, "name", path);
	if (name !== undefined) out.name = name;
	const contextWindow = optionalCount(value, "contextWindow", path);
	if (contextWindow !== undefined) out.contextWindow = contextWindow;
	const maxTokens = optionalCount(value, "maxTokens", path);
	if (maxTokens !== undefined) out.maxTokens = maxTokens;
	if (value.reasoning !== undefined) {
		if (typeof value.reasoning !== "boolean") fail([...path, "reasoning"], "must be true or false");
		out.reasoning = value.reasoning as boolean;
	}
	if (value.input !== undefined) {
		const input = value.input;
		if (!Array.isArray(input) || input.length === 0) return fail([...path, "input"], `must be a list of ${INPUTS.map((k) => `"${k}"`).join(", ")}`);
		input.forEach((kind, i) => {
			if (!INPUTS.includes(kind as InputKind)) fail([...path, "input", i], `must be one of ${INPUTS.map((k) => `"${k}"`).join(", ")}`);
		});
		out.input = [...new Set(input as InputKind[])];
	}
	const cost = readCost(value.cost, [...path, "cost"], partial);
	if (cost) out.cost = cost;
	const headers = readHeaders(value.headers, [...path, "headers"]);
	if (headers) out.headers = headers;
	const compat = readCompat(value.compat, [...path, "compat"]);
	if (compat) out.compat = compat;
	return out;
}

function readModel(value: unknown, path: Segment[], warn: Warn): ModelInfo | undefined {
	if (!isObject(value)) return fail(path, "must be an object with at least an id");
	const id = optionalString(value, "id", path);
	if (id === undefined) return fail([...path, "id"], "is required (the model's name on the server)");
	const api = readApi(value, path, warn);
	if (api === "skip") return undefined;
	const info: ModelInfo = { id, reasoning: false, input: ["text"], ...(readModelFields(value, path) as Partial<ModelInfo>) };
	const baseUrl = readUrl(value, path);
	if (baseUrl !== undefined) info.baseUrl = baseUrl;
	if (api !== undefined) info.api = api;
	return info;
}

function readOverrides(value: unknown, path: Segment[]): Record<string, ModelOverride> | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) return fail(path, "must be an object: model id → the fields to change");
	const out: Record<string, ModelOverride> = {};
	for (const [id, fields] of Object.entries(value)) {
		if (!isObject(fields)) fail([...path, id], "must be an object of the fields to change");
		out[id] = readModelFields(fields as Record<string, unknown>, [...path, id], true);
	}
	return out;
}

function readModels(value: unknown, path: Segment[], warn: Warn): ModelInfo[] {
	if (value === undefined) return [];
	if (!Array.isArray(value)) return fail(path, "must be a list of models");
	const seen = new Set<string>();
	const models: ModelInfo[] = [];
	value.forEach((m, i) => {
		const model = readModel(m, [...path, i], warn);
		if (!model) return;
		if (seen.has(model.id)) fail([...path, i, "id"], `"${model.id}" is listed twice`);
		seen.add(model.id);
		models.push(model);
	});
	return models;
}

function readProvider(name: string, value: unknown, path: Segment[], warn: Warn): ProviderInfo | undefined {
	if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) fail(path, "a provider's name is letters, digits, '.', '_' or '-' (it is written before the ':' of --model)");
	if (!isObject(value)) return fail(path, "must be an object (baseUrl, api, apiKey, models)");
	const api = readApi(value, path, warn);
	if (api === "skip") return undefined;
	const provider: ProviderInfo = { name, models: readModels(value.models, [...path, "models"], warn), source: "models.json" };
	const baseUrl = readUrl(value, path);
	if (baseUrl !== undefined) provider.baseUrl = baseUrl;
	if (api !== undefined) provider.api = api;
	const apiKey = optionalString(value, "apiKey", path);
	if (apiKey !== undefined) provider.apiKey = apiKey;
	const headers = readHeaders(value.headers, [...path, "headers"]);
	if (headers) provider.headers = headers;
	const compat = readCompat(value.compat, [...path, "compat"]);
	if (compat) provider.compat = compat;
	const overrides = readOverrides(value.modelOverrides, [...path, "modelOverrides"]);
	if (overrides) provider.modelOverrides = overrides;
	return provider;
}

/** The providers a parsed models.json declares; throws {@link Invalid} naming the field. */
export function readProviders(raw: unknown, warn: Warn): ProviderInfo[] {
	if (!isObject(raw)) return fail([], "must be a JSON object with \"providers\"");
	if (raw.providers === undefined) return [];
	if (!isObject(raw.providers)) return fail(["providers"], "must be an object: provider name → { baseUrl, api, apiKey, models }");
	return Object.entries(raw.providers).flatMap(([name, value]) => readProvider(name, value, ["providers", name], warn) ?? []);
}
