/** `arbor.exec` (pi's `exec`): a program run without a shell, its output collected. */
import { execFile } from "node:child_process";
import { childEnvironment } from "../text/secrets.js";

type ExecOptions = { cwd?: string; signal?: AbortSignal; timeout?: number };
type ExecResult = { stdout: string; stderr: string; code: number; killed: boolean };

/** Output kept of each stream (more is cut; `code` then says how it ended). */
const MAX_BUFFER = 10 * 1024 * 1024;

/**
 * Runs `command` with `args` in `cwd` (no shell: arguments are passed as they are). Never throws for
 * the program's own failure: a missing program is code 127 with the reason on stderr; a time-out or
 * an abort kills it (`killed`).
 */
export function runExec(command: string, args: readonly string[], opts: ExecOptions): Promise<ExecResult> {
	return new Promise((resolve) => {
		execFile(
			command,
			[...args],
			{ cwd: opts.cwd, signal: opts.signal, timeout: opts.timeout && opts.timeout > 0 ? opts.timeout : 0, env: childEnvironment(), maxBuffer: MAX_BUFFER, encoding: "utf8", windowsHide: true },
			(error, stdout, stderr) => {
				if (!error) return resolve({ stdout, stderr, code: 0, killed: false });
				const e = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean; signal?: string };
				if (e.code === "ENOENT") return resolve({ stdout, stderr: stderr || `${command}: not found`, code: 127, killed: false });
				const killed = e.killed === true || e.name === "AbortError" || e.signal !== undefined && e.signal !== null;
				resolve({ stdout, stderr: stderr || (typeof e.code === "number" ? "" : e.message), code: typeof e.code === "number" ? e.code : 1, killed });
			},
		);
	});
}
