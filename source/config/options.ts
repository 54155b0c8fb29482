import { resolve } from "node:path";
import { arborHome, sessionDirFor } from "../session/paths.js";

/** Options every subcommand accepts. */
export type CommonOptions = {
	sessionDir?: string;
	/** `-s <path|id>` of the subcommands whose session argument is optional. */
	session?: string | false;
	continue?: boolean;
	json?: boolean;
	all?: boolean;
	filter?: string;
	search?: string;
	summarize?: boolean;
	instructions?: string;
	replaceInstructions?: boolean;
	label?: string;
	/** navigate / fork: restore the target's checkpointed files too. */
	restoreFiles?: boolean;
	/** restore, navigate / fork --restore-files: also undo the user's own changes made between turns. */
	includeUserChanges?: boolean;
};

/** Model options shared by print mode, interactive mode and `arbor navigate --summarize`. */
export type ModelFlags = {
	model?: string;
	baseUrl?: string;
	apiKey?: string;
	summaryModel?: string;
};

/** Where this invocation's sessions live. */
export type Place = { cwd: string; home: string; sessionDir: string };

/** Resolves cwd, ARBOR_HOME and the session folder (flag, else the per-cwd folder under home). */
export function place(opts: { sessionDir?: string }, env: NodeJS.ProcessEnv = process.env): Place {
	const cwd = process.cwd();
	const home = arborHome(env);
	const sessionDir = opts.sessionDir ? resolve(opts.sessionDir) : sessionDirFor(cwd, home);
	return { cwd, home, sessionDir };
}

/** Flags of the chat modes (print and interactive): which session, which tools. */
export type ChatFlags = ModelFlags & {
	sessionDir?: string;
	continue?: boolean;
	session?: string | false;
	resume?: boolean;
	/** --fork <path|id>: a new session holding a copy of that one's current branch. */
	fork?: string;
	tools?: string | false;
	yes?: boolean;
	/** --sandbox: every bash command in the OS sandbox (docs/fanout.md); --allow-net keeps the network. */
	sandbox?: boolean;
	allowNet?: boolean;
	/** --add-dir, repeatable: folders besides cwd the file tools may use. */
	addDir?: string[];
	/** false with --no-context-files. */
	contextFiles?: boolean;
	/** false with --no-prompt-templates. */
	promptTemplates?: boolean;
	/** false with --no-skills. */
	skills?: boolean;
	/** --prompt-template <path>, repeatable. */
	promptTemplate?: string[];
	/** --skill <path>, repeatable. */
	skill?: string[];
	/** --system-prompt <text|file>: instead of arbor's system prompt (and SYSTEM.md). */
	systemPrompt?: string;
	/** --append-system-prompt <text|file>, repeatable: added after it (instead of APPEND_SYSTEM.md). */
	appendSystemPrompt?: string[];
	/** --models a,b: the models Ctrl+P (and RPC cycle_model) go through (patterns with `*`). */
	models?: string;
	/** false with --no-checkpoints. */
	checkpoints?: boolean;
	/** --thinking: off | minimal | low | medium | high. */
	thinking?: string;
};
