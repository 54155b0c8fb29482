/**
 * The core's events (AgentEvent, agent/events.ts) as the chat's reducer actions: the spinner of a
 * reply or a compaction, streamed text and thinking, running tools, and the status line a turn
 * leaves. Stored entries reach the transcript through the store subscription (useTranscriptSync).
 */
import { nothingOlder, type AgentEvent, type CompactNowResult } from "../../agent/agent-session.js";
import type { QueuedContent } from "../../llm/message-queue.js";
import { contentText } from "../../session/content.js";
import { counted } from "../../text/count.js";
import { errorStatus as error, infoStatus as info, type AppAction, type Status } from "./app-reducer.js";

/** The status line after /compact (or an automatic compaction) ended without throwing. */
export function compactionStatus(result: CompactNowResult, auto: boolean): Status | undefined {
	switch (result.status) {
		case "compacted":
			return info(`Compacted (${counted(result.entry.tokensBefore, "token")} before)`);
		case "cancelled":
			return info(result.reason === "hook" ? "Compaction cancelled by an extension" : "Compaction cancelled");
		case "nothing":
			return auto ? undefined : info("Nothing to compact yet");
		case "failed":
			return error(auto ? `Automatic ${result.message}` : result.message);
		default: {
			const unreachable: never = result;
			return unreachable;
		}
	}
}

/** What a run hands back to the chat: the messages still queued when it ended (aborted or failed). */
export type HandedBack = { steering: QueuedContent[]; followUp: QueuedContent[] };

/**
 * Turns each event into actions. `pending` is the status a compaction (or the checkpoints' notice)
 * leaves for the end of the turn it came before; `handBack` takes what a run did not send.
 */
export class ChatEvents {
	private pending: Status | undefined;

	constructor(
		private readonly dispatch: (action: AppAction) => void,
		private readonly handBack: (queued: HandedBack) => void,
		private readonly now: () => number = Date.now,
	) {}

	/** The checkpoints' notice (switched off: no git, a refused folder): said once, after the turn. */
	notice(line: string): void {
		this.pending ??= info(line);
	}

	on(event: AgentEvent): void {
		const action = this.streamed(event);
		if (action) return this.dispatch(action);
		this.run(event);
	}

	private streamed(event: AgentEvent): AppAction | undefined {
		switch (event.type) {
			case "turn_start":
				return { type: "turn-started", startedAt: this.now() };
			case "compaction_start":
				return { type: "compaction-started", startedAt: this.now() };
			case "text_delta":
				return { type: "text-streamed", delta: event.delta };
			case "thinking_delta":
				return { type: "thinking-streamed", delta: event.delta };
			case "tool_call":
				return { type: "tool-started", tool: { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args, startedAt: this.now() } };
			case "tool_result":
				return { type: "tool-finished", toolCallId: event.toolCallId };
			case "message_end":
				// The reply's last step stored: the turn may still save the file state (docs/usage.md).
				return { type: "reply-step-stored", finishing: event.message.role === "assistant" && event.message.stopReason !== "toolUse" };
			default:
				return undefined;
		}
	}

	private run(event: AgentEvent): void {
		switch (event.type) {
			case "compaction_end":
				return this.compacted(event.reason, event.result);
			case "compaction_nothing":
				this.pending = info(nothingOlder(event));
				return;
			case "turn_end":
				return this.turnEnded(event.result);
			case "agent_end":
				if (event.queued) this.handBack(event.queued);
				if (event.unsent === undefined) return;
				// Aborted while compacting before the turn: nothing stored, the prompt back in the editor (docs/core.md).
				this.pending = undefined;
				this.dispatch({ type: "turn-finished", status: info("Compaction cancelled — message not sent") });
				this.dispatch({ type: "editor-text-requested", text: contentText(event.unsent) });
				return;
			case "notify":
			case "extension_error":
				// On the next tick: a turn_end handler's notice must outlive the turn's own end.
				setTimeout(() => this.dispatch({ type: "status-shown", status: event.type === "notify" ? info(event.message) : error(event.error) }), 0);
				return;
			default:
				return;
		}
	}

	private compacted(reason: "manual" | "threshold" | "overflow", result: CompactNowResult): void {
		if (reason === "manual") {
			const status = compactionStatus(result, false);
			return this.dispatch(status?.kind === "error" ? { type: "turn-failed", message: status.text } : { type: "turn-finished", ...(status ? { status } : {}) });
		}
		if (reason === "threshold") {
			if (result.status !== "cancelled" || result.reason !== "aborted") this.pending = compactionStatus(result, true);
			return;
		}
		// After an overflow the request goes out again: the reply's spinner is back.
		this.dispatch({ type: "turn-started", startedAt: this.now() });
		if (result.status === "compacted") {
			this.pending = info(`The context was longer than the model's window: compacted (${counted(result.entry.tokensBefore, "token")} before) and sent again`);
		}
	}

	private turnEnded(result: Extract<AgentEvent, { type: "turn_end" }>["result"]): void {
		const status = this.pending;
		this.pending = undefined;
		if (result.ok) this.dispatch({ type: "turn-finished", ...(status ? { status } : {}) });
		else if (result.reason === "aborted") this.dispatch({ type: "turn-finished", status: info("Aborted") });
		else this.dispatch({ type: "turn-failed", message: result.error ?? "the reply failed" });
	}
}
