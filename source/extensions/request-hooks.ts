/**
 * What the extensions' request hooks answer, as the tool set (tools/extension-tools.ts), the
 * turns (llm/turn.ts) and the user's own commands (tools/user-bash.ts) ask: `tool_call`,
 * `tool_result`, `context` and `user_bash`.
 */
import type { EventBus, UserBashEvent } from "../events/bus.js";
import type { ContextMessage } from "../session/types.js";

export type ToolCallAsk = { toolName: string; toolCallId?: string; input: unknown; signal?: AbortSignal };
export type ToolResultAsk = { toolName: string; toolCallId?: string; input: unknown; output: string; isError: boolean };

/** The `tool_call` handlers' answer to a call: why it is blocked ("" without a reason), or undefined when it may run. */
export async function beforeToolCall(bus: EventBus, call: ToolCallAsk): Promise<string | undefined> {
	const result = await bus.emit("tool_call", call);
	if (!result.block) return undefined;
	return result.reason?.trim() ?? "";
}

/** The `tool_result` handlers' version of a call's result: undefined when none changed it. */
export async function afterToolCall(bus: EventBus, call: ToolResultAsk): Promise<{ output: string; isError: boolean } | undefined> {
	const changed = await bus.emit("tool_result", { ...call });
	if (changed.output === undefined && changed.isError === undefined) return undefined;
	return { output: changed.output ?? call.output, isError: changed.isError ?? call.isError };
}

/** The `context` handlers' messages for a request (a JSON copy goes to them), or `messages` when none listens. */
export async function requestMessages(bus: EventBus, messages: ContextMessage[]): Promise<ContextMessage[]> {
	if (!bus.has("context")) return messages;
	const changed = await bus.emit("context", { messages: JSON.parse(JSON.stringify(messages)) as ContextMessage[] });
	return changed.messages ?? messages;
}

/** The `user_bash` handlers' answer to `!command`: another command, or its output (nothing when none listens). */
export async function userBashAnswer(bus: EventBus, event: UserBashEvent): Promise<{ command?: string; output?: string; exitCode?: number }> {
	if (!bus.has("user_bash")) return {};
	return bus.emit("user_bash", { ...event });
}
