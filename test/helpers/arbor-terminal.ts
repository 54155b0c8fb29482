/**
 * arbor's real interactive mode (source/interactive.ts: settings, models, session, extensions, the
 * Ink app) run in the test process on a VirtualTerminal. It has the TmuxSession shape, so the
 * screen tests keep their keys and assertions (`quit`, `submitLine` from arbor-tmux.ts work on
 * both); when the app exits, `[exit N]` is printed as the tmux tests' shell line prints it.
 * One app at a time per test file: cwd and environment are the process's own while it runs.
 */
import type { ExtensionFlags } from "../../source/extensions/setup.js";
import type { ChatFlags } from "../../source/config/options.js";
import { runInteractiveMode } from "../../source/interactive.js";
import type { TmuxSession } from "./tmux.js";
import { VirtualTerminal } from "./virtual-terminal.js";
import { showScreenOnTimeout, waitFor } from "./wait-for.js";

export type ArborTerminal = TmuxSession & {
	terminal: VirtualTerminal;
	/** Raw bytes in one write. */
	write(bytes: string): void;
	paste(text: string): void;
	resize(cols: number, rows: number): void;
	/** The exit code once the app has quit. */
	exited: Promise<number>;
	/** Quits the app if it still runs (Ctrl+C until it exits), then disposes the terminal. */
	kill(): Promise<void>;
};

/** The chat modes' flags the screen tests use, parsed like the CLI does (commander's names). */
export function chatFlags(args: string[]): { words: string[]; flags: ChatFlags & ExtensionFlags } {
	const flags: ChatFlags & ExtensionFlags = {};
	const words: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		const value = () => {
			const v = args[++i];
			if (v === undefined) throw new Error(`${arg} needs a value`);
			return v;
		};
		if (arg === "-m" || arg === "--model") flags.model = value();
		else if (arg === "--base-url") flags.baseUrl = value();
		else if (arg === "--api-key") flags.apiKey = value();
		else if (arg === "--summary-model") flags.summaryModel = value();
		else if (arg === "-s" || arg === "--session") flags.session = value();
		else if (arg === "--no-session") flags.session = false;
		else if (arg === "--session-dir") flags.sessionDir = value();
		else if (arg === "-c" || arg === "--continue") flags.continue = true;
		else if (arg === "-r" || arg === "--resume") flags.resume = true;
		else if (arg === "--tools") flags.tools = value();
		else if (arg === "--no-tools") flags.tools = false;
		else if (arg === "-y" || arg === "--yes") flags.yes = true;
		else if (arg === "--add-dir") flags.addDir = [...(flags.addDir ?? []), value()];
		else if (arg === "-e" || arg === "--extension") flags.extension = [...(flags.extension ?? []), value()];
		else if (arg === "--no-extensions") flags.extensions = false;
		else if (arg === "--no-context-files") flags.contextFiles = false;
		else if (arg === "--no-checkpoints") flags.checkpoints = false;
		else if (arg === "--thinking") flags.thinking = value();
		else if (arg === "--models") flags.models = value();
		else if (arg.startsWith("-")) throw new Error(`arbor-terminal: flag ${arg} is not handled here (use the tmux harness)`);
		else words.push(arg);
	}
	return { words, flags };
}

/** Variables the tmux runs unset or set; everything else is the test process's environment. */
const UNSET = ["ARBOR_MODEL", "ARBOR_BASE_URL", "TMUX", "STY", "TERM_PROGRAM", "KITTY_WINDOW_ID", "FORCE_COLOR"];

/**
 * Starts arbor in a `cols`×`rows` virtual terminal (120×40 like the tmux tests): cwd and ARBOR_HOME
 * given, ARBOR_MODEL unset, colours off (NO_COLOR), `env` added.
 */
export function startArbor(opts: { args: string[]; cwd: string; home: string; env?: Record<string, string>; cols?: number; rows?: number }): ArborTerminal {
	const terminal = new VirtualTerminal(opts.cols ?? 120, opts.rows ?? 40);
	const { words, flags } = chatFlags(opts.args);
	const savedCwd = process.cwd();
	const set: Record<string, string | undefined> = { ARBOR_HOME: opts.home, NO_COLOR: "1", TERM: "xterm-256color", ...opts.env };
	for (const key of UNSET) if (!(key in set)) set[key] = undefined;
	const savedEnv = Object.fromEntries(Object.keys(set).map((key) => [key, process.env[key]]));
	const apply = (values: Record<string, string | undefined>) => {
		for (const [key, value] of Object.entries(values)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	};
	apply(set);
	process.chdir(opts.cwd);
	let code: number | undefined;
	const exited = runInteractiveMode(words, flags, { stdin: terminal.stdin as never, stdout: terminal.stdout as never, stderr: terminal.stdout as never }).then(
		(c) => c,
		(error: unknown) => {
			terminal.term.write(`\r\narbor: ${(error as Error).message}\r\n`);
			return 1;
		},
	);
	void exited.then((c) => {
		code = c;
		terminal.term.write(`\r\n[exit ${c}]\r\n`);
	});
	const forgetScreen = showScreenOnTimeout(() => terminal.screen());
	let restored = false;
	const restore = () => {
		if (restored) return;
		restored = true;
		forgetScreen();
		apply(savedEnv);
		process.chdir(savedCwd);
	};
	return {
		name: "virtual-terminal",
		terminal,
		exited,
		send: (...keys) => terminal.send(...keys),
		type: (text) => terminal.write(text),
		write: (bytes) => terminal.write(bytes),
		paste: (text) => terminal.paste(text),
		resize: (cols, rows) => terminal.resize(cols, rows),
		capture: () => terminal.screen(),
		waitForScreen: (predicate, what, timeoutMs) => terminal.waitForScreen(predicate, what, timeoutMs),
		kill: async () => {
			// Waited for: an app left running would share the next test's process (cwd, environment,
			// signal handlers), and its clean-up keys and exit would land during that test.
			restore();
			if (code === undefined) await stopApp(terminal, () => code !== undefined);
			else terminal.dispose();
		},
	};
}

/** A test that failed mid-way leaves the app running: Ctrl+C (close, clear, quit) until it exits. */
async function stopApp(terminal: VirtualTerminal, done: () => boolean): Promise<void> {
	try {
		await waitFor(
			() => {
				if (!done()) terminal.write("\u0003");
				return done();
			},
			{ timeoutMs: 5_000, intervalMs: 50, what: "the app to quit after Ctrl+C" },
		);
	} catch {
		// It did not quit (a modal that ignores Ctrl+C): the worker process ends with the test file.
	}
	terminal.dispose();
}
