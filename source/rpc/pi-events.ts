/**
 * arbor's agent events → pi's session events (pi 1.6 docs/json.md; RPC and `--mode json`). pi's order
 * around tools: a step's tool events wait for its message_end (arbor's tools run while it streams).
 * `wire: "rpc"` keeps pi 0.73's cumulative `message`/`partial` in message_update beside pi 1.6's
 * `usage`; `wire: "json"` writes pi 1.6's delta-only message_update.
 */
import { randomUUID } from "node:crypto";
import type { AgentEvent } from "../agent/events.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import { compactionEnd, definedFields, queuedText, treeNavigated } from "./pi-shapes.js";
import type { AssistantMessage, StoredMessage, ToolResultMessage } from "../session/types.js";

type Part = AssistantMessage["content"][number];
type Out = (event: Record<string, unknown>) => void;
type PiWire = "rpc" | "json";

export class PiEventWriter {
	private partial: AssistantMessage | undefined;
	/** The assistant message of the pi turn in progress, and the tool results that followed it. */
	private turnMessage: StoredMessage | undefined;
	private turnResults: ToolResultMessage[] = [];
	private turnOpen = false;
	/** tool_execution_start/end of the step being streamed, sent after its message_end. */
	private toolEvents: Record<string, unknown>[] = [];

	constructor(
		private readonly out: Out,
		private readonly model: () => ResolvedModel | undefined,
		private readonly wire: PiWire = "rpc",
	) {}

	write(event: AgentEvent): void {
		switch (event.type) {
			case "agent_end":
				this.flushTools();
				this.endTurn();
				return this.out({ type: "agent_end", messages: event.messages, willRetry: false });
			case "agent_settled":
				return this.out({ type: "agent_settled", aborted: event.aborted });
			case "entry_appended":
				return this.out({ type: "entry_appended", entry: event.entry });
			case "turn_start":
			case "turn_end":
				// pi's turn is one model response with the messages before it and its tool results: derived below.
				if (event.type === "turn_end") this.endTurn();
				return;
			case "message_start":
				return this.startAssistant();
			case "text_delta":
				return this.delta("text", event.delta);
			case "thinking_delta":
				return this.delta("thinking", event.delta);
			case "tool_call":
				return this.toolCall(event.toolCallId, event.toolName, event.args);
			case "tool_result": {
				const { toolCallId, toolName, output, isError, durationMs } = event;
				const result = { content: [{ type: "text", text: output }], details: {} };
				return this.toolEvent({ type: "tool_execution_end", toolCallId, toolName, result, isError, ...(durationMs === undefined ? {} : { durationMs }) });
			}
			case "message_end":
				return this.messageEnd(event.message, event.entryId);
			case "error":
				// The failure is stored as the assistant message's errorMessage (its message_end says it).
				return;
			case "queue_update":
				return this.out({ type: "queue_update", steering: event.steering.map(queuedText), followUp: event.followUp.map(queuedText) });
			case "compaction_start":
				return this.out({ type: "compaction_start", reason: event.reason });
			case "compaction_end":
				return this.out(compactionEnd(event));
			case "compaction_nothing":
				// arbor's own: automatic compaction was due, with nothing older to compact (pi has no such event).
				return this.out({ type: "compaction_nothing", contextTokens: event.contextTokens, contextWindow: event.contextWindow });
			case "extension_error":
				return this.out({ type: "extension_error", error: event.error });
			case "notify":
				return this.out({ type: "extension_ui_request", id: randomUUID(), method: "notify", message: event.message, notifyType: "info" });
			case "tree_moved":
				return this.out(treeNavigated(event.result));
			case "session_changed":
				return this.out({ type: "session_changed", reason: event.reason, sessionId: event.sessionId, sessionFile: event.sessionFile ?? null });
			case "session_info_changed": // pi 1.6's (`name` absent when cleared), as thinking_level_changed
			case "thinking_level_changed":
			case "agent_start":
			case "task_start": case "task_tool": case "task_end": // arbor's own: a task's progress (docs/tasks.md)
				return this.out(definedFields(event));
			default: {
				const never: never = event;
				return never;
			}
		}
	}

