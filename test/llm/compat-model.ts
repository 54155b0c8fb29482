import { resolveModel } from "../../source/llm/resolve-model.js";

/** The real openai-compatible provider pointed at a local SSE server (`compat:test-model`). */
export function compatModel(url: string) {
	const resolved = resolveModel("compat:test-model", { baseUrl: url, env: {} });
	if (!resolved.ok) throw new Error(resolved.message);
	return resolved.value;
}
