import { idleTimeoutMs } from "./env.js";
import type { Settings } from "./settings.js";
import { usageError } from "./errors.js";
import type { ResolvedModel, ResolveResult } from "../llm/resolve-model.js";
import type { ModelCatalog } from "../llm/model-catalog.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import { arborHome } from "../session/paths.js";
import { loadModelsFile } from "./models-file.js";
import type { SessionTreeView } from "../session/api.js";
import type { ModelFlags } from "./options.js";

/** The chat and summary models of this run, or why there is none (a one-line hint). */
export type ModelChoice = {
	chat?: ResolvedModel;
	chatError?: string;
	summary?: ResolvedModel;
	summaryError?: string;
	/** Resolve another spec with the same base URL and key (used by /model). */
	resolve(spec: string): ResolveResult;
	/** Built-in models with $ARBOR_HOME/models.json on top. */
	catalog: ModelCatalog;
	/** The thinking level the chat model's spec ended with (`…:high`, pi's shorthand); --thinking wins over it. */
	thinking?: string;
};

/** `provider:model:high` (pi's shorthand): the model, and the thinking level after its last colon. */
function thinkingSuffix(spec: string | undefined): { spec: string | undefined; level?: string } {
	const match = spec === undefined ? null : /^(.+):(off|minimal|low|medium|high|xhigh)$/.exec(spec.trim());
	return match?.[1] && match[2] ? { spec: match[1], level: match[2] } : { spec };
}

/** The built-in models with the user's `$ARBOR_HOME/models.json` on top (a broken file is exit 2). */
export async function loadCatalog(env: NodeJS.ProcessEnv = process.env): Promise<ModelCatalog> {
	const { mergeCatalog } = await import("../llm/model-catalog.js");
	const catalog = mergeCatalog(await loadModelsFile(arborHome(env)));
	await registerConfiguredKeys(catalog, env);
	return catalog;
}

/**
 * Every key models.json configures joins the secrets registry at the start, used by this run's model
 * or not: a variable it names is kept from child processes, a literal key is redacted. A key given as
 * a command (`"!…"`) is not run here; it registers when it is resolved (resolveApiKey).
 */
async function registerConfiguredKeys(catalog: ModelCatalog, env: NodeJS.ProcessEnv): Promise<void> {
	const { resolveApiKey } = await import("../llm/resolve-model.js");
	for (const provider of catalog.providers) if (provider.apiKey && !provider.apiKey.startsWith("!")) resolveApiKey(provider.apiKey, env);
}

/** Flag, then environment, then settings — for the chat model and the summary model alike. */
export async function chooseModels(
	flags: ModelFlags,
	settings: Settings,
	env: NodeJS.ProcessEnv = process.env,
): Promise<ModelChoice> {
	const { resolveModel } = await import("../llm/resolve-model.js");
	const catalog = await loadCatalog(env);
	const baseUrl = checkedBaseUrl(flags, settings, env);
	// The --api-key value is redacted like every configured key.
	(await import("../text/secrets.js")).registerSecret(flags.apiKey);
	const idle = idleTimeoutMs(env, settings.timeout);
	const resolve = (spec: string | undefined) => {
		const result = resolveModel(spec, { baseUrl, apiKey: flags.apiKey, env, idleTimeoutMs: idle, catalog });
		if (result.ok && settings.compactionReserve !== undefined) result.value.compactionReserve = settings.compactionReserve;
		return result;
	};
	const chatSpec = thinkingSuffix(flags.model ?? env.ARBOR_MODEL ?? settings.model);
	const summarySpec = thinkingSuffix(flags.summaryModel ?? env.ARBOR_SUMMARY_MODEL ?? settings.summaryModel).spec;
	const chat = resolve(chatSpec.spec);
	const choice: ModelChoice = { resolve: (spec) => resolve(spec), catalog, ...(chatSpec.level ? { thinking: chatSpec.level } : {}) };
	if (chat.ok) choice.chat = chat.value;
	else choice.chatError = chat.message;
	if (summarySpec) {
		const summary = resolve(summarySpec);
		if (summary.ok) choice.summary = summary.value;
		else choice.summaryError = summary.message;
	} else {
		choice.summary = choice.chat;
		choice.summaryError = choice.chatError;
	}
	return choice;
}

