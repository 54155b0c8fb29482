/**
 * Terminal modes interactive mode turns on, and the one place that turns them off again. The
 * restore runs on every way out: a normal quit (runInteractive's `finally`), Ink's unmount (which
 * Ink also performs on SIGINT/SIGTERM/SIGHUP before the process dies), and the process `exit`
 * event (crashes, `process.exit` from a signal handler). It is idempotent.
 */
import type { KittyKeyboardOptions } from "ink";

/** Bracketed paste (pastes arrive between ESC[200~ and ESC[201~) and xterm's modifyOtherKeys level 1 (Shift+Enter is reported). */
export const MODES_ON = "\u001b[?2004h\u001b[>4;1m";
export const MODES_OFF = "\u001b[?2004l\u001b[>4m";

export type TerminalModes = {
	/** Turns the modes off for good (safe to call more than once). */
	restore(): void;
	/** Turns them off while another program (the $EDITOR) owns the terminal. */
	suspend(): void;
	resume(): void;
};

type Out = { write(text: string): unknown };

let current: TerminalModes | undefined;

/** Turns the modes on and registers their restore for the process `exit` event. */
export function enableTerminalModes(out: Out): TerminalModes {
	let on = true;
	let done = false;
	const write = (text: string) => {
		try {
			out.write(text);
		} catch (error) {
			// The terminal is gone (closed pty): nothing left to restore.
			void error;
		}
	};
	const modes: TerminalModes = {
		restore() {
			if (done) return;
			done = true;
			process.off("exit", modes.restore);
			if (current === modes) current = undefined;
			if (on) write(MODES_OFF);
			on = false;
		},
		suspend() {
			if (done || !on) return;
			on = false;
			write(MODES_OFF);
		},
		resume() {
			if (done || on) return;
			on = true;
			write(MODES_ON);
		},
	};
	write(MODES_ON);
	process.on("exit", modes.restore);
	current = modes;
	return modes;
}

/** The modes of the running interactive session, if any (for the $EDITOR hand-off). */
export function activeTerminalModes(): TerminalModes | undefined {
	return current;
}

/**
 * Ink's kitty keyboard option: Ink itself asks the terminal and enables the protocol where it
 * answers (kitty, WezTerm, ghostty). foot and iTerm2 support it but are not in Ink's list, so it is
 * switched on for them directly; other terminals ignore the request.
 */
export function kittyKeyboardOption(env: NodeJS.ProcessEnv): KittyKeyboardOptions {
	const known = (env.TERM ?? "").startsWith("foot") || env.TERM_PROGRAM === "iTerm.app";
	return { mode: known ? "enabled" : "auto", flags: ["disambiguateEscapeCodes"] };
}
