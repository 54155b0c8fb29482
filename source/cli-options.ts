/**
 * Option sets the CLI shares between the root program and the subcommands, and the checks that make
 * an option given where it does not apply an exit-2 error instead of being silently ignored.
 */
import { type Command, Option } from "commander";
import { CliError } from "./config/errors.js";

/** The model options of the chat modes and of `arbor navigate` (for --summarize). */
export function addModelOptions(cmd: Command): Command {
	return cmd
		.option("-m, --model <provider:model>", "model (openai:…, anthropic:…, ollama:…, lmstudio:…, compat:…)")
		.option("--base-url <url>", "base URL for compat:/ollama:/lmstudio:/openai: models")
		.option("--api-key <key>", "API key for this run (never written to disk)")
		.option("--summary-model <provider:model>", "model for branch summaries and compaction");
}

/** Options a subcommand knows only to refuse them, with the message they fail with (exit 2). */
const refusals = new WeakMap<Option, string>();

/** A hidden option that fails as soon as it is parsed, naming the reason. */
function refused(cmd: Command, flags: string, why: string): Option {
	const option = new Option(flags).hideHelp();
	const names = [option.short, option.long].filter(Boolean).join("/");
	const message = `\`arbor ${cmd.name()}\` does not take ${names}: ${why}`;
	refusals.set(option, message);
	return option.argParser(() => {
		throw new CliError(message, 2);
	});
}

/**
 * How a subcommand names its session: none (it works on a folder of sessions), an optional or a
 * required argument, or not at all (`sources`: it reads other tools' files, e.g. `arbor import`).
 */
type SessionArg = "none" | "optional" | "required" | "sources" | "models";
const NO_SESSION_OPTION = {
	none: "it works on all sessions of a folder (use --session-dir or --all)",
	required: "give the session as the first argument",
	sources: "it reads other tools' files and files each session under ARBOR_HOME by its project folder",
	models: "it lists models, not sessions",
};

/**
 * Every subcommand knows every session option (product.md "Session options"): it accepts those that
 * make sense for it and refuses the others with a reason, instead of ignoring them.
 */
export function addSessionOptions(cmd: Command, arg: SessionArg): Command {
	if (arg === "sources" || arg === "models") cmd.addOption(refused(cmd, "--session-dir <dir>", NO_SESSION_OPTION[arg]));
	else cmd.option("--session-dir <dir>", "directory holding this project's sessions");
	if (arg === "optional") {
		cmd.option("-s, --session <path|id>", "the session (instead of the argument)");
		cmd.option("-c, --continue", "the most recent session of this directory (the default)");
	} else {
		cmd.addOption(refused(cmd, "-s, --session <path|id>", NO_SESSION_OPTION[arg]));
		cmd.addOption(refused(cmd, "-c, --continue", NO_SESSION_OPTION[arg]));
	}
	return cmd
		.addOption(refused(cmd, "-r, --resume", "the session picker is interactive"))
		.addOption(refused(cmd, "--no-session", arg === "sources" || arg === "models" ? NO_SESSION_OPTION[arg] : "it works on session files"));
}

/**
 * Root options written before a subcommand's name (`arbor --session-dir D sessions`) count when the
 * subcommand has the same option (its own, parsed afterwards, wins) and are refused otherwise.
 */
export function adoptRootOptions(root: Command, sub: Command): void {
	for (const option of root.options) {
		const key = option.attributeName();
		const value = root.getOptionValue(key);
		if (root.getOptionValueSource(key) !== "cli" || option.negate !== (value === false)) continue;
		const own = sub.options.find((o) => o.attributeName() === key && o.negate === option.negate);
		if (!own) throw new CliError(`${option.long ?? option.flags} does not apply to \`arbor ${sub.name()}\``, 2);
		const refusal = refusals.get(own);
		if (refusal) throw new CliError(refusal, 2);
		sub.setOptionValueWithSource(key, value, "cli");
	}
}

/** Print mode's options: where the message goes in the tree, the output, the summary. */
export function addPrintOptions(cmd: Command): Command {
	return cmd
		.addOption(
			new Option("--output-format <format>", "print mode output").choices(["text", "json", "stream-json"]).default("text"),
		)
		.option("--at <entryId>", "print mode: the new message becomes this entry's child")
		.option("--summarize", "print mode with --at: summarize the branch being left")
		.option("--instructions <text>", "print mode with --summarize: extra focus for the summary")
		.option("--replace-instructions", "print mode: use --instructions instead of the default instructions")
		.option("--label <text>", "print mode: label the new message")
		.option("--verbose", "print mode: tool progress on stderr");
}

/** Extensions (docs/extensions.md): for the chat modes and the subcommands that fire events. */
export function addExtensionOptions(cmd: Command): Command {
	return cmd
		.option("--extension <path>", "load an extension (repeatable)", (path: string, all: string[] = []) => [...all, path])
		.option("--no-extensions", "load no extensions");
}

/**
 * What the chat modes and `arbor acp` put into the system prompt and the slash commands: project
 * instructions, prompt templates, skills, your own system prompt (docs/instructions.md,
 * docs/prompt-templates.md).
 */
export function addPromptOptions(cmd: Command): Command {
	const more = (value: string, all: string[] = []) => [...all, value];
	return cmd
		.option("--no-context-files", "do not read AGENTS.md / CLAUDE.md into the system prompt")
		.option("--no-prompt-templates", "do not load prompt templates (/name commands from prompts/*.md)")
		.option("--no-skills", "do not load skills (SKILL.md: listed in the system prompt, /skill:name)")
		.option("--prompt-template <path>", "load this prompt template file or folder too (repeatable)", more)
		.option("--skill <path>", "load this skill file or folder too (repeatable, also with --no-skills)", more)
		.option("--system-prompt <text|file>", "the system prompt instead of arbor's (and of SYSTEM.md)")
		.option("--append-system-prompt <text|file>", "add to the system prompt (repeatable; instead of APPEND_SYSTEM.md)", more);
}
