// Over 200 lines: one streamed model turn; the stream's event handling shares the turn's state.
import { stepCountIs, streamText, type TextStreamPart, type ToolSet } from "ai";
import type { SessionStoreApi } from "../session/api.js";
import { SessionError, type ContextMessage, type NewEntry, type StopReason, type Usage, type UserMessage } from "../session/types.js";
import { toModelMessages } from "./convert.js";
import { ABORTED_MESSAGE, describeError, isAbortError, type FailureReason } from "./errors.js";
import { isContextOverflow } from "./overflow.js";
import { stopReasonFrom, usageFromSdk } from "./from-step.js";
import type { ResolvedModel } from "./resolve-model.js";
import { TurnRecorder, type TurnEvent } from "./turn-recorder.js";
import { untilAborted } from "./until-aborted.js";
import { canThink, pathThinkingLevel, thinkingOptions, type ThinkingLevel } from "./thinking.js";
import type { MessageQueue } from "./message-queue.js";
import { turnTools, type TurnCheckpointHooks } from "./turn-tools.js";
import { requestMessages } from "./request-messages.js";

export type { TurnEvent } from "./turn-recorder.js";

/** Options for {@link runTurn}. */
export type RunTurnOptions = {
	store: SessionStoreApi;
	model: ResolvedModel;
	prompt: string | UserMessage["content"];
	tools?: ToolSet;
	system?: string;
	signal?: AbortSignal;
	/** Model calls per turn (each tool round trip is one). Default 25. */
	maxSteps?: number;
	/** SDK retries on retryable HTTP errors (default 2, with backoff); tests pass 0. */
	maxRetries?: number;
	onEvent?: (event: TurnEvent) => void;
	/**
	 * The thinking level asked for (models marked `reasoning` only); absent, the path's level. A level
	 * other than the path's is written first as a `thinking_level_change` entry, as pi does.
	 */
	thinkingLevel?: ThinkingLevel;
	/**
	 * Steering messages (pi's `steer`): taken at the next step boundary — after the running step's
	 * tools have finished and their results are stored, before the model is called again — and
	 * stored as user messages there. Messages queued as the model finishes continue the same turn.
	 */
	steering?: MessageQueue;
	/**
	 * File checkpoints (checkpoints/checkpointer.ts): `beforePrompt` is awaited before the user message
	 * is stored (a snapshot of the files as the prompt is sent; git reads only what changed since the
	 * last one), and the function it resolves is called with the stored message's id at once (it
	 * records the snapshot beside the message, leaving the leaf there); `beforeTool` is awaited before
	 * each tool runs (the hook snapshots before the first one that can change files), `afterTurn`
	 * once the turn's entries are stored.
	 */
	checkpoints?: TurnCheckpointHooks;
	/**
	 * Called once a turn, when the provider refuses a request because the context is longer than the
	 * model's window (llm/overflow.ts): the first, or one after tool results grew the context. Resolves
	 * true when the context was made smaller (a compaction): the request is then sent once more from
	 * the store's context, and the refused attempt leaves no entry. Resolving false, the error is
	 * stored and returned as any provider error; resolving a string (why nothing was made smaller),
	 * the error is stored with it: "<provider error> (<why>)".
	 */
	onOverflow?: (error: string) => Promise<boolean | string>;
	/** What each request sends instead of the session's context (extensions' `context` handlers); the session is not changed. */
	transformContext?: (messages: ContextMessage[]) => Promise<ContextMessage[]>;
	/** Entries stored right after the user's message and sent with it (extensions' before_agent_start messages). */
	afterPrompt?: readonly NewEntry[];
	/** The tools of `tools` the model is offered in each request (extensions' setActiveTools); undefined: all. */
	activeTools?: (all: readonly string[]) => string[] | undefined;
};

/** How a turn ended. `text` is the final assistant text of the last step. */
export type TurnResult = {
	ok: boolean;
	reason?: FailureReason;
	stopReason: StopReason;
	text: string;
	usage: Usage;
	error?: string;
	leafId: string | null;
};

/** The error of an answer the provider's content filter stopped. */
const CONTENT_FILTER_MESSAGE = "the provider's content filter stopped the answer";

/** The message for an answer with no text and no tool calls. */
const EMPTY_ANSWER_MESSAGE = "the model returned an empty answer";

