/** `--check "<command>"` (docs/fanout.md): run in a branch's copy when it ends, in its sandbox. */
import { bashTool, type CommandWrapper } from "../tools/bash.js";
import { errorMessage } from "../text/error-text.js";

/** A check's result as its custom entry (`arbor.fanout-check`) records it. */
export type CheckResult = { command: string; exitCode: number | null; tail: string };

/** How much of the output the entry keeps: the last lines, the end of them. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2000;

/** Runs the check; a command that cannot start is a failed check (exit code null). */
export async function runCheck(opts: { command: string; cwd: string; wrap?: CommandWrapper; signal?: AbortSignal }): Promise<CheckResult> {
	try {
		const result = await bashTool({ command: opts.command }, { cwd: opts.cwd, wrap: opts.wrap, signal: opts.signal });
		const lines = result.output.split("\n");
		return { command: opts.command, exitCode: result.details?.exitCode ?? null, tail: lines.slice(0, -1).slice(-TAIL_LINES).join("\n").slice(-TAIL_CHARS) };
	} catch (error) {
		return { command: opts.command, exitCode: null, tail: errorMessage(error) };
	}
}
