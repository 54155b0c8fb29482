import { useCallback, useMemo, useRef } from "react";
import type { ResolvedModel } from "../../llm/index.js";
import type { ConfirmFn } from "../../tools/index.js";
import type { SessionServices } from "../services.js";
import { runCompaction, runReply, type RunContext } from "../actions/chat-runs.js";

type Answer = "yes" | "no" | "always";

export type Chat = {
	send(prompt: string): Promise<void>;
	compact(instructions: string): Promise<void>;
	/** Aborts the running reply or compaction (a pending confirmation counts as "no"). */
	abort(): void;
	answer(answer: Answer): void;
	/** Resolves once no reply or compaction is running: the store may be closed after that. */
	idle(): Promise<void>;
};

/** Sending, compaction and tool confirmation for one store; effects and controllers live here. */
export function useChat(opts: { services: SessionServices; model: ResolvedModel | undefined; modelHint: string }): Chat {
	const { model, modelHint } = opts;
	const { store, summaryModel, deps, bus, dispatch, maxRetries } = opts.services;
	const controller = useRef<AbortController | null>(null);
	const pendingConfirm = useRef<((a: Answer) => void) | null>(null);
	const running = useRef<Set<Promise<void>>>(new Set());

	const confirm: ConfirmFn = useCallback(
		(request) =>
			new Promise<Answer>((resolve) => {
				pendingConfirm.current = resolve;
				dispatch({ type: "confirm-requested", request });
			}),
		[dispatch],
	);
	// One ToolSet per session: "always" answers last for the session, not for one turn.
	// eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/refs -- `store` renews the ToolSet per session; createTools keeps `confirm` for tool calls, it does not call it while rendering
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

	// Every run is tracked until it settles, so quitting can wait for the last write.
	const track = useCallback((run: Promise<void>) => {
		running.current.add(run);
		return run.finally(() => running.current.delete(run));
	}, []);
	const context = useMemo<RunContext>(
		() => ({ store, model, summaryModel, modelHint, deps, tools, bus, dispatch, controller, maxRetries }),
		[store, model, summaryModel, modelHint, deps, tools, bus, dispatch, maxRetries],
	);
	const send = useCallback((prompt: string) => track(runReply(context, prompt)), [context, track]);
	const compact = useCallback((instructions: string) => track(runCompaction(context, instructions)), [context, track]);
	const idle = useCallback(async () => {
		while (running.current.size > 0) await Promise.allSettled([...running.current]);
	}, []);

	return useMemo(() => ({ send, compact, abort, answer, idle }), [send, compact, abort, answer, idle]);
}
