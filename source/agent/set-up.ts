/**
 * What AgentSession.open (agent-session.ts) sets up before the session exists, as print mode does
 * for one answer: settings, models and thinking, the tools with their permission question, the
 * system prompt with context files, the extensions, and the session store (opened or created).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadSettings, type Settings } from "../config/settings.js";
import { chooseModels, chooseThinking, startThinking, type ModelChoice } from "../config/model-config.js";
import type { Place } from "../config/options.js";
import { chooseTools } from "../config/tool-choice.js";
import { skillDirs, type PromptLibrary } from "../config/prompt-library.js";
import { loadPromptSources, promptParts, promptWarnings, type PromptSources } from "../config/prompt-sources.js";
import { loadExtensions, reloadExtensions } from "../extensions/load-for-run.js";
import type { ExtensionHost } from "../extensions/setup.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import { openChatSession } from "../navigation/open-chat-session.js";
import type { SessionStore } from "../session/store.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import type { CommandWrapper } from "../tools/bash.js";
import { terminalText } from "../text/terminal-text.js";
import { counted } from "../text/count.js";
import { checkModelFor, checkWritable } from "./one-shot.js";
import { sandboxTheRun } from "../sandbox/sandbox.js";
import { AgentError } from "./types.js";
import type { AgentOpenOptions, Tools } from "./types.js";
import type { McpManager } from "../mcp/manager.js";

/** The MCP servers start in the background (their SDK loads only when one is configured); `-y` lets their tools run unasked. */
async function startMcp(opts: AgentOpenOptions, s: { where: Place; toolSet: import("ai").ToolSet; confirm: ConfirmFn | undefined; ext: ExtensionHost; warn: (line: string) => void; share: number | undefined; configured: boolean }): Promise<McpManager | undefined> {
	// No server anywhere (the usual run): the MCP modules are not even loaded.
	if (!s.configured && !existsSync(join(s.where.cwd, ".mcp.json")) && s.ext.activeTools.mcpServers.size === 0 && !opts.mcpServers?.length) return undefined;
	const { startSessionServers } = await import("../mcp/session-servers.js");
	return startSessionServers({ where: s.where, toolSet: s.toolSet, confirm: s.confirm, yes: opts.yes === true, ext: s.ext, registered: [...s.ext.activeTools.mcpServers.values()], warn: s.warn, ...(s.share !== undefined ? { share: s.share } : {}), ...(opts.mcpServers ? { extra: opts.mcpServers } : {}), ...(opts.mcpAsk ? { ask: opts.mcpAsk } : {}) });
}

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
	/** The session's MCP servers (docs/mcp.md); undefined when none is configured. */
	mcp?: McpManager;
	/** What the system prompt and the library were read from (context files, SYSTEM.md, templates, skills). */
	sources: PromptSources;
};

/** The set-up, with the session store and the thinking level the flags chose. */
type AgentSetUp = { store: SessionStore; thinking: ThinkingLevel | undefined; deps: AgentDeps };

/** Sets everything up; `confirm` is the question write/edit/bash ask (undefined: they are refused). Usage errors throw. */
export async function setUpAgent(opts: AgentOpenOptions, confirm: ConfirmFn | undefined, liveStore?: () => SessionStore | undefined): Promise<AgentSetUp> {
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
	const toolsModule = await import("../tools/tool-set.js");
	const needsConfirmation = opts.oneShot ? () => false : policy.needsConfirmation;
	// The skills' folders as they are now: /reload may find others.
	const live = { library };
	const inFolder = (cwd: string, wrap?: CommandWrapper) => toolsModule.createToolSet({ cwd, enabled: policy.enabled, confirm, needsConfirmation, addDirs: policy.addDirs, readDirs: () => skillDirs(live.library), wrap });
	const toolSet = inFolder(where.cwd, opts.branch?.wrap);
	const { buildSystemPrompt } = await import("../llm/prompts.js");
	const system = buildSystemPrompt({ cwd: where.cwd, tools: policy.task ? [...policy.enabled, "task"] : policy.enabled, ...promptParts(sources) });
	const ext = await loadExtensions({ where, settings, flags: opts, mode: opts.extensionMode ?? "print", models, toolNames: policy.enabled });
	toolsModule.addExtensionToolsTo(toolSet, ext);
	const mcp = await startMcp(opts, { where, toolSet, confirm, ext, warn, share: settings.mcpToolShare, configured: settings.mcpServers !== undefined });
	const store = opts.branch?.store ?? opts.store ?? openChatSession({ ...where, session: opts.session, continue: opts.continue, fork: opts.fork });
	// recall (docs/memory.md): the live session's tree; with any tool on (it only reads the session), unless an extension's tool took the name.
	if (policy.enabled.length > 0 && !Object.hasOwn(toolSet, "recall")) toolsModule.addSessionTool(toolSet, "recall", (await import("../recall/recall-tool.js")).recallTool(() => liveStore?.() ?? store));
	for (const line of damageWarnings(store)) warn(line);
	if (opts.oneShot) checkWritable(store);
	const deps: AgentDeps = { opts, models, tools: { toolSet, enabled: policy.enabled, ...(policy.task ? { task: true, inFolder } : {}) }, system, ext, settings, library, sources, ...(mcp ? { mcp } : {}) };
	// reloadAgent replaces deps.library: the tools read the skills' folders from there.
	Object.defineProperty(live, "library", { get: () => deps.library });
	return { store, thinking: await startThinking(thinking, settings, store.snapshot(), models.chat), deps };
}

/**
 * `/reload`: the settings, AGENTS.md, SYSTEM.md, prompt templates and skills read again (the next
 * turn's system prompt and the library), and the extensions loaded afresh. The tools stay.
 */
export async function reloadAgent(deps: AgentDeps): Promise<void> {
	const { opts } = deps;
	const where: Place = { cwd: opts.cwd, home: opts.home, sessionDir: opts.sessionDir };
	const settings = opts.settings ?? loadSettings(where);
	const sources = await loadPromptSources(where, settings, opts);
	(await import("../tools/bash.js")).setShellPrefix(settings.shellCommandPrefix);
	await reloadExtensions(deps.ext, { where, settings, flags: opts });
	const { buildSystemPrompt } = await import("../llm/prompts.js");
	deps.system = buildSystemPrompt({ cwd: where.cwd, tools: deps.tools.task ? [...deps.tools.enabled, "task"] : deps.tools.enabled, ...promptParts(sources) });
	Object.assign(deps, { settings, sources, library: sources.library });
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