/** The base URL of this run; a malformed one is a usage error naming where it came from. */
function checkedBaseUrl(flags: ModelFlags, settings: Settings, env: NodeJS.ProcessEnv): string | undefined {
	const [value, source] =
		flags.baseUrl !== undefined
			? [flags.baseUrl, "--base-url"]
			: env.ARBOR_BASE_URL
				? [env.ARBOR_BASE_URL, "ARBOR_BASE_URL"]
				: [settings.baseUrl, "the settings key baseUrl"];
	if (value === undefined || value === "") return value;
	const protocol = protocolOf(value);
	if (protocol !== "http:" && protocol !== "https:") {
		throw usageError(`${source}: "${value}" is not an http(s) URL (e.g. http://127.0.0.1:8080/v1)`);
	}
	return value;
}

function protocolOf(url: string): string {
	try {
		return new URL(url).protocol;
	} catch {
		// Malformed: the caller names the flag or variable, which the URL parser's message does not.
		return "";
	}
}

/**
 * Why this run has no chat model, for print mode's error and the interactive hint alike: a bad
 * spec's own message, or — with none configured — one naming the model `view`'s session recorded.
 */
export async function noChatModelMessage(models: ModelChoice, view: SessionTreeView | undefined): Promise<string> {
	const { NO_MODEL_MESSAGE } = await import("../llm/resolve-model.js");
	if (models.chatError !== undefined && models.chatError !== NO_MODEL_MESSAGE) return models.chatError;
	const { noModelMessage, recordedModelSpec } = await import("../llm/model-hint.js");
	return noModelMessage(view ? recordedModelSpec(view) : undefined);
}

/** `--thinking`, checked: a level name, and a model marked `reasoning` for any level but off. */
export async function chooseThinking(flag: string | undefined, model: ResolvedModel | undefined): Promise<ThinkingLevel | undefined> {
	const { canThink, isThinkingLevel, THINKING_LEVELS } = await import("../llm/thinking.js");
	if (flag === undefined) return undefined;
	if (!isThinkingLevel(flag)) throw usageError(`--thinking: "${flag}" is not a level (use ${THINKING_LEVELS.join(", ")})`);
	if (flag !== "off" && model && !canThink(model)) {
		throw usageError(`--thinking ${flag}: ${model.spec} is not marked as a reasoning model (declare "reasoning": true for it in models.json)`);
	}
	return flag;
}

/** The level a reasoning model starts a new session at when neither flags nor settings name one (pi's). */
const DEFAULT_THINKING: ThinkingLevel = "medium";

/**
 * The level a run starts at: --thinking (or `-m …:level`) as chosen, else the settings' `thinking`
 * (default medium, as pi's) for a session whose path has no level yet (a new one), when the model thinks; else none (the
 * path's own level, or off).
 */
export async function startThinking(chosen: ThinkingLevel | undefined, settings: Settings, view: SessionTreeView, model: ResolvedModel | undefined): Promise<ThinkingLevel | undefined> {
	if (chosen !== undefined) return chosen;
	const { canThink, isThinkingLevel, THINKING_LEVELS } = await import("../llm/thinking.js");
	if (settings.thinking !== undefined && !isThinkingLevel(settings.thinking)) throw usageError(`settings.json: "thinking": "${settings.thinking}" is not a level (use ${THINKING_LEVELS.join(", ")})`);
	const hasLevel = view.getPath(view.leafId).some((e) => e.type === "thinking_level_change");
	if (hasLevel || !canThink(model)) return undefined;
	// pi's default: a reasoning model starts at medium unless the settings name a level.
	return settings.thinking ?? DEFAULT_THINKING;
}
