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

type TerminalModes = {
	/** Turns the modes off for good (safe to call more than once). */
	restore(): void;
	/** Turns them off while another program (the $EDITOR) owns the terminal. */
	suspend(): void;
	resume(): void;
};

type Out = { write(text: string): unknown };

/** Kitty keyboard flags: pop (back to the terminal's own) and push ours (disambiguate). */
export const KITTY_POP = "\u001b[<u";
export const KITTY_PUSH = "\u001b[>1u";

let current: TerminalModes | undefined;

/**
 * Turns the modes on and registers their restore for the process `exit` event. `kitty`: Ink has
 * pushed kitty keyboard flags; they are popped while another program owns the terminal (an editor
 * that does not speak the protocol would otherwise get `ESC[120;5u` for Ctrl+X) and pushed back.
 */
export function enableTerminalModes(out: Out, opts: { kitty?: boolean } = {}): TerminalModes {
	const kitty = opts.kitty === true;
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
			write(MODES_OFF + (kitty ? KITTY_POP : ""));
		},
		resume() {
			if (done || on) return;
			on = true;
			write(MODES_ON + (kitty ? KITTY_PUSH : ""));
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

/**
 * Whether Ink will have pushed kitty flags: switched on directly, or a terminal that answers Ink's
 * query (kitty, WezTerm, ghostty) reached without a multiplexer in between (tmux and screen do not
 * answer, so Ink leaves the protocol off there).
 */
export function kittyExpected(env: NodeJS.ProcessEnv): boolean {
	if (env.TMUX || env.STY || /^(screen|tmux)/.test(env.TERM ?? "")) return false;
	if (kittyKeyboardOption(env).mode === "enabled") return true;
	return "KITTY_WINDOW_ID" in env || env.TERM === "xterm-kitty" || env.TERM_PROGRAM === "WezTerm" || env.TERM_PROGRAM === "ghostty";
}
