/**
 * Thinking levels (pi's names) and how each provider is asked for them through the AI SDK:
 * OpenAI's reasoning effort, Anthropic's thinking budget, `reasoning_effort` for OpenAI-compatible
 * servers. Only models the catalog marks `reasoning` get a level other than "off".
 */
import type { ResolvedModel } from "./resolve-model.js";

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high"] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

export function isThinkingLevel(value: unknown): value is ThinkingLevel {
	return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

/** The level on a path: its newest `thinking_level_change`, "off" when there is none (or it is not a level). */
export function pathThinkingLevel(view: { buildContext(): { thinkingLevel?: string } }): ThinkingLevel {
	const level = view.buildContext().thinkingLevel;
	return isThinkingLevel(level) ? level : "off";
}

/** The level after `level` (Shift+Tab), wrapping to "off". */
export function nextThinkingLevel(level: ThinkingLevel): ThinkingLevel {
	const at = THINKING_LEVELS.indexOf(level);
	return THINKING_LEVELS[(at + 1) % THINKING_LEVELS.length] ?? "off";
}

/** Whether the model can think (the catalog's `reasoning`; models.json declares it for local ones). */
export function canThink(model: ResolvedModel | undefined): boolean {
	return model?.info?.reasoning === true;
}

/** Anthropic's thinking budget per level, in tokens (pi's defaults). */
const ANTHROPIC_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16_384 };

type ProviderOptions = Record<string, Record<string, string | number | boolean | Record<string, string | number>>>;

/** The AI SDK `providerOptions` asking `model` for `level`; undefined when nothing is to be asked. */
export function thinkingOptions(model: ResolvedModel, level: ThinkingLevel | undefined): ProviderOptions | undefined {
	if (level === undefined || level === "off" || !canThink(model)) return undefined;
	switch (model.api ?? "openai-completions") {
		case "openai-responses":
			// reasoningSummary streams the reasoning text (as reasoning deltas) besides the answer.
			return { openai: { reasoningEffort: level, reasoningSummary: "auto" } };
		case "anthropic-messages":
			return { anthropic: { thinking: { type: "enabled", budgetTokens: ANTHROPIC_BUDGETS[level] } } };
		case "openai-completions":
			return { openaiCompatible: { reasoningEffort: level } };
	}
}
