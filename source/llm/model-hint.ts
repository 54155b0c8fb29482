import type { SessionTreeView } from "../session/api.js";
import { NO_MODEL_MESSAGE } from "./resolve-model.js";

/** Providers `--model` understands: a recorded model of another provider cannot be suggested. */
const PROVIDERS = new Set(["openai", "anthropic", "ollama", "lmstudio", "compat"]);

/**
 * The model a session used last on its current path, as a `--model` spec: the newest `model_change`
 * entry or assistant message (`provider`/`model`) from the leaf up. Undefined when there is none
 * or its provider is not one arbor can talk to.
 */
export function recordedModelSpec(view: SessionTreeView): string | undefined {
	for (let id = view.leafId; id !== null; ) {
		const entry = view.getEntry(id);
		if (!entry) return undefined;
		const found =
			entry.type === "model_change"
				? { provider: entry.provider, model: entry.modelId }
				: entry.type === "message" && entry.message.role === "assistant"
					? entry.message
					: undefined;
		if (found && typeof found.provider === "string" && typeof found.model === "string" && found.model !== "") {
			return PROVIDERS.has(found.provider) ? `${found.provider}:${found.model}` : undefined;
		}
		id = entry.parentId;
	}
	return undefined;
}

/** The "no model configured" error; names the session's recorded model as the flag to pass. */
export function noModelMessage(recorded: string | undefined): string {
	if (!recorded) return NO_MODEL_MESSAGE;
	return `no model configured: this session used ${recorded}; run with -m ${recorded} (or set ARBOR_MODEL)`;
}

/** The short form for a status line. */
export function noModelHint(recorded: string | undefined): string {
	return recorded ? `no model — try -m ${recorded}` : "no model — set ARBOR_MODEL or use --model provider:model";
}
