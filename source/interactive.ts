/** Interactive mode's set-up: settings, models, tools and the session, then the Ink app. */
import { localServers } from "./llm/local-servers.js";
import { maxRetries } from "./config/env.js";
import { loadSettings, type Settings } from "./config/settings.js";
import { loadKeymap } from "./ui/input/keybindings.js";
import type { Keymap } from "./ui/input/keymap.js";
import type { ExtensionFlags } from "./extensions/setup.js";
import { modelScope, scopePatterns } from "./config/model-scope.js";
import { canThink, pathThinkingLevel } from "./llm/thinking.js";
import { place, type ChatFlags, type Place } from "./config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "./config/signals.js";
import { parseTreeFilter } from "./tree/rows.js";
import { killToolProcesses, setCommandWrapper } from "./tools/bash.js";
import { sandboxTheRun } from "./sandbox/sandbox.js";
import { noImagesMessage, promptFromArguments, takesImages } from "./tools/attachments.js";
import { usageError } from "./config/errors.js";
import { projectTrust, trustAskedInChat } from "./config/trust.js";
import { AgentSession } from "./agent/agent-session.js";
import { ChatBridge } from "./ui/chat/chat-bridge.js";
import type { PromptHolder } from "./ui/options.js";
import type { ImageContent } from "./session/types.js";

/**
 * Ink decides at import time that a process with CI=true has no live terminal and then prints only
 * the last frame. Interactive mode runs only on a real terminal, so Ink is loaded without those
 * variables; they are put back at once for everything else (tools, child processes).
 */
async function importUi(): Promise<typeof import("./ui/run-interactive.js")> {
	const saved = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
	delete process.env.CI;
	delete process.env.CONTINUOUS_INTEGRATION;
	try {
		return await import("./ui/run-interactive.js");
	} finally {
		for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
	}
}

/** The terminal's streams; the CLI uses the process's own, tests give a virtual terminal's. */
type TerminalStreams = { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream };

export async function runInteractiveMode(words: string[], opts: ChatFlags & ExtensionFlags, terminal: TerminalStreams = {}): Promise<number> {
	// Start loading the UI (Ink, React: the bulk of start-up) while settings, models and the session load.
	const ui = importUi();
	const where = place(opts);
	// Before anything of the project's .arbor/ is read: an untrusted one is shown and asked about (docs/trust.md),
	// with the user's keys (the settings' steerOnEnter does not change the dialog's keys; warnings come once, below).
	trustAskedInChat();
	if (projectTrust(where).state === "untrusted") {
		await ui;
		await (await import("./ui/trust/ask-trust.js")).askProjectTrust(where, loadKeymap(where.home, { warn: () => {} }), terminal);
	}
	const settings = loadSettings(where);
	// --sandbox / "sandbox": true: every bash command (the tool's and !command) in the OS sandbox (docs/fanout.md).
	const unsandboxed = opts.sandbox || settings.sandbox ? sandboxTheRun({ writable: [where.cwd, ...(opts.addDir ?? [])], arborHome: where.home, allowNet: opts.allowNet || settings.sandboxNetwork }, setCommandWrapper) : undefined;
	if (unsandboxed) throw usageError(unsandboxed);
	const keymap = loadKeymap(where.home, { steerOnEnter: settings.steerOnEnter, warn: (line) => (terminal.stderr ?? process.stderr).write(`arbor: warning: ${line}\n`) });
	// pi's `@file` arguments, as in print mode: a file's text (or an image) before the message.
	const initial = await promptFromArguments(words, where.cwd);
	if (!initial.ok) throw usageError(initial.message);
	// One session core under the chat (docs/core.md): set-up, turns, compaction, session verbs.
	const bridge = new ChatBridge();
	const agent = await AgentSession.open({ ...opts, ...where, settings, extensionMode: "interactive", ...bridge.callbacks });
	try {
		return await runChat(agent, { bridge, opts, where, settings, keymap, initial, terminal, ui });
	} finally {
		await agent.close();
	}
}