	private startAssistant(): void {
		this.nextTurn();
		const model = this.model();
		this.partial = {
			role: "assistant",
			content: [],
			api: model?.api ?? "openai-completions",
			provider: model?.provider ?? "",
			model: model?.modelId ?? "",
			usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
			stopReason: "stop",
			timestamp: Date.now(),
		};
		this.out({ type: "message_start", message: this.partial });
		this.update({ type: "start" });
	}

	private update(assistantMessageEvent: Record<string, unknown>): void {
		const partial = this.partial;
		if (!partial) return;
		const usage = partial.usage;
		// pi 1.6 says a stream's start, done and error with message_start and message_end only.
		const edge = ["start", "done", "error"].includes(String(assistantMessageEvent.type));
		if (this.wire === "json") return edge ? undefined : this.out({ type: "message_update", usage, assistantMessageEvent });
		this.out({ type: "message_update", usage, message: partial, assistantMessageEvent: { ...assistantMessageEvent, partial } });
	}

	/** A tool event: after the step's message_end (pi's order), at once when that has been sent. */
	private toolEvent(event: Record<string, unknown>): void {
		if (this.partial) this.toolEvents.push(event);
		else this.out(event);
	}

	private flushTools(): void {
		for (const event of this.toolEvents.splice(0)) this.out(event);
	}

	private delta(kind: "text" | "thinking", delta: string): void {
		const partial = this.partial;
		if (!partial) return;
		let last = partial.content.at(-1);
		if (last?.type !== kind) {
			last = kind === "text" ? { type: "text", text: "" } : { type: "thinking", thinking: "" };
			this.endBlock();
			partial.content.push(last);
			this.update({ type: `${kind}_start`, contentIndex: partial.content.length - 1 });
		}
		if (last.type === "text") last.text += delta;
		else if (last.type === "thinking") last.thinking += delta;
		this.update({ type: `${kind}_delta`, contentIndex: partial.content.length - 1, delta });
	}

	/** Closes the text or thinking block being streamed (pi's text_end / thinking_end). */
	private endBlock(): void {
		const partial = this.partial;
		const last: Part | undefined = partial?.content.at(-1);
		if (!partial || !last) return;
		const contentIndex = partial.content.length - 1;
		if (last.type === "text") this.update({ type: "text_end", contentIndex, content: last.text });
		if (last.type === "thinking") this.update({ type: "thinking_end", contentIndex, content: last.thinking });
	}

	private toolCall(id: string, name: string, args: unknown): void {
		const partial = this.partial;
		if (partial) {
			this.endBlock();
			const toolCall = { type: "toolCall" as const, id, name, arguments: (args ?? {}) as Record<string, unknown> };
			partial.content.push(toolCall);
			const contentIndex = partial.content.length - 1;
			this.update({ type: "toolcall_start", contentIndex, id, toolName: name });
			this.update({ type: "toolcall_end", contentIndex, toolCall });
		}
		this.toolEvent({ type: "tool_execution_start", toolCallId: id, toolName: name, args });
	}

	private messageEnd(message: StoredMessage, entryId: string): void {
		if (message.role === "assistant") {
			this.endBlock();
			const stop = message.stopReason;
			if (this.partial) this.update(stop === "error" || stop === "aborted" ? { type: "error", reason: stop } : { type: "done", reason: stop });
			this.partial = undefined;
			this.turnMessage = message;
			this.out({ type: "message_end", message, entryId });
			return this.flushTools();
		}
		if (message.role === "toolResult") this.turnResults.push(message);
		else this.nextTurn();
		this.out({ type: "message_start", message, entryId });
		this.out({ type: "message_end", message, entryId });
	}

	/** A user or assistant message after the turn's assistant message begins the next turn. */
	private nextTurn(): void {
		if (this.turnMessage) this.endTurn();
		if (this.turnOpen) return;
		this.turnOpen = true;
		this.out({ type: "turn_start" });
	}

	private endTurn(): void {
		if (!this.turnOpen) return;
		this.out({ type: "turn_end", message: this.turnMessage ?? null, toolResults: this.turnResults });
		this.turnOpen = false;
		this.turnMessage = undefined;
		this.turnResults = [];
	}
}
