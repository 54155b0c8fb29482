/**
 * `$ARBOR_HOME/models.json` in pi's shape, so a pi user's file works unchanged:
 * `{ "providers": { "<name>": { baseUrl, api, apiKey, models: [{ id, name, contextWindow, maxTokens,
 * reasoning, input, cost }] } } }`. Keys arbor does not use are tolerated. A wrong value is a
 * configuration error (exit 2) naming the file, the line and the field.
 */
import { join } from "node:path";
import type { ModelApi } from "../llm/resolve-model.js";
import type { InputKind, ModelCost, ModelInfo, ProviderInfo } from "../llm/model-catalog.js";
import { readConfigText } from "./config-file.js";
import { usageError } from "./errors.js";

const APIS: readonly ModelApi[] = ["openai-completions", "openai-responses", "anthropic-messages"];
const INPUTS: readonly InputKind[] = ["text", "image"];
const COST_KEYS = ["input", "output", "cacheRead", "cacheWrite"] as const;

type Segment = string | number;
type Problem = { path: Segment[]; message: string };

class Invalid extends Error {
	constructor(readonly problem: Problem) {
		super(problem.message);
	}
}

const fail = (path: Segment[], message: string): never => {
	throw new Invalid({ path, message });
};

const fieldName = (path: readonly Segment[]) =>
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

function readCost(value: unknown, path: Segment[]): ModelCost | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) return fail(path, "must be an object with input, output, cacheRead, cacheWrite (dollars per million tokens)");
	const cost: ModelCost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
	for (const key of COST_KEYS) {
		const price = value[key];
		if (price === undefined) continue;
		if (typeof price !== "number" || !Number.isFinite(price) || price < 0) fail([...path, key], "must be a number ≥ 0 (dollars per million tokens)");
		cost[key] = price as number;
	}
	return cost;
}

function readModel(value: unknown, path: Segment[]): ModelInfo {
	if (!isObject(value)) return fail(path, "must be an object with at least an id");
	const id = optionalString(value, "id", path);
	if (id === undefined) return fail([...path, "id"], "is required (the model's name on the server)");
	const info: ModelInfo = { id, reasoning: false, input: ["text"] };
	const name = optionalString(value, "name", path);
	if (name !== undefined) info.name = name;
	const contextWindow = optionalCount(value, "contextWindow", path);
	if (contextWindow !== undefined) info.contextWindow = contextWindow;
	const maxTokens = optionalCount(value, "maxTokens", path);
	if (maxTokens !== undefined) info.maxTokens = maxTokens;
	if (value.reasoning !== undefined) {
		if (typeof value.reasoning !== "boolean") fail([...path, "reasoning"], "must be true or false");
		info.reasoning = value.reasoning as boolean;
	}
	if (value.input !== undefined) {
		const input = value.input;
		if (!Array.isArray(input) || input.length === 0) return fail([...path, "input"], `must be a list of ${INPUTS.map((k) => `"${k}"`).join(", ")}`);
		input.forEach((kind, i) => {
			if (!INPUTS.includes(kind as InputKind)) fail([...path, "input", i], `must be one of ${INPUTS.map((k) => `"${k}"`).join(", ")}`);
		});
		info.input = [...new Set(input as InputKind[])];
	}
	const cost = readCost(value.cost, [...path, "cost"]);
	if (cost) info.cost = cost;
	return info;
}

function readProvider(name: string, value: unknown, path: Segment[]): ProviderInfo {
	if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) fail(path, "a provider's name is letters, digits, '.', '_' or '-' (it is written before the ':' of --model)");
	if (!isObject(value)) return fail(path, "must be an object (baseUrl, api, apiKey, models)");
	const provider: ProviderInfo = { name, models: [], source: "models.json" };
	const baseUrl = optionalString(value, "baseUrl", path);
	if (baseUrl !== undefined) {
		if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) fail([...path, "baseUrl"], "must be an http(s) URL, e.g. http://127.0.0.1:11434/v1");
		provider.baseUrl = baseUrl;
	}
	if (value.api !== undefined) {
		if (!APIS.includes(value.api as ModelApi)) fail([...path, "api"], `must be one of ${APIS.map((a) => `"${a}"`).join(", ")}`);
		provider.api = value.api as ModelApi;
	}
	const apiKey = optionalString(value, "apiKey", path);
	if (apiKey !== undefined) provider.apiKey = apiKey;
	if (value.models !== undefined) {
		if (!Array.isArray(value.models)) fail([...path, "models"], "must be a list of models");
		const seen = new Set<string>();
		(value.models as unknown[]).forEach((m, i) => {
			const model = readModel(m, [...path, "models", i]);
			if (seen.has(model.id)) fail([...path, "models", i, "id"], `"${model.id}" is listed twice`);
			seen.add(model.id);
			provider.models.push(model);
		});
	}
	return provider;
}

/** The providers a parsed models.json declares; throws {@link Invalid} naming the field. */
function readProviders(raw: unknown): ProviderInfo[] {
	if (!isObject(raw)) return fail([], "must be a JSON object with \"providers\"");
	if (raw.providers === undefined) return [];
	if (!isObject(raw.providers)) return fail(["providers"], "must be an object: provider name → { baseUrl, api, apiKey, models }");
	return Object.entries(raw.providers).map(([name, value]) => readProvider(name, value, ["providers", name]));
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
	let line = 1;
	for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
	return line;
}

/**
 * Reads the user's models.json: none is an empty list; a broken one is a usage error (exit 2)
 * `…/models.json:12: providers.ollama.models[0].contextWindow must be …`. jsonc-parser (loaded only
 * when the file exists) gives each field's line.
 */
export async function loadModelsFile(home: string): Promise<ProviderInfo[]> {
	const file = join(home, "models.json");
	const text = readConfigText(file);
	if (text === undefined) return [];
	const { findNodeAtLocation, parseTree, printParseErrorCode } = await import("jsonc-parser");
	const errors: import("jsonc-parser").ParseError[] = [];
	const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
	const first = errors[0];
	if (first || !tree) {
		const where = first ? `:${lineAt(text, first.offset)}` : "";
		throw usageError(`${file}${where}: invalid JSON (${first ? printParseErrorCode(first.error) : "empty file"})`);
	}
	try {
		return readProviders(JSON.parse(text));
	} catch (error) {
		if (!(error instanceof Invalid)) throw error;
		const { path, message } = error.problem;
		const node = findNodeAtLocation(tree, path) ?? findNodeAtLocation(tree, path.slice(0, -1));
		const line = node ? `:${lineAt(text, node.offset)}` : "";
		const field = path.length ? `${fieldName(path)} ` : "";
		throw usageError(`${file}${line}: ${field}${message}`);
	}
}
