import { render } from "ink";
import React, { useLayoutEffect, type ReactNode } from "react";
import { EMPTY_LIBRARY, skillDirs } from "../config/prompt-library.js";
import { promptParts } from "../config/prompt-sources.js";
import { buildSystemPrompt } from "../llm/prompts.js";
import { estimateContextTokens } from "../llm/tokens.js";
import type { ExtensionHost } from "../extensions/host.js";
import { EventBus } from "../events/bus.js";
import { allSessionFiles, searchSessions } from "../search/search.js";
import { listAllSessions, listSessions, sessionFiles, SessionStore } from "../session/index.js";
import { colourDisabled } from "../text/terminal-colour.js";
import type { SessionStoreApi } from "../session/api.js";
import { App } from "./chat/app.js";
import { Checkpointer } from "../checkpoints/checkpointer.js";
import { restoreHooksOn } from "../navigation/restore-hooks.js";
import type { UiDeps } from "./deps.js";
import { colourlessStdout } from "./terminal/colourless-stdout.js";
import type { InteractiveOptions } from "./options.js";
import { enableTerminalModes, kittyExpected, kittyKeyboardOption } from "./terminal/modes.js";
import { withTasks, type ChatTasks } from "./tasks/chat-tasks.js";

export type { InteractiveOptions } from "./options.js";

/** Hits `/search` lists (`arbor search --limit` can ask for more). */
const SEARCH_LIMIT = 100;

/** The real effects behind the UI: store, model layer and tools. */
export function realDeps(opts: InteractiveOptions, bus?: EventBus, extensions?: ExtensionHost): UiDeps {
	const { cwd, home, sessionDir } = opts;
	return {
		// The AI SDK loads with the first reply, not before the first frame.
		runTurn: async (turn) => (await import("../llm/turn.js")).runTurn(turn),
		// Tool specs (zod) load in the background after the first frame, not before it.
		createTools: async (confirm) =>
			(await import("../tools/tool-set.js")).createToolSet({ cwd, enabled: opts.tools.enabled, confirm, needsConfirmation: (n) => opts.tools.needsConfirmation(n), addDirs: opts.tools.addDirs, readDirs: () => skillDirs(opts.prompts?.current.library ?? EMPTY_LIBRARY), extensionTools: extensions }),
		systemPrompt: () => buildSystemPrompt({ cwd, tools: opts.tools.task ? [...opts.tools.enabled, "task"] : opts.tools.enabled, ...(opts.prompts ? promptParts(opts.prompts.current) : {}) }),
		estimateContextTokens,
		autoCompaction: opts.autoCompaction,
		createSession: () => SessionStore.create({ cwd, sessionDir }),
		openSession: (file) => SessionStore.open(file, { write: true }),
		listSessions: () => listSessions(sessionDir),
		listAllSessions: () => listAllSessions(home),
		searchSessions: (query, all) => searchSessions(all ? allSessionFiles(home) : sessionFiles(sessionDir), query, SEARCH_LIMIT),
		checkpoints: checkpointsPerStore(opts, bus),
	};
}

/** One Checkpointer per session store (a /resume or /fork gets its own), none when they are off. */
function checkpointsPerStore(opts: InteractiveOptions, bus: EventBus | undefined): (store: SessionStoreApi) => Checkpointer | undefined {
	const made = new WeakMap<SessionStoreApi, Checkpointer>();
	const limits = opts.checkpoints;
	return (store) => {
		if (!limits) return undefined;
		let found = made.get(store);
		if (!found) {
			found = Checkpointer.create({ session: store, home: opts.home, cwd: opts.cwd, limits, onNotice: () => {}, hooks: restoreHooksOn(bus) });
			made.set(store, found);
		}
		return found;
	};
}

/** Terminal streams; tests pass fakes, the CLI uses the process's own. */
export type InteractiveIo = {
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	stderr?: NodeJS.WriteStream;
	/** Extensions register on it before the app starts; one bus per app. */
	bus?: EventBus;
	/** Loaded extensions: their commands, notify and warnings in the UI, and the session they see. */
	extensions?: ExtensionHost;
	/** Replaces some of the real effects (tests, embedders). */
	deps?: Partial<UiDeps>;
	/**
	 * Ctrl+C while no screen takes keys: interactive mode passes its own ending (as SIGINT would
	 * end it). Without one, only on the process's own terminal, a SIGINT to this process, as the
	 * terminal would send in cooked mode; on given streams (tests, embedders) nothing: a signal
	 * would reach every part of the process the app runs in.
	 */
	interrupt?: () => void;
	/** The `task` tool, when the session's tools name it (ui/tasks/chat-tasks.ts). */
	tasks?: ChatTasks;
};

/**
 * Runs `restore` when Ink unmounts the app, which Ink does synchronously on SIGINT/SIGTERM/SIGHUP
 * (through signal-exit) before the process dies: the only moment a signal leaves to reset the terminal.
 */
function RestoreOnUnmount({ restore, children }: { restore: () => void; children: ReactNode }) {
	useLayoutEffect(() => restore, [restore]);
	return <>{children}</>;
}

/**
 * Runs the chat UI until the user quits. Resolves with the exit code; the current store (which
 * /new, /resume or /fork may have replaced) is always synced and unlocked. The app exits only
 * after a running reply has settled, so closing here never races a write.
 */
export async function runInteractive(opts: InteractiveOptions, io: InteractiveIo = {}): Promise<number> {
	let current: SessionStoreApi = opts.store;
	const stdout = io.stdout ?? process.stdout;
	const bus = io.bus ?? new EventBus();
	const kitty = kittyKeyboardOption(process.env);
	const modes = enableTerminalModes(stdout, { kitty: stdout.isTTY === true && kittyExpected(process.env) });
	const raw = rawModeNow(io.stdin ?? process.stdin);
	const instance = render(
		<RestoreOnUnmount restore={modes.restore}>
			<App
				options={opts}
				deps={withTasks({ ...realDeps(opts, bus, io.extensions), ...io.deps }, io.tasks)}
				bus={bus}
				extensions={io.extensions}
				onStoreChange={(store) => {
					current = store;
					void io.extensions?.start(store, "switch");
				}}
				interrupt={io.interrupt ?? (io.stdin || io.stdout ? undefined : () => process.kill(process.pid, "SIGINT"))}
			/>
		</RestoreOnUnmount>,
		{
			exitOnCtrlC: false,
			kittyKeyboard: kitty,
			stdout: colourDisabled(process.env) ? colourlessStdout(stdout) : stdout,
			...(io.stdin ? { stdin: io.stdin } : {}),
			...(io.stderr ? { stderr: io.stderr } : {}),
			// Routing console output above the app only makes sense on the process's own terminal.
			patchConsole: io.stdout === undefined,
		},
	);
	try {
		await instance.waitUntilExit();
		return 0;
	} finally {
		raw.restore();
		modes.restore();
		current.close();
	}
}

/**
 * Raw mode from before the first frame: the input layer turns it on in an effect, which runs after
 * Ink has drawn. A key typed as soon as the prompt shows went through cooked mode in between: the
 * terminal took Ctrl+D as end-of-file (the app then read a NUL) and echoed letters. Ink's own raw
 * mode takes over from here; `restore` turns it off if it is still on after the app has gone.
 */
function rawModeNow(stdin: NodeJS.ReadStream): { restore(): void } {
	if (stdin.isTTY !== true || typeof stdin.setRawMode !== "function" || stdin.isRaw) return { restore: () => {} };
	stdin.setRawMode(true);
	return { restore: () => void (stdin.isRaw && stdin.setRawMode(false)) };
}
