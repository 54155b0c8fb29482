import type { LanguageModel } from "ai";
import { idleTimeoutFetch } from "./idle-timeout.js";
import { isCommandValue, isEnvName, resolvePlainValue } from "./config-value.js";
import { providerModel, type KeySource } from "./provider-model.js";
import { toolImagesFor } from "./tool-images.js";
import { registerSecret } from "../text/secrets.js";
import { BUILT_IN_PROVIDERS, findModel, findProvider, mergeCatalog, type ModelCatalog, type ModelInfo } from "./model-catalog.js";

/** The wire protocol a model speaks; stored as `api` on assistant messages (pi names). */
export type ModelApi = "openai-responses" | "anthropic-messages" | "openai-completions";

/** A model ready for `streamText`/`generateText`, plus what arbor records about it. */
export type ResolvedModel = {
	/** The spec as given, e.g. `openai:gpt-4.1-mini`. */
	spec: string;
	/** `openai` | `anthropic` | `ollama` | `lmstudio` | `compat` (or a test provider name). */
	provider: string;
	modelId: string;
	model: Exclude<LanguageModel, string>;
	/** Known context window in tokens; undefined when arbor does not know it. */
	contextWindow?: number;
	/** Stored as `api` on assistant messages; defaults to "openai-completions" when absent. */
	api?: ModelApi;
	/** The catalog's entry (built-in or models.json): prices, output limit, reasoning, input kinds. */
	info?: ModelInfo;
	/** Tokens kept free in the window before a turn compacts (settings `compactionReserve`; default 16,384). */
	compactionReserve?: number;
};

/** Options for {@link resolveModel}. Keys are read here and only handed to the provider. */
type ResolveModelOptions = {
	baseUrl?: string;
	apiKey?: string;
	env: Record<string, string | undefined>;
	/** Fail a request after this many milliseconds without a byte from the server (ARBOR_TIMEOUT); absent or 0: never. */
	idleTimeoutMs?: number;
	/** Built-in models with the user's models.json on top (default: the built-in ones alone). */
	catalog?: ModelCatalog;
};

/** Either a value or a one-line message for the user. */
/** `need`, when the model is known but cannot be used in this run: what it lacks (an API key's variable, `--base-url`). */
export type ResolveResult = { ok: true; value: ResolvedModel } | { ok: false; message: string; need?: string };

const FORMS = "openai:<model>, anthropic:<model>, ollama:<model>, lmstudio:<model>, compat:<model> with --base-url";

/** The message shown when no model is configured anywhere. */
export const NO_MODEL_MESSAGE =
	"no model configured: use --model provider:model (openai:…, anthropic:…, ollama:…, lmstudio:…, compat:… with --base-url) or set ARBOR_MODEL";

/** Prefix → window. Longest matching prefix wins; local models are unknown (their window is a server setting). */
const CONTEXT_WINDOWS: [string, number][] = [
	["gpt-4.1", 1_047_576],
	["gpt-4o", 128_000],
	["gpt-5", 400_000],
	["o3", 200_000],
	["o4-mini", 200_000],
	["claude-", 200_000],
];

