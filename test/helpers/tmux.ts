import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { waitFor } from "./wait-for.js";

/** A program running in a detached tmux session of a fixed size, driven like a real terminal. */
export type TmuxSession = {
	name: string;
	/** tmux send-keys arguments, e.g. send("hello", "Enter") or send("C-u"). */
	send(...keys: string[]): void;
	/** Literal text (no key-name interpretation). */
	type(text: string): void;
	/** The visible screen as plain text, trailing blanks trimmed per line. */
	capture(): string;
	/** Waits until the screen satisfies `predicate`; throws with the last screen on timeout. */
	waitForScreen(predicate: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
	/** Ends the program; the virtual terminal's version resolves once the app has ended. */
	kill(): void | Promise<void>;
};

/**
 * Each session runs on its own tmux server (`-L <name>`): with one shared server, killing the last
 * session stops the server while the next test's new-session may be connecting to it ("server
 * exited unexpectedly"). Anything calling tmux directly passes `-L <session name>` too.
 */
function tmux(socket: string, args: string[]): string {
	return execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
}

/** Starts `command` (a shell command line) in tmux with the given size and environment. */
export function startTmux(opts: {
	command: string;
	cwd?: string;
	cols?: number;
	rows?: number;
	env?: Record<string, string>;
}): TmuxSession {
	const name = `arbor-test-${randomBytes(4).toString("hex")}`;
	const envPrefix = Object.entries(opts.env ?? {})
		.map(([k, v]) => `${k}=${shellQuote(v)}`)
		.join(" ");
	const line = `${envPrefix ? `env ${envPrefix} ` : ""}${opts.command}; echo "[exit $?]"; sleep 600`;
	tmux(name, [
		"new-session", "-d", "-s", name,
		"-x", String(opts.cols ?? 120), "-y", String(opts.rows ?? 40),
		...(opts.cwd ? ["-c", opts.cwd] : []),
		"bash", "--norc", "--noprofile", "-c", line,
	]);
	const session: TmuxSession = {
		name,
		send: (...keys) => void tmux(name, ["send-keys", "-t", name, ...keys]),
		type: (text) => void tmux(name, ["send-keys", "-t", name, "-l", text]),
		capture: () =>
			tmux(name, ["capture-pane", "-p", "-t", name])
				.split("\n")
				.map((l) => l.trimEnd())
				.join("\n"),
		async waitForScreen(predicate, what, timeoutMs = 20_000) {
			let screen = "";
			return waitFor(
				() => {
					screen = session.capture();
					return predicate(screen) ? screen : undefined;
				},
				{ timeoutMs, what, intervalMs: 50, screen: () => screen },
			);
		},
		kill: () => {
			try {
				tmux(name, ["kill-server"]);
			} catch {
				// already gone: the program exited and the session closed
			}
		},
	};
	return session;
}

export function shellQuote(s: string): string {
	return `'${s.replace(/'/g, `'\\''`)}'`;
}