type ChatStart = {
	bridge: ChatBridge;
	opts: ChatFlags & ExtensionFlags;
	where: Place;
	settings: Settings;
	keymap: Keymap;
	initial: { text: string; images: ImageContent[] };
	terminal: TerminalStreams;
	ui: ReturnType<typeof importUi>;
};

/** The Ink app over the opened core, until the user quits or a signal ends it. */
async function runChat(agent: AgentSession, start: ChatStart): Promise<number> {
	const { where, settings, initial, terminal } = start;
	if (initial.images.length > 0 && agent.model && !takesImages(agent.model)) throw usageError(noImagesMessage(agent.model));
	// --thinking (or the settings' level for a new session) is written at once, as Shift+Tab is: the path then carries the level (pi's entry).
	if (agent.thinkingLevel() !== pathThinkingLevel(agent.view) && canThink(agent.model)) agent.setThinkingLevel(agent.thinkingLevel());
	const text = initial.text.trim();
	const initialPrompt = initial.images.length > 0 ? [{ type: "text" as const, text: initial.text }, ...initial.images] : text || undefined;
	const prompts: PromptHolder = {
		current: agent.promptSources,
		// `/reload` reads them again (and keybindings.json, and the extensions), with the settings as they are then.
		reload: async () => {
			const now = loadSettings(where);
			// Its warnings were shown at the start (stderr is under the app now); a broken file stops the reload before anything changed.
			const keymap = loadKeymap(where.home, { steerOnEnter: now.steerOnEnter, warn: () => {} });
			await agent.reload();
			return { prompts: agent.promptSources, keymap, extensions: agent.extensions.loaded.length };
		},
	};
	const { runInteractive } = await start.ui;
	const ending = endOnSignal(agent);
	const app = runInteractive({
		...where,
		modelHint: agent.model ? undefined : await agent.noModelMessage(),
		initialPrompt,
		askSummary: settings.askSummary !== false,
		treeFilter: parseTreeFilter(settings.treeFilter ?? "default") ?? "default",
		openPicker: start.opts.resume ? "resume" : undefined,
		resolveModel: (spec) => agent.resolveModel(spec),
		catalog: agent.catalog,
		fanoutOpen: { ...start.opts, ...where, settings, sandbox: undefined, allowNet: undefined },
		localServers: localServers(agent.catalog, { baseUrl: start.opts.baseUrl || settings.baseUrl, env: process.env }),
		keymap: start.keymap,
		steerOnEnter: settings.steerOnEnter === true,
		maxRetries: maxRetries(),
		cycleScope: modelScope(scopePatterns(start.opts.models, settings)),
		prompts,
	}, { agent, bridge: start.bridge }, { ...terminal, interrupt: ending.interrupt });
	try {
		return await Promise.race([app, ending.code]);
	} finally {
		ending.dispose();
	}
}

/**
 * SIGTERM, SIGHUP (a closed terminal; also a terminal that fails writes with EIO/EPIPE) and a
 * SIGINT sent with kill end the session like Esc then /quit: the running reply is aborted and
 * saved, tool process groups are killed, the session is synced; the lock goes with the exit
 * (cli.ts exits, the store's exit hook removes it) and Ink restores the terminal on exit.
 * `interrupt`: the same ending for Ctrl+C that no screen takes, without a signal (which would
 * reach everything in the process: in-process tests run several apps in one worker).
 */
function endOnSignal(agent: AgentSession): { code: Promise<number>; dispose(): void; interrupt(): void } {
	let resolve: (code: number) => void = () => {};
	const code = new Promise<number>((r) => (resolve = r));
	const end = async (signal: EndingSignal) => {
		await agent.abort();
		killToolProcesses();
		agent.store.sync();
		resolve(signalExitCode(signal));
	};
	let ended = false;
	const endOnce = (signal: EndingSignal) => {
		if (ended) return;
		ended = true;
		void end(signal);
	};
	const stopListening = onEndingSignal(endOnce);
	const onBrokenTerminal = () => process.emit("SIGHUP", "SIGHUP");
	process.stdout.on("error", onBrokenTerminal);
	return {
		code,
		interrupt: () => endOnce("SIGINT"),
		dispose: () => {
			stopListening();
			process.stdout.off("error", onBrokenTerminal);
		},
	};
}
