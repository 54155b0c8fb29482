/**
 * `bash`: runs a command with `bash -c` in its own process group so a timeout or Esc can kill the
 * command together with everything it started. A non-zero exit is a result, not a thrown error:
 * the model needs to see the output to fix the problem.
 */
import { spawn } from "node:child_process";
import { OutputCapture, truncationNote } from "./output-capture.js";
import { ToolError, throwIfAborted, type ToolResult } from "./result.js";
import { childEnvironment } from "../text/secrets.js";
import { errnoCode } from "../text/error-text.js";

export const BASH_DEFAULT_TIMEOUT_SECONDS = 120;
/** After bash exits, how long to wait for background children that still hold the pipes. */
const PIPE_GRACE_MS = 250;

type BashArgs = { command: string; timeout?: number };
type BashDetails = {
	exitCode: number | null;
	signal: string | null;
	timedOut: boolean;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
};

/** Process groups of running commands: a signal that ends arbor must not leave them running. */
const runningGroups = new Set<number>();
let exitHookArmed = false;

/** Kills (SIGKILL) the process group of every command still running; also done when arbor exits. */
export function killToolProcesses(): void {
	for (const pid of runningGroups) killGroup(pid);
	runningGroups.clear();
}

function killGroup(pid: number): void {
	try {
		process.kill(-pid, "SIGKILL");
	} catch (error) {
		// ESRCH: the group is already gone, which is what we wanted.
		if (errnoCode(error) !== "ESRCH") throw error;
	}
}

function track(pid: number | undefined): () => void {
	if (pid === undefined) return () => {};
	// The first command arms the exit hook; "exit" runs for every way arbor ends except SIGKILL.
	if (!exitHookArmed) process.on("exit", killToolProcesses);
	exitHookArmed = true;
	runningGroups.add(pid);
	return () => runningGroups.delete(pid);
}

type Ended = { code: number | null; signal: string | null; timedOut: boolean; cancelled: boolean };

/** Runs `args.command` in `opts.cwd`; output is stdout and stderr interleaved as they arrive (each piece also to `onOutput`). */
export async function bashTool(
	args: BashArgs,
	opts: { cwd: string; signal?: AbortSignal; onOutput?: (chunk: Buffer) => void; wrap?: CommandWrapper },
): Promise<ToolResult<BashDetails>> {
	throwIfAborted(opts.signal);
	const timeout = args.timeout !== undefined && args.timeout > 0 ? args.timeout : BASH_DEFAULT_TIMEOUT_SECONDS;
	const capture = new OutputCapture();
	const ended = await run({ command: args.command, cwd: opts.cwd, timeout, capture, signal: opts.signal, onOutput: opts.onOutput, wrap: opts.wrap });
	const out = capture.finish();
	const lines: string[] = [];
	if (out.truncated) lines.push(truncationNote(out));
	lines.push(out.text === "" ? "(no output)" : out.text.replace(/\n$/, ""));
	lines.push(statusLine(ended, timeout));
	const details: BashDetails = {
		exitCode: ended.code,
		signal: ended.signal,
		timedOut: ended.timedOut,
		cancelled: ended.cancelled,
		truncated: out.truncated,
		...(out.fullOutputPath ? { fullOutputPath: out.fullOutputPath } : {}),
	};
	return { output: lines.join("\n"), details, isError: ended.code !== 0 };
}

function statusLine(ended: Ended, timeout: number): string {
	if (ended.timedOut) return `timed out after ${timeout}s`;
	if (ended.cancelled) return "cancelled";
	if (ended.code === null) return `killed by ${ended.signal ?? "a signal"}`;
	return `exit code ${ended.code}`;
}

type RunOptions = { command: string; cwd: string; timeout: number; capture: OutputCapture; signal?: AbortSignal; onOutput?: (chunk: Buffer) => void; wrap?: CommandWrapper };

/** How a command starts: `bash …`'s argv in, the argv to spawn out (the sandbox puts bwrap in front: source/sandbox/). */
export type CommandWrapper = (argv: readonly string[]) => readonly string[];

