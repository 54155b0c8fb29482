import type { LanguageModel } from "ai";
import { idleTimeoutFetch } from "./idle-timeout.js";
import { lazyModel } from "./lazy-model.js";

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
};

/** Options for {@link resolveModel}. Keys are read here and only handed to the provider. */
export type ResolveModelOptions = {
	baseUrl?: string;
	apiKey?: string;
	env: Record<string, string | undefined>;
	/** Fail a request after this many milliseconds without a byte from the server (ARBOR_TIMEOUT); absent or 0: never. */
	idleTimeoutMs?: number;
};

/** Either a value or a one-line message for the user. */
export type ResolveResult = { ok: true; value: ResolvedModel } | { ok: false; message: string };

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

/**
 * Turn a `provider:model` spec into an AI SDK model. Never throws for bad input: returns a
 * one-line message naming what is missing (spec, form, API key env var, base URL).
 */
export function resolveModel(spec: string | undefined, opts: ResolveModelOptions): ResolveResult {
	const trimmed = spec?.trim();
	if (!trimmed) return { ok: false, message: NO_MODEL_MESSAGE };
	const colon = trimmed.indexOf(":");
	const provider = colon > 0 ? trimmed.slice(0, colon) : "";
	const modelId = colon > 0 ? trimmed.slice(colon + 1).trim() : "";
	if (!provider || !modelId) {
		return { ok: false, message: `bad model "${trimmed}": expected one of ${FORMS}` };
	}
	const base = { spec: trimmed, provider, modelId, contextWindow: knownContextWindow(modelId) };
	// ARBOR_BASE_URL is meant for local/compatible servers; only an explicit --base-url redirects
	// the hosted providers (a stray env var must not send an OpenAI key to another host).
	const baseUrl = opts.baseUrl || undefined;
	const fetch = opts.idleTimeoutMs ? idleTimeoutFetch(opts.idleTimeoutMs) : undefined;
	switch (provider) {
		case "openai": {
			const apiKey = opts.apiKey || opts.env.OPENAI_API_KEY;
			if (!apiKey) return missingKey(trimmed, "OPENAI_API_KEY");
			const model = lazyModel("openai.responses", modelId, async () => {
				const { createOpenAI } = await import("@ai-sdk/openai");
				return createOpenAI({ apiKey, baseURL: baseUrl, fetch })(modelId);
			});
			return { ok: true, value: { ...base, model, api: "openai-responses" } };
		}
		case "anthropic": {
			const apiKey = opts.apiKey || opts.env.ANTHROPIC_API_KEY;
			if (!apiKey) return missingKey(trimmed, "ANTHROPIC_API_KEY");
			const model = lazyModel("anthropic.messages", modelId, async () => {
				const { createAnthropic } = await import("@ai-sdk/anthropic");
				return createAnthropic({ apiKey, baseURL: baseUrl, fetch })(modelId);
			});
			return { ok: true, value: { ...base, model, api: "anthropic-messages" } };
		}
		case "ollama":
		case "lmstudio":
		case "compat":
			return compatible(
				{ ...base, provider },
				baseUrl ?? (opts.env.ARBOR_BASE_URL || undefined),
				{ apiKey: opts.apiKey || opts.env.OPENAI_API_KEY, fetch },
			);
		default:
			return { ok: false, message: `unknown model provider "${provider}" in "${trimmed}": expected one of ${FORMS}` };
	}
}

const LOCAL_DEFAULTS: Record<string, string> = {
	ollama: "http://127.0.0.1:11434/v1",
	lmstudio: "http://127.0.0.1:1234/v1",
};

function compatible(
	base: Omit<ResolvedModel, "model">,
	baseUrl: string | undefined,
	auth: { apiKey: string | undefined; fetch: typeof globalThis.fetch | undefined },
): ResolveResult {
	const url = baseUrl ?? LOCAL_DEFAULTS[base.provider];
	if (!url) {
		return {
			ok: false,
			message: `model "${base.spec}" needs a server: pass --base-url <url> or set ARBOR_BASE_URL`,
		};
	}
	// includeUsage asks the server for token counts in the stream (needed for context tracking).
	const model = lazyModel(`${base.provider}.chat`, base.modelId, async () => {
		const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
		return createOpenAICompatible({ name: base.provider, baseURL: url, ...auth, includeUsage: true }).chatModel(base.modelId);
	});
	return { ok: true, value: { ...base, model, api: "openai-completions" } };
}

function missingKey(spec: string, envVar: string): ResolveResult {
	return { ok: false, message: `model "${spec}" needs an API key: set ${envVar} (arbor never stores keys)` };
}
