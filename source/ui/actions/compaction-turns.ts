/**
 * The compactions around a reply in the chat: before it when the context would not fit the
 * model's window, and after the provider refused it as too long (runTurn's `onOverflow`); and the
 * status line a compaction leaves. chat-runs.ts runs them.
 */
import type { ResolvedModel } from "../../llm/index.js";
import type { QueuedContent } from "../../llm/message-queue.js";
import { AUTO_COMPACTION_OFF, autoCompactIfNeeded, compactForOverflow, nothingOlder, overflowNotCompacted, type CompactNowResult } from "../../navigation/compact.js";
import { contentText } from "../../session/content.js";
import { counted } from "../../text/count.js";
import { errorStatus as error, infoStatus as info, type Status } from "../chat/app-reducer.js";
import type { RunContext } from "./chat-runs.js";


/** The status line after /compact (or an automatic compaction) ended without throwing. */
export function compactionStatus(result: CompactNowResult | { status: "not-needed" }, auto: boolean): Status | undefined {
	switch (result.status) {
		case "compacted":
			return info(`Compacted (${counted(result.entry.tokensBefore, "token")} before)`);
		case "cancelled":
			return info(result.reason === "hook" ? "Compaction cancelled by an extension" : "Compaction cancelled");
		case "nothing":
			if (!auto) return info("Nothing to compact yet");
			return result.contextTokens === undefined ? undefined : info(nothingOlder(result));
		case "failed":
			return error(auto ? `Automatic ${result.message}` : result.message);
		case "not-needed":
			return undefined;
		default: {
			const unreachable: never = result;
			return unreachable;
		}
	}
}

/**
 * Compacts before a turn when the context would not fit the window. Returns the status to show
 * after the turn, or "skip" when the user cancelled (the prompt goes back into the editor).
 */
export async function compactBeforeTurn(
	ctx: RunContext,
	turn: { model: ResolvedModel; prompt: QueuedContent; signal: AbortSignal },
): Promise<Status | undefined | "skip"> {
	const { model, prompt, signal } = turn;
	if (ctx.deps.autoCompaction === false) return undefined;
	const result = await autoCompactIfNeeded({
		store: ctx.store, model, summaryModel: ctx.summaryModel, signal, bus: ctx.bus, maxRetries: ctx.maxRetries,
		// The spinner shows only once it is decided that a summary will be written.
		onCompacting: () => ctx.dispatch({ type: "compaction-started", startedAt: Date.now() }),
	});
	if (result.status === "not-needed") return undefined;
	if (result.status === "cancelled" && result.reason === "aborted") {
		ctx.dispatch({ type: "turn-finished", status: info("Compaction cancelled — message not sent") });
		ctx.dispatch({ type: "editor-text-requested", text: contentText(prompt) });
		return "skip";
	}
	return compactionStatus(result, true);
}

/**
 * The compaction after the provider refused a request as longer than the model's window (runTurn's
 * `onOverflow`): the spinner shows "Compacting" meanwhile, then the reply's again.
 */
export async function compactOnOverflow(ctx: RunContext, model: ResolvedModel, signal: AbortSignal): Promise<{ ok: true; status: Status } | { ok: false; message: string }> {
	if (ctx.deps.autoCompaction === false) return { ok: false, message: AUTO_COMPACTION_OFF };
	ctx.dispatch({ type: "compaction-started", startedAt: Date.now() });
	const result = await compactForOverflow({ store: ctx.store, model: ctx.summaryModel ?? model, signal, bus: ctx.bus, maxRetries: ctx.maxRetries });
	ctx.dispatch({ type: "turn-started", startedAt: Date.now() });
	if (result.status === "compacted") {
		return { ok: true, status: info(`The context was longer than the model's window: compacted (${counted(result.entry.tokensBefore, "token")} before) and sent again`) };
	}
	return { ok: false, message: overflowNotCompacted(result) };
}