/** The run's wrapper of every command (the tool's and `!command`'s): `--sandbox`; a tool set's own wins. */
let runWrapper: CommandWrapper | undefined;

/** Sets (or clears) the wrapper of this run's commands. */
export function setCommandWrapper(wrapper: CommandWrapper | undefined): void {
	runWrapper = wrapper;
}

/** The settings' shellCommandPrefix (pi's): run before every command (`shopt -s expand_aliases`, a venv). */
let shellPrefix: string | undefined;

/** Sets the prefix for this run's commands (the tool's and `!command`'s); undefined or blank: none. */
export function setShellPrefix(prefix: string | undefined): void {
	shellPrefix = prefix?.trim() ? prefix : undefined;
}

/**
 * The parent-death watchdog (Linux has no PR_SET_PDEATHSIG from Node): a background shell in the
 * command's process group waits on fd 3, a pipe only arbor writes to. A line means the command
 * finished and the watchdog just leaves; end of file without one means arbor died (`kill -9`, a
 * crash) and it kills the whole group. The command itself runs as before (`bash -c`, exec'd in
 * the same process, without fd 3).
 */
const WATCHDOG = `{ read -r -u 3 _ || kill -KILL 0; } </dev/null >/dev/null 2>&1 &
exec 3<&- bash -c "$1"`;

function run(opts: RunOptions): Promise<Ended> {
	return new Promise((resolve, reject) => {
		// The prefix runs first, in the same shell; what is stored and shown is the command alone.
		const command = shellPrefix === undefined ? opts.command : `${shellPrefix}\n${opts.command}`;
		const plain = ["bash", "-c", WATCHDOG, "bash", command];
		const [file = "bash", ...args] = (opts.wrap ?? runWrapper)?.(plain) ?? plain;
		const child = spawn(file, args, {
			cwd: opts.cwd,
			// Provider keys stay with arbor: a model-run `env` must not copy them into the session.
			env: childEnvironment(),
			detached: true,
			stdio: ["ignore", "pipe", "pipe", "pipe"],
		});
		const watchdog = child.stdio[3] as NodeJS.WritableStream | null;
		// The group may be gone already (timeout, Esc): then nobody reads the line.
		watchdog?.on("error", () => {});
		const killers = armKillers(child.pid, opts);
		const untrack = track(child.pid);
		let settled = false;
		let graceTimer: NodeJS.Timeout | undefined;
		const finish = (code: number | null, signal: string | null) => {
			if (settled) return;
			settled = true;
			clearTimeout(graceTimer);
			killers.dispose();
			untrack();
			resolve({ code, signal, timedOut: killers.state.timedOut, cancelled: killers.state.cancelled });
		};
		const output = (c: Buffer) => {
			opts.capture.push(c);
			opts.onOutput?.(c);
		};
		child.stdout?.on("data", output);
		child.stderr?.on("data", output);
		child.on("error", (error) => {
			settled = true;
			killers.dispose();
			untrack();
			reject(new ToolError(`cannot run bash: ${error.message}`));
		});
		child.on("close", (code, signal) => finish(code, signal));
		child.on("exit", (code, signal) => {
			// The command is done: the watchdog leaves without killing what it left running.
			watchdog?.end("done\n");
			graceTimer = setTimeout(() => {
				child.stdout?.destroy();
				child.stderr?.destroy();
				finish(code, signal);
			}, PIPE_GRACE_MS);
		});
	});
}

/** Sets up the timeout and the abort listener; both kill the whole process group. */
function armKillers(pid: number | undefined, opts: RunOptions) {
	const state = { timedOut: false, cancelled: false };
	const kill = () => {
		if (pid !== undefined) killGroup(pid);
	};
	const timer = setTimeout(() => {
		state.timedOut = true;
		kill();
	}, opts.timeout * 1000);
	const onAbort = () => {
		state.cancelled = true;
		kill();
	};
	opts.signal?.addEventListener("abort", onAbort, { once: true });
	const dispose = () => {
		clearTimeout(timer);
		opts.signal?.removeEventListener("abort", onAbort);
	};
	return { state, dispose };
}
