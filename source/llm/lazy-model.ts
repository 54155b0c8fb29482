import type { LanguageModelV3 } from "@ai-sdk/provider";
import { placeToolImages, type ToolImages } from "./tool-images.js";

/**
 * A model whose provider package is imported on the first call, not at start-up: resolving a
 * `provider:model` spec stays synchronous and cheap, and the interactive UI draws its first frame
 * without loading the provider SDKs.
 */
export function lazyModel(provider: string, modelId: string, load: () => Promise<LanguageModelV3>, images: ToolImages = "in-result"): LanguageModelV3 {
	let loading: Promise<LanguageModelV3> | undefined;
	const get = () => {
		loading ??= load();
		return loading;
	};
	return {
		specificationVersion: "v3",
		provider,
		modelId,
		get supportedUrls() {
			return get().then((model) => model.supportedUrls);
		},
		// Tool results' images placed as this model takes them (tool-images.ts).
		doGenerate: async (options) => (await get()).doGenerate({ ...options, prompt: placeToolImages(options.prompt, images) }),
		doStream: async (options) => (await get()).doStream({ ...options, prompt: placeToolImages(options.prompt, images) }),
	};
}
