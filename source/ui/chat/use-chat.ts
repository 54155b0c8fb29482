import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MessageQueue, type QueuedContent } from "../../llm/message-queue.js";
import type { ResolvedModel } from "../../llm/index.js";
import type { ConfirmFn } from "../../tools/index.js";
import type { SessionServices } from "../services.js";
import { runCompaction, runReply, runUserCommand, withImages, type RunContext } from "../actions/chat-runs.js";
import { contentText } from "../../session/content.js";
import { imageReferences } from "../../tools/attachments.js";
import { useLatest } from "../widgets/use-latest.js";

type Answer = "yes" | "no" | "always";

/** A message typed while a reply runs: steering (Alt+Enter) or a follow-up (Enter). */
export type QueuedLine = { kind: "steer" | "follow-up"; text: string };

export type Chat = {
	/** Sends `prompt`, then what is queued, each its own turn, while the turns end well. */
	send(prompt: QueuedContent): Promise<void>;
	/** Enter while a reply runs (follow-up) or Alt+Enter (steer): queued, shown under the live area. */
	queue(content: QueuedContent, kind: QueuedLine["kind"]): string | undefined;
	/** Sends what is queued (left there by an abort or a failure). */
	sendQueued(): Promise<void>;
	/** Empties both queues and returns their text (Esc on an empty editor), null when nothing was queued. */
	takeQueue(): string | null;
	queued: readonly QueuedLine[];
	compact(instructions: string): Promise<void>;
	/** `!command` / `!!command` (exclude): runs it and stores its output (see runUserCommand). */
	bash(command: string, exclude: boolean): Promise<void>;
	/** Aborts the running reply or compaction (a pending confirmation counts as "no"). */
	abort(): void;
	answer(answer: Answer): void;
	/** Resolves once no reply or compaction is running: the store may be closed after that. */
	idle(): Promise<void>;
};

/** Sending, compaction and tool confirmation for one store; effects and controllers live here. */
export function useChat(opts: { services: SessionServices; model: ResolvedModel | undefined; modelHint: string; cwd?: string }): Chat {
	const { model, modelHint, cwd } = opts;
	const { store, summaryModel, deps, bus, dispatch, maxRetries } = opts.services;
	const controller = useRef<AbortController | null>(null);
	const pendingConfirm = useRef<((a: Answer) => void) | null>(null);
	const running = useRef<Set<Promise<unknown>>>(new Set());
	const steering = useRef<Promise<unknown>>(Promise.resolve());
	// One pair of queues for the app's life: an abort or a session switch leaves them as they are.
	const [queues] = useState(() => ({ steer: new MessageQueue(), followUp: new MessageQueue() }));
	const [queued, setQueued] = useState<readonly QueuedLine[]>([]);
	useEffect(() => {
		const update = () =>
			setQueued([
				...queues.steer.messages.map((m): QueuedLine => ({ kind: "steer", text: contentText(m) })),
				...queues.followUp.messages.map((m): QueuedLine => ({ kind: "follow-up", text: contentText(m) })),
			]);
		const offSteer = queues.steer.onChange(update);
		const offFollowUp = queues.followUp.onChange(update);
		return () => {
			offSteer();
			offFollowUp();
		};
	}, [queues]);

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
	const track = useCallback(<T,>(run: Promise<T>) => {
		running.current.add(run);
		return run.finally(() => running.current.delete(run));
	}, []);
	const context = useMemo<RunContext>(
		() => ({ store, model, summaryModel, modelHint, deps, tools, bus, dispatch, controller, maxRetries, steering: queues.steer, cwd }),
		[store, model, summaryModel, modelHint, deps, tools, bus, dispatch, maxRetries, queues, cwd],
	);
	// The drain loop reads the newest context: a /model between queued turns applies to the next one.
	const latest = useLatest(context);
	const send = useCallback(
		async (prompt: QueuedContent) => {
			let next: QueuedContent | undefined = prompt;
			while (next !== undefined) {
				if (!(await track(runReply(latest.current, next)))) return;
				// Steering typed as the last step ended missed the turn: it goes first, as its own turn.
				next = queues.steer.shift() ?? queues.followUp.shift();
			}
		},
		[latest, track, queues],
	);
	/** Queues a message; a steering message's images are attached now (runTurn takes it as it is). Returns an error to show, if any. */
	const queue = useCallback(
		(content: QueuedContent, kind: QueuedLine["kind"]): string | undefined => {
			if (kind === "follow-up") return void queues.followUp.push(content);
			if (!model) return modelHint;
			if (typeof content !== "string" || imageReferences(content).length === 0) return void queues.steer.push(content);
			// Pictures are read (and made smaller) first; steering stays in the order it was typed.
			const ctx = latest.current;
			steering.current = steering.current.then(async () => {
				const attached = await withImages(ctx, model, content);
				if (attached.ok) return queues.steer.push(attached.content);
				ctx.dispatch({ type: "status-shown", status: { text: attached.message, kind: "error" } });
				ctx.dispatch({ type: "editor-text-requested", text: content });
			});
			return undefined;
		},
		[queues, model, modelHint, latest],
	);
	const sendQueued = useCallback(async () => {
		const first = queues.steer.shift() ?? queues.followUp.shift();
		if (first !== undefined) await send(first);
	}, [queues, send]);
	const takeQueue = useCallback(() => {
		const taken = [...queues.steer.take(), ...queues.followUp.take()];
		return taken.length === 0 ? null : taken.map((m) => contentText(m)).join("\n");
	}, [queues]);
	const compact = useCallback((instructions: string) => track(runCompaction(context, instructions)), [context, track]);
	const bash = useCallback((command: string, exclude: boolean) => track(runUserCommand(context, command, exclude)), [context, track]);
	const idle = useCallback(async () => {
		while (running.current.size > 0) await Promise.allSettled([...running.current]);
	}, []);

	return useMemo(() => ({ send, queue, sendQueued, takeQueue, queued, compact, bash, abort, answer, idle }), [send, queue, sendQueued, takeQueue, queued, compact, bash, abort, answer, idle]);
}