/**
 * One chat turn: append the user message (reported as the first `message_end`), send the path's
 * context, stream the answer and store each assistant step and each tool result as its own entry,
 * in order, as it finishes. Expected failures (abort, provider error, empty answer) are stored and
 * returned, never thrown; only store I/O errors propagate.
 */
export async function runTurn(opts: RunTurnOptions): Promise<TurnResult> {
	const emit = opts.onEvent ?? (() => {});
	const thinkingLevel = recordThinking(opts);
	const prompted = await opts.checkpoints?.beforePrompt?.();
	const user: UserMessage = { role: "user", content: opts.prompt, timestamp: Date.now() };
	const userEntryId = opts.store.appendMessage(user).id;
	prompted?.(userEntryId);
	emit({ type: "message_end", entryId: userEntryId, message: user });
	for (const entry of opts.afterPrompt ?? []) opts.store.append(entry);
	const recorder = new TurnRecorder(opts.store, opts.model, emit);
	const failure: { error?: string; aborted: boolean } = { aborted: false };
	const fail = (error: unknown) => {
		if (isAbortError(error, opts.signal)) failure.aborted = true;
		else failure.error ??= describeError(error);
	};
	let stepsLeft = opts.maxSteps ?? 25;
	let overflowed = false;
	try {
		for (;;) {
			stepsLeft -= await streamSteps(opts, { recorder, fail, failure, thinkingLevel, stepsLeft });
			if (!overflowed && (await recoverOverflow(opts, recorder, failure))) {
				overflowed = true;
				continue;
			}
			if (failure.aborted || failure.error !== undefined || stepsLeft <= 0 || recorder.hasOpenStep) break;
			const steer = opts.steering?.take() ?? [];
			if (steer.length === 0) break;
			for (const content of steer) {
				const message: UserMessage = { role: "user", content, timestamp: Date.now() };
				emit({ type: "message_end", entryId: opts.store.appendMessage(message).id, message });
			}
		}
	} catch (error) {
		// The store could not write (full disk, …): no failure entry could be written either.
		if (error instanceof SessionError) throw error;
		fail(error);
	}
	if (opts.signal?.aborted) failure.aborted = true;
	const result = finish(recorder, failure, emit);
	await opts.checkpoints?.afterTurn();
	// Durable without the reply waiting for the disk: the next sync or close waits (issue 35 item 19).
	opts.store.syncSoon();
	return { ...result, leafId: opts.store.snapshot().leafId };
}

/** A request refused for its length, then the context made smaller: true to send it again. */
async function recoverOverflow(opts: RunTurnOptions, recorder: TurnRecorder, failure: { error?: string; aborted: boolean }): Promise<boolean> {
	const error = failure.error;
	if (!opts.onOverflow || error === undefined || failure.aborted || !recorder.nothingStreamed || !isContextOverflow(error)) return false;
	const outcome = await opts.onOverflow(error);
	// Not made smaller: the reason (compaction off, failed) is part of the stored error.
	if (typeof outcome === "string") failure.error = `${error} (${outcome})`;
	if (outcome !== true || opts.signal?.aborted) return false;
	failure.error = undefined;
	recorder.discardStep();
	return true;
}

/**
 * pi's `thinking_level_change` before the user message when the level asked for is not the path's.
 * Returns the level in effect: the one asked for, else the path's (models marked `reasoning` only).
 * (A `model_change` is written by /model, when the user switches; each reply names its model too.)
 */
function recordThinking(opts: RunTurnOptions): ThinkingLevel | undefined {
	if (!canThink(opts.model)) return undefined;
	const pathLevel = pathThinkingLevel(opts.store.snapshot());
	const level = opts.thinkingLevel ?? pathLevel;
	if (level !== pathLevel) opts.store.append({ type: "thinking_level_change", thinkingLevel: level });
	return level;
}

type PartContext = { fail: (error: unknown) => void; failure: { error?: string; aborted: boolean } };

type StepsContext = PartContext & { recorder: TurnRecorder; thinkingLevel: ThinkingLevel | undefined; stepsLeft: number };

