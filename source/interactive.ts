/** Interactive mode's set-up: settings, models, tools and the session, then the Ink app. */
import { maxRetries } from "./config/env.js";
import { loadSettings } from "./config/settings.js";
import { loadKeymap } from "./ui/input/keybindings.js";
import type { ExtensionFlags } from "./extensions/setup.js";
import { chooseTools } from "./config/tool-choice.js";
import { expandedPrompt } from "./config/prompt-library.js";
import { loadPromptSources } from "./config/prompt-sources.js";
import { modelScope, scopePatterns } from "./config/model-scope.js";
import { pathThinkingLevel } from "./llm/thinking.js";
import { openChatSession } from "./navigation/open-chat-session.js";
import { loadExtensions, reloadExtensions } from "./extensions/load-for-run.js";
import { chooseModels, chooseThinking, noChatModelMessage, startThinking } from "./config/model-config.js";
import { place, type ChatFlags } from "./config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "./config/signals.js";
import { parseTreeFilter } from "./tree/rows.js";
import { killToolProcesses, setCommandWrapper, setShellPrefix } from "./tools/bash.js";
import { sandboxTheRun } from "./sandbox/sandbox.js";
import { checkpointLimits, maybeDailyGc } from "./checkpoints/setup.js";
import { noImagesMessage, promptFromArguments, takesImages } from "./tools/attachments.js";
import { usageError } from "./config/errors.js";
import { projectTrust, trustAskedInChat } from "./config/trust.js";

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
export type TerminalStreams = { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream };

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
	setShellPrefix(settings.shellCommandPrefix);
	const unsandboxed = opts.sandbox || settings.sandbox ? sandboxTheRun({ writable: [where.cwd, ...(opts.addDir ?? [])], arborHome: where.home, allowNet: opts.allowNet || settings.sandboxNetwork }, setCommandWrapper) : undefined;
	if (unsandboxed) throw usageError(unsandboxed);
	const keymap = loadKeymap(where.home, { steerOnEnter: settings.steerOnEnter, warn: (line) => (terminal.stderr ?? process.stderr).write(`arbor: warning: ${line}\n`) });
	const models = await chooseModels(opts, settings);
	const policy = await chooseTools({ tools: opts.tools, yes: opts.yes, addDir: opts.addDir, settings, mode: "interactive" });
	const sources = await loadPromptSources(where, settings, opts);
	const thinking = await chooseThinking(opts.thinking ?? models.thinking, models.chat);
	const treeFilter = parseTreeFilter(settings.treeFilter ?? "default") ?? "default";
	// pi's `@file` arguments, as in print mode: a file's text (or an image) before the message.
	const initial = await promptFromArguments(words, where.cwd);
	if (!initial.ok) throw usageError(initial.message);
	if (initial.images.length > 0 && models.chat && !takesImages(models.chat)) throw usageError(noImagesMessage(models.chat));
	// `arbor "/review src"` sends the template expanded, as the editor would.
	const text = initial.images.length > 0 ? initial.text : expandedPrompt(initial.text.trim(), sources.library);
	const initialPrompt = initial.images.length > 0 ? [{ type: "text" as const, text }, ...initial.images] : text || undefined;
	const store = openChatSession({ ...where, session: opts.session, continue: opts.continue, fork: opts.fork });
	// --thinking (or the settings' level for a new session) is written at once, as Shift+Tab is:
	// the path then carries the level (pi's entry).
	const level = await startThinking(thinking, settings, store.snapshot(), models.chat);
	if (level !== undefined && level !== pathThinkingLevel(store.snapshot())) {
		store.append({ type: "thinking_level_change", thinkingLevel: level });
	}
	const checkpointsOn = opts.checkpoints !== false && settings.checkpoints !== false;
	if (checkpointsOn) maybeDailyGc({ home: where.home, cwd: where.cwd, sessionFile: store.file });
	const ext = await loadExtensions({ where, settings, flags: opts, mode: "interactive", models, toolNames: policy.enabled });
	await ext.start(store);
	const { runInteractive } = await ui;
	const ending = endOnSignal(store);
	const app = runInteractive({
		store,
		cwd: where.cwd,
		home: where.home,
		sessionDir: where.sessionDir,
		model: models.chat,
		modelHint: models.chat ? undefined : await noChatModelMessage(models, store.snapshot()),
		summaryModel: models.summary,
		tools: policy,
		initialPrompt,
		askSummary: settings.askSummary !== false,
		treeFilter,
		openPicker: opts.resume ? "resume" : undefined,
		resolveModel: models.resolve,
		catalog: models.catalog,
		keymap,
		steerOnEnter: settings.steerOnEnter === true,
		maxRetries: maxRetries(),
		cycleScope: modelScope(scopePatterns(opts.models, settings)),
		autoCompaction: settings.autoCompaction !== false,
		// `/reload` reads them again (and keybindings.json, and the extensions), with the settings as they are then.
		prompts: {
			current: sources,
			reload: async () => {
				const now = loadSettings(where);
				const prompts = await loadPromptSources(where, now, opts);
				// Its warnings were shown at the start (stderr is under the app now).
				const reloadedKeys = loadKeymap(where.home, { steerOnEnter: now.steerOnEnter, warn: () => {} });
				setShellPrefix(now.shellCommandPrefix);
				await reloadExtensions(ext, { where, settings: now, flags: opts });
				return { prompts, keymap: reloadedKeys, extensions: ext.loaded.length };
			},
		},
		checkpoints: checkpointsOn ? checkpointLimits(settings) : undefined,
	}, {
		...terminal,
		bus: ext.bus,
		extensions: ext,
		deps: { runTurn: (turn) => ext.turn(turn, async (hooked) => (await import("./llm/turn.js")).runTurn({ ...turn, ...hooked, transformContext: (m) => ext.requestMessages(m) })) },
		interrupt: ending.interrupt,
	});
	try {
		return await Promise.race([app, ending.code]);
	} finally {
		ending.dispose();
		await ext.shutdown();
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
function endOnSignal(store: { sync(): void }): { code: Promise<number>; dispose(): void; interrupt(): void } {
	let resolve: (code: number) => void = () => {};
	const code = new Promise<number>((r) => (resolve = r));
	const end = async (signal: EndingSignal) => {
		const { abortActiveRuns } = await import("./ui/actions/chat-runs.js");
		await abortActiveRuns();
		killToolProcesses();
		store.sync();
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
