import { render } from "ink";
import React, { useLayoutEffect, type ReactNode } from "react";
import type { AgentSession } from "../agent/agent-session.js";
import { estimateContextTokens } from "../llm/tokens.js";
import { allSessionFiles, searchSessions } from "../search/search.js";
import { listAllSessions, listSessions } from "../session/listing.js";
import { sessionFiles } from "../session/paths.js";
import { colourDisabled } from "../text/terminal-colour.js";
import { App } from "./chat/app.js";
import type { ChatBridge } from "./chat/chat-bridge.js";
import type { UiDeps } from "./deps.js";
import { colourlessStdout } from "./terminal/colourless-stdout.js";
import { bottomAnchoredStdout } from "./terminal/bottom-anchor.js";
import type { InteractiveOptions } from "./options.js";
import { enableTerminalModes, kittyExpected, kittyKeyboardOption } from "./terminal/modes.js";

export type { InteractiveOptions } from "./options.js";

/** Hits `/search` lists (`arbor search --limit` can ask for more). */
const SEARCH_LIMIT = 100;

/** The real effects behind the UI besides the core: listings, search, the token estimate. */
function realDeps(opts: Pick<InteractiveOptions, "home" | "sessionDir">): UiDeps {
	const { home, sessionDir } = opts;
	return {
		estimateContextTokens,
		listSessions: () => listSessions(sessionDir),
		listAllSessions: () => listAllSessions(home),
		searchSessions: (query, all) => searchSessions(all ? allSessionFiles(home) : sessionFiles(sessionDir), query, SEARCH_LIMIT),
	};
}

/** Terminal streams; tests pass fakes, the CLI uses the process's own. */
type InteractiveIo = {
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	stderr?: NodeJS.WriteStream;
	/** Replaces some of the real effects (tests, embedders). */
	deps?: Partial<UiDeps>;
	/**
	 * Ctrl+C while no screen takes keys: interactive mode passes its own ending (as SIGINT would
	 * end it). Without one, only on the process's own terminal, a SIGINT to this process, as the
	 * terminal would send in cooked mode; on given streams (tests, embedders) nothing: a signal
	 * would reach every part of the process the app runs in.
	 */
	interrupt?: () => void;
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
 * Runs the chat UI over the session core until the user quits; resolves with the exit code. The
 * app exits only after a running reply has settled; the caller closes the core (agent.close()).
 */
export async function runInteractive(opts: InteractiveOptions, core: { agent: AgentSession; bridge: ChatBridge }, io: InteractiveIo = {}): Promise<number> {
	const stdout = io.stdout ?? process.stdout;
	const kitty = kittyKeyboardOption(process.env);
	const modes = enableTerminalModes(stdout, { kitty: stdout.isTTY === true && kittyExpected(process.env) });
	const raw = rawModeNow(io.stdin ?? process.stdin);
	const instance = render(
		<RestoreOnUnmount restore={modes.restore}>
			<App
				options={opts}
				deps={{ ...realDeps(opts), ...io.deps }}
				agent={core.agent}
				bridge={core.bridge}
				interrupt={io.interrupt ?? (io.stdin || io.stdout ? undefined : () => process.kill(process.pid, "SIGINT"))}
			/>
		</RestoreOnUnmount>,
		{
			exitOnCtrlC: false,
			kittyKeyboard: kitty,
			// The frame stays on the last rows when it gets shorter (bottom-anchor.ts).
			stdout: bottomAnchoredStdout(colourDisabled(process.env) ? colourlessStdout(stdout) : stdout),
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
