import type { Dispatch } from "react";
import type { ResolvedModel, TurnEvent } from "../../llm/index.js";
import type { MessageQueue, QueuedContent } from "../../llm/message-queue.js";
import { compactNow } from "../../navigation/compact.js";
import { compactBeforeTurn, compactionStatus, compactOnOverflow } from "./compaction-turns.js";
import type { EventBus } from "../../events/bus.js";
import type { SessionStoreApi } from "../../session/api.js";
import type { UiDeps } from "../deps.js";
import { errorStatus as error, infoStatus as info, type AppAction } from "../chat/app-reducer.js";
import { errorMessage } from "../../text/error-text.js";
import { MUTATING_TOOLS } from "../../tools/policy.js";
import { promptWithImages } from "../../tools/attachments.js";
import { contentText } from "../../session/content.js";
import { userBashAnswer } from "../../extensions/request-hooks.js";
import type { UserBashEvent } from "../../events/bus.js";

/** What one reply or compaction needs; built by useChat for the current store and model. */
export type RunContext = {
	store: SessionStoreApi;
	model: ResolvedModel | undefined;
	summaryModel: ResolvedModel | undefined;
	modelHint: string;
	deps: UiDeps;
	tools: ReturnType<UiDeps["createTools"]>;
	bus: EventBus;
	dispatch: Dispatch<AppAction>;
	controller: { current: AbortController | null };
	maxRetries?: number;
	/** Alt+Enter's messages while the reply runs (runTurn's `steering`). */
	steering?: MessageQueue;
	/** Where `@shot.png` and pasted image paths are looked up. */
	cwd?: string;
};

/**
 * A typed prompt with the images it names attached (`@shot.png`, a pasted path), or the status
 * error that keeps it from being sent. Content that is already parts is sent as it is.
 */
export async function withImages(ctx: Pick<RunContext, "cwd">, model: ResolvedModel, prompt: QueuedContent): Promise<{ ok: true; content: QueuedContent } | { ok: false; message: string }> {
	if (typeof prompt !== "string" || ctx.cwd === undefined) return { ok: true, content: prompt };
	return promptWithImages(prompt, ctx.cwd, model);
}


function eventAction(event: TurnEvent, now: () => number): AppAction | null {
	switch (event.type) {
		case "text_delta":
			return { type: "text-streamed", delta: event.delta };
		case "thinking_delta":
			return { type: "thinking-streamed", delta: event.delta };
		case "tool_call":
			return { type: "tool-started", tool: { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args, startedAt: now() } };
		case "tool_result":
			return { type: "tool-finished", toolCallId: event.toolCallId };
		// Stored entries reach the transcript through the store subscription (useTranscriptSync).
		case "message_start":
		case "message_end":
		case "error":
			return null;
		default: {
			const unreachable: never = event;
			return unreachable;
		}
	}
}

/** Replies and compactions in flight, so a signal that ends arbor can abort them and wait for the save. */
const activeRuns = new Set<{ controller: AbortController; settled: Promise<void> }>();

/**
 * Aborts every running reply or compaction and resolves once each has stored what it had (an
 * aborted reply is saved and synced by the turn itself). Used when SIGTERM/SIGHUP end arbor.
 */
export async function abortActiveRuns(): Promise<void> {
	const runs = [...activeRuns];
	for (const run of runs) run.controller.abort();
	await Promise.all(runs.map((run) => run.settled));
}

/** Owns the controller for one run; clears it afterwards unless a newer run replaced it. */
async function withController(ctx: RunContext, run: (signal: AbortSignal) => Promise<void>): Promise<void> {
	const ac = new AbortController();
	ctx.controller.current = ac;
	const settled = (async () => {
		try {
			await run(ac.signal);
		} catch (e) {
			ctx.dispatch({ type: "turn-failed", message: errorMessage(e) });
		} finally {
			if (ctx.controller.current === ac) ctx.controller.current = null;
		}
	})();
	const entry = { controller: ac, settled };
	activeRuns.add(entry);
	try {
		await settled;
	} finally {
		activeRuns.delete(entry);
	}
}

