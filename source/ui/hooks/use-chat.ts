import { useCallback, useMemo, useRef, type Dispatch } from "react";
import type { ResolvedModel, TurnEvent } from "../../llm/index.js";
import type { SessionStoreApi } from "../../session/api.js";
import type { ConfirmFn } from "../../tools/index.js";
import type { UiDeps } from "../deps.js";
import type { AppAction } from "../state/app-reducer.js";

type Answer = "yes" | "no" | "always";

export type Chat = {
	send(prompt: string): Promise<void>;
	compact(instructions: string): Promise<void>;
	/** Aborts the running reply or compaction (a pending confirmation counts as "no"). */
	abort(): void;
	answer(answer: Answer): void;
};

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

type RunContext = {
	store: SessionStoreApi;
	model: ResolvedModel | undefined;
	modelHint: string;
	deps: UiDeps;
	tools: ReturnType<UiDeps["createTools"]>;
	dispatch: Dispatch<AppAction>;
	controller: { current: AbortController | null };
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function runReply(ctx: RunContext, prompt: string): Promise<void> {
	const { store, model, deps, dispatch } = ctx;
	if (!model) return dispatch({ type: "status-shown", status: { text: ctx.modelHint, kind: "error" } });
	const ac = new AbortController();
	ctx.controller.current = ac;
	dispatch({ type: "turn-started", startedAt: Date.now() });
	try {
		const result = await deps.runTurn({
			store, model, prompt, tools: ctx.tools, system: deps.systemPrompt(), signal: ac.signal,
			onEvent: (event) => {
				const action = eventAction(event, Date.now);
				if (action) dispatch(action);
			},
		});
		if (result.ok) dispatch({ type: "turn-finished" });
		else if (result.reason === "aborted") dispatch({ type: "turn-finished", status: { text: "Aborted", kind: "info" } });
		else dispatch({ type: "turn-failed", message: result.error ?? "the reply failed" });
	} catch (error) {
		dispatch({ type: "turn-failed", message: message(error) });
	} finally {
		if (ctx.controller.current === ac) ctx.controller.current = null;
	}
}

async function runCompaction(ctx: RunContext, instructions: string): Promise<void> {
	const { store, model, deps, dispatch } = ctx;
	if (!model) return dispatch({ type: "status-shown", status: { text: ctx.modelHint, kind: "error" } });
	const ac = new AbortController();
	ctx.controller.current = ac;
	dispatch({ type: "compaction-started", startedAt: Date.now() });
	try {
		const result = await deps.compactSession({ store, model, instructions: instructions || undefined, signal: ac.signal });
		if (result.ok) dispatch({ type: "turn-finished", status: { text: `Compacted (${result.entry.tokensBefore} tokens before)`, kind: "info" } });
		else if (result.reason === "aborted") dispatch({ type: "turn-finished", status: { text: "Compaction cancelled", kind: "info" } });
		else dispatch({ type: "turn-failed", message: result.message });
	} catch (error) {
		dispatch({ type: "turn-failed", message: message(error) });
	} finally {
		if (ctx.controller.current === ac) ctx.controller.current = null;
	}
}

/** Sending, compaction and tool confirmation for one store; effects and controllers live here. */
export function useChat(opts: {
	store: SessionStoreApi;
	model: ResolvedModel | undefined;
	summaryModel: ResolvedModel | undefined;
	modelHint: string;
	deps: UiDeps;
	dispatch: Dispatch<AppAction>;
}): Chat {
	const { store, model, summaryModel, modelHint, deps, dispatch } = opts;
	const controller = useRef<AbortController | null>(null);
	const pendingConfirm = useRef<((a: Answer) => void) | null>(null);

	const confirm: ConfirmFn = useCallback(
		(request) =>
			new Promise<Answer>((resolve) => {
				pendingConfirm.current = resolve;
				dispatch({ type: "confirm-requested", request });
			}),
		[dispatch],
	);
	// One ToolSet per session: "always" answers last for the session, not for one turn.
	const tools = useMemo(() => deps.createTools(confirm), [deps, confirm, store]);

	const answer = useCallback(
		(a: Answer) => {
			pendingConfirm.current?.(a);
			pendingConfirm.current = null;
			dispatch({ type: "confirm-answered" });
		},
		[dispatch],
	);

	const abort = useCallback(() => {
		controller.current?.abort();
		if (pendingConfirm.current) answer("no");
	}, [answer]);

	const send = useCallback(
		(prompt: string) => runReply({ store, model, modelHint, deps, tools, dispatch, controller }, prompt),
		[store, model, modelHint, deps, tools, dispatch],
	);
	const compact = useCallback(
		(instructions: string) =>
			runCompaction({ store, model: summaryModel ?? model, modelHint, deps, tools, dispatch, controller }, instructions),
		[store, model, summaryModel, modelHint, deps, tools, dispatch],
	);

	return { send, compact, abort, answer };
}
