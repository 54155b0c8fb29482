/**
 * The AI SDK model of a resolved spec, made on its first request (lazy-model.ts): the provider
 * package is imported then, and a `!command` key or header value is run then (once per process,
 * config-value.ts) — so listing models never runs a secret manager, and a failing command fails
 * the request with one line naming the provider, never sending the command as the key.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { lazyModel } from "./lazy-model.js";
import { completionsCompat } from "./compat.js";
import { resolveHeaders, runCommandValue } from "./config-value.js";
import type { ModelApi } from "./resolve-model.js";
import type { ToolImages } from "./tool-images.js";

/** A key: the value itself, or the command that prints it. */
export type KeySource = { value?: string; command?: string };

/** What {@link providerModel} needs. */
type ProviderModelOptions = {
	api: ModelApi;
	provider: string;
	modelId: string;
	baseUrl: string | undefined;
	key: KeySource;
	/** Provider and model headers merged (values not yet resolved). */
	headers: Record<string, string> | undefined;
	compat: Record<string, unknown> | undefined;
	env: Record<string, string | undefined>;
	fetch: typeof globalThis.fetch | undefined;
	images: ToolImages;
};

async function keyOf(o: ProviderModelOptions): Promise<string | undefined> {
	return o.key.command ? runCommandValue(o.key.command, `the apiKey of provider "${o.provider}"`) : o.key.value;
}

async function load(o: ProviderModelOptions): Promise<LanguageModelV3> {
	const apiKey = await keyOf(o);
	const headers = await resolveHeaders(o.headers, o.env, o.provider);
	const common = { apiKey, baseURL: o.baseUrl, fetch: o.fetch, ...(headers ? { headers } : {}) };
	switch (o.api) {
		case "openai-responses": {
			const { createOpenAI } = await import("@ai-sdk/openai");
			return createOpenAI(common)(o.modelId);
		}
		case "anthropic-messages": {
			const { createAnthropic } = await import("@ai-sdk/anthropic");
			return createAnthropic(common)(o.modelId);
		}
		case "openai-completions": {
			const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
			// includeUsage asks the server for token counts in the stream (needed for context tracking).
			const compat = completionsCompat(o.compat);
			return createOpenAICompatible({ name: o.provider, ...common, baseURL: o.baseUrl ?? "", includeUsage: compat.includeUsage, transformRequestBody: compat.transformRequestBody }).chatModel(o.modelId);
		}
	}
}

const SDK_NAMES: Record<ModelApi, (provider: string) => string> = {
	"openai-responses": () => "openai.responses",
	"anthropic-messages": () => "anthropic.messages",
	"openai-completions": (provider) => `${provider}.chat`,
};

/** The model, its provider package and secrets loaded on the first request. */
export function providerModel(o: ProviderModelOptions): LanguageModelV3 {
	return lazyModel(SDK_NAMES[o.api](o.provider), o.modelId, () => load(o), o.images);
}
