import type { AgentSession } from "../agent/agent-session.js";
import type { BashExecutionMessage } from "../session/types.js";

/** The status line bashTool ends its output with ("exit code 0", "cancelled", …): pi's output has none. */
function withoutStatusLine(output: string): string {
	const cut = output.lastIndexOf("\n");
	return cut === -1 ? "" : output.slice(0, cut);
}

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
				const { bashTool } = await import("../tools/bash.js");
				const result = await bashTool({ command }, { cwd: agent.store.cwd, signal: controller.signal });
				const details = result.details;
				const output = withoutStatusLine(result.output);
				const message: BashExecutionMessage = {
					role: "bashExecution",
					command,
					output,
					exitCode: details?.exitCode ?? null,
					cancelled: details?.cancelled ?? false,
					truncated: details?.truncated ?? false,
					timestamp: Date.now(),
				};
				const entry = agent.store.appendMessage(message);
				agent.store.sync();
				return {
					output,
					exitCode: message.exitCode,
					cancelled: message.cancelled,
					truncated: message.truncated,
					...(details?.fullOutputPath ? { fullOutputPath: details.fullOutputPath } : {}),
					entryId: entry.id,
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