/**
 * One reply: automatic compaction if needed, then the turn; every outcome ends in the reducer.
 * Resolves true when the turn ended well (queued follow-ups may be sent), false otherwise.
 */
export async function runReply(ctx: RunContext, prompt: QueuedContent): Promise<boolean> {
	const { store, model, deps, dispatch } = ctx;
	if (!model) {
		dispatch({ type: "status-shown", status: error(ctx.modelHint) });
		return false;
	}
	const attached = await withImages(ctx, model, prompt);
	if (!attached.ok) {
		// Nothing is sent: the text goes back into the editor to be fixed.
		dispatch({ type: "status-shown", status: error(attached.message) });
		dispatch({ type: "editor-text-requested", text: contentText(prompt) });
		return false;
	}
	let ok = false;
	await withController(ctx, async (signal) => {
		let before = await compactBeforeTurn(ctx, { model, prompt, signal });
		if (before === "skip") return;
		dispatch({ type: "turn-started", startedAt: Date.now() });
		if (before) dispatch({ type: "status-shown", status: before });
		const checkpoints = deps.checkpoints?.(store);
		const result = await deps.runTurn({
			store, model, prompt: attached.content, tools: await ctx.tools, system: deps.systemPrompt(), signal, maxRetries: ctx.maxRetries, steering: ctx.steering,
			onEvent: (event) => {
				const action = eventAction(event, Date.now);
				if (action) dispatch(action);
			},
			checkpoints: checkpoints?.forTurn(MUTATING_TOOLS),
			// The provider refused the context as too long for the model's window: compact, send again.
			// Not compacted: why is part of the turn's stored error.
			onOverflow: async () => {
				const outcome = await compactOnOverflow(ctx, model, signal);
				if (outcome.ok) before = outcome.status;
				return outcome.ok || outcome.message;
			},
		});
		// Checkpoints switched off (no git, a refused folder): said once, in the status line.
		const notice = checkpoints?.takeNotice();
		if (notice && !before) before = info(notice);
		ok = result.ok;
		if (result.ok) dispatch({ type: "turn-finished", ...(before ? { status: before } : {}) });
		else if (result.reason === "aborted") dispatch({ type: "turn-finished", status: info("Aborted") });
		else dispatch({ type: "turn-failed", message: result.error ?? "the reply failed" });
	});
	return ok;
}

/**
 * `!command` (`!!command`: kept out of the context) typed in the chat: run in the session's folder
 * without a question, its output stored as pi's `bashExecution` message and shown in the
 * transcript; Esc cancels it.
 */
export function runUserCommand(ctx: RunContext, command: string, exclude: boolean): Promise<void> {
	return withController(ctx, async (signal) => {
		ctx.dispatch({ type: "bash-started", startedAt: Date.now(), command });
		const { runUserBash } = await import("../../tools/user-bash.js");
		const hook = (e: UserBashEvent) => userBashAnswer(ctx.bus, e);
		const { message } = await runUserBash(ctx.store, command, { signal, excludeFromContext: exclude, hook });
		const note = message.cancelled ? "Cancelled" : exclude ? "Kept out of the model's context (!!)" : undefined;
		ctx.dispatch({ type: "turn-finished", ...(note ? { status: info(note) } : {}) });
	});
}

/** `/compact [instructions]` with the summary model (default the chat model). */
export function runCompaction(ctx: RunContext, instructions: string): Promise<void> {
	const model = ctx.summaryModel ?? ctx.model;
	if (!model) return Promise.resolve(ctx.dispatch({ type: "status-shown", status: error(ctx.modelHint) }));
	return withController(ctx, async (signal) => {
		ctx.dispatch({ type: "compaction-started", startedAt: Date.now() });
		const result = await compactNow({ store: ctx.store, model, instructions: instructions || undefined, signal, bus: ctx.bus, maxRetries: ctx.maxRetries });
		const status = compactionStatus(result, false);
		ctx.dispatch(status?.kind === "error" ? { type: "turn-failed", message: status.text } : { type: "turn-finished", ...(status ? { status } : {}) });
	});
}
