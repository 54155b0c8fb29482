/**
 * A command the user runs themselves — `!command` in the chat, RPC's `bash` (pi's both): no
 * permission question (the user typed it), its output stored as a `bashExecution` message that the
 * next prompt sends the model; `excludeFromContext` (`!!command`) keeps it out of the context.
 */
import type { SessionStoreApi } from "../session/api.js";
import type { BashExecutionMessage } from "../session/types.js";
import { redactText } from "../text/secrets.js";

/** The status line bashTool ends its output with ("exit code 0", "cancelled", …): pi's output has none. */
function withoutStatusLine(output: string): string {
	const cut = output.lastIndexOf("\n");
	return cut === -1 ? "" : output.slice(0, cut);
}

export type UserBashRun = { message: BashExecutionMessage; entryId: string; fullOutputPath?: string };

/** What extensions' `user_bash` handlers make of a command: another command to run, or its output without running it. */
export type UserBashHook = (event: { command: string; excludeFromContext: boolean; cwd: string }) => Promise<{ command?: string; output?: string; exitCode?: number }>;

/**
 * Runs `command` in the session's folder and stores its `bashExecution` message at the leaf, under
 * the command as typed (`hook`: the extensions' user_bash, which may run another one or answer it).
 */
export async function runUserBash(
	store: SessionStoreApi,
	command: string,
	opts: { signal?: AbortSignal; excludeFromContext?: boolean; hook?: UserBashHook; onOutput?: (chunk: Buffer) => void } = {},
): Promise<UserBashRun> {
	const hooked = (await opts.hook?.({ command, excludeFromContext: opts.excludeFromContext === true, cwd: store.cwd })) ?? {};
	const { bashTool } = await import("./bash.js");
	const result = hooked.output !== undefined ? { output: `${hooked.output}\n`, details: { exitCode: hooked.exitCode ?? 0, cancelled: false, truncated: false, fullOutputPath: undefined } } : await bashTool({ command: hooked.command ?? command }, { cwd: store.cwd, signal: opts.signal, onOutput: opts.onOutput });
	const details = result.details;
	const message: BashExecutionMessage = {
		role: "bashExecution",
		command,
		// Like a tool's result: no provider key in what is stored and answered (text/secrets.ts).
		output: redactText(withoutStatusLine(result.output)),
		exitCode: details?.exitCode ?? null,
		cancelled: details?.cancelled ?? false,
		truncated: details?.truncated ?? false,
		...(opts.excludeFromContext ? { excludeFromContext: true } : {}),
		timestamp: Date.now(),
	};
	const entry = store.appendMessage(message);
	store.sync();
	return { message, entryId: entry.id, ...(details?.fullOutputPath ? { fullOutputPath: details.fullOutputPath } : {}) };
}
