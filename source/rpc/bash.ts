import { StringDecoder } from "node:string_decoder";
import type { AgentSession } from "../agent/agent-session.js";
import { runUserBash } from "../tools/user-bash.js";

/**
 * pi's `bash` command: the user runs a command (no permission question: the client is the user);
 * its output is stored as a `bashExecution` message, which the next prompt sends the model unless
 * `excludeFromContext`. Every piece of output is also an event `bash_execution_update {id?, delta}`
 * (the command's id), as it arrives: the answer's output may be cut, the events never are.
 */
export function bashRunner(agent: AgentSession, write: (event: Record<string, unknown>) => void): { run(command: string, opts: { excludeFromContext: boolean; id?: unknown }): Promise<unknown>; abort(): void } {
	let running: AbortController | undefined;
	return {
		async run(command, { excludeFromContext, id }) {
			if (agent.isStreaming) throw new Error("a turn is running: run bash when it has ended (agent_end)");
			if (running) throw new Error("a bash command is running: abort_bash it first");
			const controller = new AbortController();
			running = controller;
			// A character split between two reads stays whole.
			const decoder = new StringDecoder("utf8");
			const update = (delta: string) => delta !== "" && write({ type: "bash_execution_update", ...(id === undefined ? {} : { id }), delta });
			try {
				const onOutput = (chunk: Buffer) => update(decoder.write(chunk));
				const { message, entryId, fullOutputPath } = await runUserBash(agent.store, command, { signal: controller.signal, hook: agent.userBash, excludeFromContext, onOutput });
				update(decoder.end());
				return {
					output: message.output,
					exitCode: message.exitCode,
					cancelled: message.cancelled,
					truncated: message.truncated,
					...(fullOutputPath ? { fullOutputPath } : {}),
					entryId,
				};
			} finally {
				running = undefined;
			}
		},
		abort() {
			running?.abort();
		},
	};
}