/** The known context window for a model id, if any. */
export function knownContextWindow(modelId: string): number | undefined {
	let best: [string, number] | undefined;
	for (const entry of CONTEXT_WINDOWS) {
		if (modelId.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
	}
	return best?.[1];
}

export { isEnvName };

/** An `apiKey` as pi reads it: the variable of that name when it is set, else (not a variable's name) the key itself; never a `!command`. */
export function resolveApiKey(value: string | undefined, env: Record<string, string | undefined>): string | undefined {
	return resolvePlainValue(value, env);
}

/**
 * `provider:model` for the forms pi users type as well: `provider/model` (a known provider before the
 * first `/`: `anthropic/claude-sonnet-4-5`) and a model id alone that one provider's catalog lists
 * (`claude-sonnet-4-5`). Anything else is left as it is (its error is the usual one).
 */
function canonicalSpec(spec: string, catalog: ModelCatalog): string | { message: string } {
	const colon = spec.indexOf(":");
	if (colon > 0 && findProvider(catalog, spec.slice(0, colon))) return spec;
	const slash = spec.indexOf("/");
	if (slash > 0 && slash < spec.length - 1 && findProvider(catalog, spec.slice(0, slash))) return `${spec.slice(0, slash)}:${spec.slice(slash + 1)}`;
	const offering = catalog.providers.filter((p) => findModel(p, spec) !== undefined).map((p) => `${p.name}:${spec}`);
	if (offering.length === 1) return offering[0] ?? spec;
	if (offering.length > 1) return { message: `model "${spec}" is offered by more than one provider: pick one of ${offering.join(", ")}` };
	return spec;
}

/**
 * Turn a `provider:model` spec into an AI SDK model. Never throws for bad input: returns a
 * one-line message naming what is missing (spec, form, API key env var, base URL). The catalog
 * (built-in models plus `models.json`) gives the provider's API, server and key, and the model's
 * window, prices and abilities.
 */
export function resolveModel(spec: string | undefined, opts: ResolveModelOptions): ResolveResult {
	const given = spec?.trim();
	if (!given) return { ok: false, message: NO_MODEL_MESSAGE };
	const catalog = opts.catalog ?? mergeCatalog([]);
	const trimmed = canonicalSpec(given, catalog);
	if (typeof trimmed !== "string") return { ok: false, message: trimmed.message };
	const colon = trimmed.indexOf(":");
	const provider = colon > 0 ? trimmed.slice(0, colon) : "";
	const modelId = colon > 0 ? trimmed.slice(colon + 1).trim() : "";
	if (!provider || !modelId) {
		return { ok: false, message: `bad model "${trimmed}": expected one of ${FORMS}, or a model id that arbor models lists` };
	}
	const declared = findProvider(catalog, provider);
	if (!declared) {
		const own = catalog.providers.filter((p) => p.source === "models.json" && !BUILT_IN_NAMES.has(p.name)).map((p) => `${p.name}:<model>`);
		const forms = own.length ? `${FORMS}, or a models.json provider: ${own.join(", ")}` : FORMS;
		return { ok: false, message: `unknown model provider "${provider}" in "${trimmed}": expected one of ${forms}` };
	}
	const info = findModel(declared, modelId);
	const api = info?.api ?? declared.api ?? "openai-completions";
	// As for attached images (tools/attachments.ts): only a model known to take them gets them.
	const images = toolImagesFor(api, info?.input.includes("image") ?? false);
	const base = { spec: trimmed, provider, modelId, contextWindow: info?.contextWindow ?? knownContextWindow(modelId), ...(info ? { info } : {}), api };
	const hosted = api === "openai-responses" || api === "anthropic-messages";
	// ARBOR_BASE_URL is meant for local/compatible servers; only an explicit --base-url (or the
	// user's models.json) redirects the hosted providers (a stray env var must not send a key elsewhere).
	const baseUrl = opts.baseUrl || (hosted ? undefined : opts.env.ARBOR_BASE_URL || undefined) || info?.baseUrl || declared.baseUrl;
	const defaultKey = api === "anthropic-messages" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
	const key = keySource(opts, declared.apiKey, api === "anthropic-messages" ? declared.apiKey ?? defaultKey : undefined, declared.source === "built-in" || declared.apiKey === undefined);
	if (hosted && !key.value && !key.command) return missingKey(trimmed, declared.apiKey ?? defaultKey);
	if (!hosted && !baseUrl) {
		return {
			ok: false,
			message: `model "${base.spec}" needs a server: pass --base-url <url>, set ARBOR_BASE_URL, or give the provider a baseUrl in models.json`,
			need: "--base-url",
		};
	}
	const headers = declared.headers || info?.headers ? { ...declared.headers, ...info?.headers } : undefined;
	const compat = declared.compat || info?.compat ? { ...declared.compat, ...info?.compat } : undefined;
	const fetch = opts.idleTimeoutMs ? idleTimeoutFetch(opts.idleTimeoutMs) : undefined;
	const model = providerModel({ api, provider, modelId, baseUrl, key, headers, compat, env: opts.env, fetch, images });
	return { ok: true, value: { ...base, model } };
}

/**
 * The key of a request: --api-key, else the provider's `apiKey` (a `!command` is run later, on the
 * first request), else — for arbor's own providers and one without an `apiKey` — OPENAI_API_KEY
 * (Anthropic's: `anthropicKey`, its variable).
 */
/** Where the key comes from; every key resolved joins the secrets registry (text/secrets.ts, via config-value.ts). */
function keySource(opts: ResolveModelOptions, declared: string | undefined, anthropicKey: string | undefined, openaiFallback: boolean): KeySource {
	registerSecret(opts.apiKey);
	if (opts.apiKey) return { value: opts.apiKey };
	const configured = anthropicKey ?? declared;
	if (isCommandValue(configured)) return { command: configured };
	const fallback = anthropicKey === undefined && openaiFallback ? resolvePlainValue("OPENAI_API_KEY", opts.env) : undefined;
	const value = resolvePlainValue(configured, opts.env) || fallback;
	return value ? { value } : {};
}

const BUILT_IN_NAMES = new Set(BUILT_IN_PROVIDERS.map((p) => p.name));

function missingKey(spec: string, envVar: string): ResolveResult {
	return { ok: false, message: `model "${spec}" needs an API key: set ${envVar} (arbor never stores keys)`, need: envVar };
}
