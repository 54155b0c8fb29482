import type { UserMessage } from "../session/types.js";
import type { PromptSources } from "../config/prompt-sources.js";

/** The prompt sources of the run, replaced by `/reload` with what `reload` reads again (with keybindings.json and the extensions). */
export type PromptHolder = { current: PromptSources; reload?(): Promise<Reloaded> };

/** What `/reload` read again: the prompt sources, the keymap, and how many extensions loaded. */
export type Reloaded = { prompts: PromptSources; keymap: Keymap; extensions: number };
import type { ResolveResult } from "../llm/resolve-model.js";
import type { AgentOpenOptions } from "../agent/agent-session.js";
import type { ModelCatalog } from "../llm/model-catalog.js";
import type { LocalServer } from "../llm/local-servers.js";
import type { TreeFilter } from "../tree/types.js";
import type { Keymap } from "./input/keymap.js";
import type { Timer } from "./input/type-ahead.js";

/** What source/interactive.ts hands to the interactive UI besides the session core (agent/), which holds the session, models, tools and checkpoints. */
export type InteractiveOptions = {
	cwd: string;
	home: string;
	sessionDir: string;
	/** Why there is no model: shown in the status line and when sending. */
	modelHint?: string;
	/** The command line's message (pi's `@file` arguments already read: text, or text and images). */
	initialPrompt?: string | UserMessage["content"];
	askSummary: boolean;
	treeFilter: TreeFilter;
	openPicker?: "resume";
	/** Provider retries after a failed request (ARBOR_MAX_RETRIES; the SDK default when absent). */
	maxRetries?: number;
	/** `$ARBOR_HOME/keybindings.json` over the default keys; the defaults when absent. */
	keymap?: Keymap;
	/** pi's keys while a reply runs (settings `steerOnEnter`): Enter steers, Alt+Enter queues a follow-up. */
	steerOnEnter?: boolean;
	/**
	 * Project instructions (AGENTS.md), prompt templates and skills, the user's own system prompt:
	 * `current` is read at each use (the system prompt of each turn, the slash menu), and `/reload`
	 * replaces it with what `reload` reads again.
	 */
	prompts?: PromptHolder;
	/** The core's open options of the run (flags, place, settings): `/fanout` opens its branches with them (docs/fanout.md). */
	fanoutOpen?: AgentOpenOptions;
	/** --models / settings enabledModels: the models Ctrl+P goes through (absent: all this run can use). */
	cycleScope?: (spec: string) => boolean;
	/** Built-in models and $ARBOR_HOME/models.json: the /model picker's list. */
	catalog?: ModelCatalog;
	/** Local model servers the /model picker asks for their models (llm/local-servers.ts). */
	localServers?: readonly LocalServer[];
	resolveModel(spec: string): ResolveResult;
	/** The clock and timer of the keys' time windows (a confirmation's type-ahead); tests pass their own. */
	clock?: () => number;
	timer?: Timer;
};

export const DEFAULT_MODEL_HINT = "no model — set ARBOR_MODEL or use --model provider:model";
