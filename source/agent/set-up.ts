/**
 * What AgentSession.open (agent-session.ts) sets up before the session exists, as print mode does
 * for one answer: settings, models and thinking, the tools with their permission question, the
 * system prompt with context files, the extensions, and the session store (opened or created).
 */
import { loadSettings, type Settings } from "../config/settings.js";
import { chooseModels, chooseThinking, startThinking, type ModelChoice } from "../config/model-config.js";
import type { Place } from "../config/options.js";
import { chooseTools } from "../config/tool-choice.js";
import { skillDirs, type PromptLibrary } from "../config/prompt-library.js";
import { loadPromptSources, promptParts, promptWarnings } from "../config/prompt-sources.js";
import { loadExtensions } from "../extensions/load-for-run.js";
import type { ExtensionHost } from "../extensions/setup.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import { openChatSession } from "../navigation/open-chat-session.js";
import type { SessionStore } from "../session/index.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import { terminalText } from "../text/terminal-text.js";
import { counted } from "../text/count.js";
import { checkModelFor, checkWritable } from "./one-shot.js";
import { sandboxTheRun } from "../sandbox/sandbox.js";
import { AgentError } from "./types.js";
import type { AgentOpenOptions, Tools } from "./types.js";

/** What AgentSession keeps of its set-up for the whole session. */
export type AgentDeps = {
	opts: AgentOpenOptions;
	models: ModelChoice;
	tools: Tools;
	system: string;
	ext: ExtensionHost;
	settings: Settings;
	/** Prompt templates and skills: `/name` and `/skill:name` messages are sent expanded. */
	library: PromptLibrary;
};

/** The set-up, with the session store and the thinking level the flags chose. */
export type AgentSetUp = { store: SessionStore; thinking: ThinkingLevel | undefined; deps: AgentDeps };

/** Sets everything up; `confirm` is the question write/edit/bash ask (undefined: they are refused). Usage errors throw. */
export async function setUpAgent(opts: AgentOpenOptions, confirm: ConfirmFn | undefined): Promise<AgentSetUp> {
	const warn = opts.warn ?? ((line: string) => process.stderr.write(`arbor: warning: ${terminalText(line)}\n`));
	const where: Place = { cwd: opts.cwd, home: opts.home, sessionDir: opts.sessionDir };
	const settings = opts.settings ?? loadSettings(where);
	const bash = await import("../tools/bash.js");
	bash.setShellPrefix(settings.shellCommandPrefix);
	if (opts.sandbox || (settings.sandbox && !opts.branch)) {
		const refused = sandboxTheRun({ writable: [where.cwd, ...(opts.addDir ?? [])], arborHome: where.home, allowNet: opts.allowNet || settings.sandboxNetwork }, bash.setCommandWrapper);
		if (refused) throw new AgentError("invalid", refused);
	}
	const models = opts.modelChoice ?? (await chooseModels(opts, settings));
	if (opts.oneShot) await checkModelFor(opts.oneShot, models, opts, where);
	const thinking = await chooseThinking(opts.thinking ?? models.thinking, models.chat);
	const sources = await loadPromptSources(where, settings, opts);
	const library = sources.library;
	// print mode: read-only tools unless listed, and a listed tool runs without a question.
	const policy = await chooseTools({ tools: opts.tools, yes: opts.yes, addDir: opts.addDir, settings, mode: opts.oneShot ? "print" : "interactive" });
	for (const line of promptWarnings(sources)) warn(line);
	for (const line of loadedLines(sources)) opts.verbose?.(line);
	const toolsModule = await import("../tools/index.js");
	const needsConfirmation = opts.oneShot ? () => false : policy.needsConfirmation;
	const toolSet = toolsModule.createToolSet({ cwd: where.cwd, enabled: policy.enabled, confirm, needsConfirmation, addDirs: policy.addDirs, readDirs: skillDirs(library), wrap: opts.branch?.wrap });
	const { buildSystemPrompt } = await import("../llm/prompts.js");
	const system = buildSystemPrompt({ cwd: where.cwd, tools: policy.enabled, ...promptParts(sources) });
	const ext = await loadExtensions({ where, settings, flags: opts, mode: "print", models, toolNames: policy.enabled });
	toolsModule.addExtensionToolsTo(toolSet, ext);
	const store = opts.branch?.store ?? openChatSession({ ...where, session: opts.session, continue: opts.continue, fork: opts.fork });
	for (const line of damageWarnings(store)) warn(line);
	if (opts.oneShot) checkWritable(store);
	return { store, thinking: await startThinking(thinking, settings, store.snapshot(), models.chat), deps: { opts, models, tools: { toolSet, enabled: policy.enabled }, system, ext, settings, library } };
}

/** What the set-up loaded, for --verbose: context files, the system prompt's sources, project settings. */
function loadedLines(sources: Awaited<ReturnType<typeof loadPromptSources>>): string[] {
	return [
		...sources.contextFiles.files.map((file) => `instructions from ${terminalText(file.path)}`),
		...sources.systemPrompt.sources.map((source) => `system prompt from ${terminalText(source)}`),
		...(sources.projectSettings ? [`settings from ${sources.projectSettings} too`] : []),
	];
}

/** What the store worked around in a damaged file: the first few problems with their line numbers, then a count. */
function damageWarnings(store: SessionStore): string[] {
	const warnings = store.snapshot().warnings;
	const lines = warnings.slice(0, 5).map((w) => `${store.file ?? "session"}: ${w.message}`);
	if (warnings.length > 5) lines.push(`${counted(warnings.length - 5, "more problem")} in ${store.file}`);
	return lines;
}
