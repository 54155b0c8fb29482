import type { AgentSession } from "../agent/agent-session.js";
import { runUserBash } from "../tools/user-bash.js";

/**
 * pi's `bash` command: the user runs a command (no permission question: the client is the user);
 * its output is stored as a `bashExecution` message, which the next prompt sends the model.
 */
export function bashRunner(agent: AgentSession): { run(command: string): Promise<unknown>; abort(): void } {
	let running: AbortController | undefined;
	return {
		async run(command) {
			if (agent.isStreaming) throw new Error("a turn is running: run bash when it has ended (agent_end)");
			if (running) throw new Error("a bash command is running: abort_bash it first");
			const controller = new AbortController();
			running = controller;
			try {
				const { message, entryId, fullOutputPath } = await runUserBash(agent.store, command, { signal: controller.signal, hook: agent.userBash });
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
