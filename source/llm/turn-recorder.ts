import type { SessionStoreApi } from "../session/api.js";
import type { StopReason, StoredMessage, ToolResultMessage, Usage } from "../session/types.js";
import { addUsage, assistantFromStep, emptyUsage, toolResultFromStep, type StepToolCall } from "./from-step.js";
import type { ResolvedModel } from "./resolve-model.js";

/** What a turn reports while it runs, in order. `message_end` follows every stored entry. */
export type TurnEvent =
	| { type: "message_start" }
	| { type: "text_delta"; delta: string }
	| { type: "thinking_delta"; delta: string }
	| { type: "tool_call"; toolCallId: string; toolName: string; args: unknown }
	/** `durationMs`: from the complete call to its result (the tool's run, with any permission question), monotonic clock. */
	| { type: "tool_result"; toolCallId: string; toolName: string; output: string; isError: boolean; durationMs?: number }
	| { type: "message_end"; entryId: string; message: StoredMessage }
	| { type: "error"; message: string };

/**
 * Collects the parts of the current model step and writes entries to the store as steps end.
 * Tool results can arrive before the step's assistant message is stored; they wait so the file
 * order is always assistant(toolCalls) → its toolResults.
 */
export class TurnRecorder {
	private text = "";
	private reasoning = "";
	private toolCalls: StepToolCall[] = [];
	private waitingResults: ToolResultMessage[] = [];
	/** When each call of the turn arrived complete (performance.now()), for the result's durationMs. */
	private callStarts = new Map<string, number>();
	private stepOpen = false;
	private assistantStored = false;
	/** Text, reasoning and tool calls streamed since the last step began or was stored. */
	private streamedInStep = 0;
	/** Summed usage of all stored steps. */
	usage: Usage = emptyUsage();
	/** Text and stop reason of the newest stored assistant message. */
	lastText = "";
	lastStopReason: StopReason = "stop";
	lastHadToolCalls = false;

	constructor(
		private readonly store: SessionStoreApi,
		private readonly model: ResolvedModel,
		private readonly emit: (event: TurnEvent) => void,
	) {}

	/** A new model call began: reset the step buffers. */
	startStep(): void {
		this.text = "";
		this.reasoning = "";
		this.toolCalls = [];
		this.streamedInStep = 0;
		this.stepOpen = true;
		this.assistantStored = false;
		this.emit({ type: "message_start" });
	}

	/** Streamed answer text. */
	addText(delta: string): void {
		this.text += delta;
		this.streamedInStep += 1;
		this.emit({ type: "text_delta", delta });
	}

	/** Streamed reasoning (stored as a thinking part, never sent back). */
	addReasoning(delta: string): void {
		this.reasoning += delta;
		this.streamedInStep += 1;
		this.emit({ type: "thinking_delta", delta });
	}

	/** A complete tool call of the current step. */
	addToolCall(call: StepToolCall): void {
		this.toolCalls.push(call);
		this.streamedInStep += 1;
		this.callStarts.set(call.toolCallId, performance.now());
		this.emit({ type: "tool_call", toolCallId: call.toolCallId, toolName: call.toolName, args: call.input });
	}

	/** A tool finished (or failed); stored right after its step's assistant message. */
	addToolResult(result: { toolCallId: string; toolName: string; output: unknown; isError: boolean }): void {
		const message = toolResultFromStep(result);
		const output = message.content[0]?.type === "text" ? message.content[0].text : "";
		const started = this.callStarts.get(result.toolCallId);
		this.callStarts.delete(result.toolCallId);
		const durationMs = started === undefined ? {} : { durationMs: Math.round(performance.now() - started) };
		this.emit({ type: "tool_result", toolCallId: result.toolCallId, toolName: result.toolName, output, isError: message.isError, ...durationMs });
		if (this.assistantStored) this.write(message);
		else this.waitingResults.push(message);
	}

	/** Nothing streamed since the last step began or was stored (the provider refused the request); earlier steps may be stored. */
	get nothingStreamed(): boolean {
		return this.streamedInStep === 0 && this.waitingResults.length === 0;
	}

	/** Forgets a step begun for a request that is sent again (see runTurn's `onOverflow`). */
	discardStep(): void {
		this.stepOpen = false;
	}

	/** True while a step has begun and its assistant message is not yet stored. */
	get hasOpenStep(): boolean {
		return this.stepOpen && !this.assistantStored;
	}

	/** Store the current step's assistant message, then any results that were waiting for it. */
	finishStep(outcome: { stopReason: StopReason; usage?: Usage; errorMessage?: string }): void {
		const message = assistantFromStep({
			model: this.model,
			text: this.text,
			reasoning: this.reasoning,
			toolCalls: this.toolCalls,
			usage: outcome.usage,
			stopReason: outcome.stopReason,
			errorMessage: outcome.errorMessage,
		});
		this.write(message);
		this.assistantStored = true;
		this.stepOpen = false;
		this.streamedInStep = 0;
		this.usage = addUsage(this.usage, message.usage ?? emptyUsage());
		this.lastText = this.text;
		this.lastStopReason = outcome.stopReason;
		this.lastHadToolCalls = this.toolCalls.length > 0;
		const waiting = this.waitingResults;
		this.waitingResults = [];
		for (const result of waiting) this.write(result);
	}

	private write(message: StoredMessage): void {
		const entry = this.store.appendMessage(message);
		this.emit({ type: "message_end", entryId: entry.id, message });
	}
}