/** One model request with its tool round trips, from the store's context; returns the steps it took. */
async function streamSteps(opts: RunTurnOptions, ctx: StepsContext): Promise<number> {
	// Esc pressed before the request went out: no request at all.
	if (opts.signal?.aborted) throw opts.signal.reason;
	const built = opts.store.snapshot().buildContext().messages;
	const messages = toModelMessages(opts.transformContext ? await opts.transformContext(built) : built);
	const steering = opts.steering;
	const active = opts.activeTools && opts.tools ? () => opts.activeTools?.(Object.keys(opts.tools ?? {})) : undefined;
	const stream = streamText({
		model: opts.model.model,
		system: opts.system,
		// The newest message is validated by the SDK, the earlier ones come back at prepareStep (request-messages.ts).
		...requestMessages(messages, active),
		tools: turnTools(opts.tools, opts.checkpoints),
		...(active ? { activeTools: active() } : {}),
		// A steering message ends the tool loop after the step that is running: its results are
		// stored, then the message, then the model is asked again (runTurn's loop).
		stopWhen: steering ? [stepCountIs(ctx.stepsLeft), () => steering.size > 0] : stepCountIs(ctx.stepsLeft),
		abortSignal: opts.signal,
		maxRetries: opts.maxRetries,
		providerOptions: thinkingOptions(opts.model, ctx.thinkingLevel),
		// Our own handler keeps the SDK from logging to the console (the error part repeats it).
		onError: ({ error }) => ctx.fail(error),
	});
	let steps = 0;
	for await (const part of untilAborted(stream.fullStream, opts.signal)) {
		if (part.type === "start-step") steps += 1;
		handlePart(part, ctx.recorder, ctx);
	}
	return Math.max(steps, 1);
}

function handlePart(part: TextStreamPart<ToolSet>, recorder: TurnRecorder, ctx: PartContext): void {
	switch (part.type) {
		case "start-step":
			return recorder.startStep();
		case "text-delta":
			return recorder.addText(part.text);
		case "reasoning-delta":
			return recorder.addReasoning(part.text);
		case "tool-call":
			return recorder.addToolCall({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
		case "tool-result":
			return recorder.addToolResult({ ...ids(part), output: part.output, isError: false });
		case "tool-error":
			return recorder.addToolResult({ ...ids(part), output: describeError(part.error), isError: true });
		case "finish-step": {
			if (part.finishReason === "content-filter") ctx.failure.error ??= CONTENT_FILTER_MESSAGE;
			// A step that reported an error still "finishes"; keep the error as its stop reason.
			const errored = ctx.failure.error !== undefined;
			const stopReason = errored ? "error" : stopReasonFrom(part.finishReason);
			return recorder.finishStep({ stopReason, usage: usageFromSdk(part.usage), errorMessage: ctx.failure.error });
		}
		case "error":
			return ctx.fail(part.error);
		case "abort":
			ctx.failure.aborted = true;
			return;
		default:
			// Sources, files, tool-input streaming, raw chunks: nothing arbor stores.
			return;
	}
}

function ids(part: { toolCallId: string; toolName: string }) {
	return { toolCallId: part.toolCallId, toolName: part.toolName };
}

function finish(
	recorder: TurnRecorder,
	failure: { error?: string; aborted: boolean },
	emit: (event: TurnEvent) => void,
): Omit<TurnResult, "leafId"> {
	if (failure.aborted) {
		// Store what streamed so far; an abort between steps still leaves a visible marker.
		if (recorder.hasOpenStep || recorder.lastStopReason !== "aborted") {
			if (!recorder.hasOpenStep) recorder.startStep();
			recorder.finishStep({ stopReason: "aborted", errorMessage: ABORTED_MESSAGE });
		}
		return failed(recorder, "aborted", ABORTED_MESSAGE);
	}
	if (failure.error !== undefined) {
		if (recorder.hasOpenStep || recorder.lastStopReason !== "error") {
			if (!recorder.hasOpenStep) recorder.startStep();
			recorder.finishStep({ stopReason: "error", errorMessage: failure.error });
		}
		emit({ type: "error", message: failure.error });
		return failed(recorder, "api", failure.error);
	}
	if (recorder.hasOpenStep) recorder.finishStep({ stopReason: "stop" });
	if (recorder.lastText.trim() === "" && !recorder.lastHadToolCalls) {
		emit({ type: "error", message: EMPTY_ANSWER_MESSAGE });
		return failed(recorder, "empty", EMPTY_ANSWER_MESSAGE);
	}
	return { ok: true, stopReason: recorder.lastStopReason, text: recorder.lastText, usage: recorder.usage };
}

function failed(recorder: TurnRecorder, reason: FailureReason, error: string): Omit<TurnResult, "leafId"> {
	return { ok: false, reason, stopReason: recorder.lastStopReason, text: recorder.lastText, usage: recorder.usage, error };
}
