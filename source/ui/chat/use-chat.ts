import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from "react";
import type { AgentSession, ConfirmRequest } from "../../agent/agent-session.js";
import type { QueuedContent } from "../../llm/message-queue.js";
import { contentText } from "../../session/content.js";
import { errorMessage } from "../../text/error-text.js";
import { imageReferences, promptWithImages } from "../../tools/attachments.js";
import { infoStatus as info, errorStatus as error, type AppAction } from "./app-reducer.js";
import type { ChatBridge } from "./chat-bridge.js";
import { ChatEvents, type HandedBack } from "./chat-events.js";
import { TaskBoard } from "../../tasks/task-board.js";
import { useLatest } from "../widgets/use-latest.js";

type Answer = "yes" | "no" | "always";

/** A message typed while a reply runs: steering (Alt+Enter) or a follow-up (Enter). */
export type QueuedLine = { kind: "steer" | "follow-up"; text: string };

export type Chat = {
	/** Sends `prompt` through the core: its run, then what is queued, each its own turn. */
	send(prompt: QueuedContent): Promise<void>;
	/** Enter while a reply runs (follow-up) or Alt+Enter (steer): queued, shown under the live area. */
	queue(content: QueuedContent, kind: QueuedLine["kind"]): string | undefined;
	/** Sends what is queued (handed back by an abort or a failure). */
	sendQueued(): Promise<void>;
	/** Empties both queues and returns their text (Esc on an empty editor), null when nothing was queued. */
	takeQueue(): string | null;
	queued: readonly QueuedLine[];
	compact(instructions: string): Promise<void>;
	/** `!command` / `!!command` (exclude): the core runs it and stores its output. */
	bash(command: string, exclude: boolean): Promise<void>;
	/** Aborts the running reply, compaction or command (a pending confirmation counts as "no"). */
	abort(): void;
	answer(answer: Answer): void;
	/** Resolves once nothing runs: the session may be closed after that. */
	idle(): Promise<void>;
	/** The running `task` sub-agents (docs/tasks.md), from the core's task events: the live area's lines. */
	tasks: TaskBoard;
};

const EMPTY: HandedBack = { steering: [], followUp: [] };

function lines(queues: HandedBack): QueuedLine[] {
	return [...queues.steering.map((m): QueuedLine => ({ kind: "steer", text: contentText(m) })), ...queues.followUp.map((m): QueuedLine => ({ kind: "follow-up", text: contentText(m) }))];
}

/** The chat's verbs over the one AgentSession: it calls the core and renders its events. */
export function useChat(opts: { agent: AgentSession; bridge: ChatBridge; dispatch: Dispatch<AppAction>; modelHint: string; cwd?: string }): Chat {
	const { agent, bridge, dispatch, modelHint, cwd } = opts;
	const pendingConfirm = useRef<((a: Answer) => void) | null>(null);
	const running = useRef<Set<Promise<unknown>>>(new Set());
	const steering = useRef<Promise<unknown>>(Promise.resolve());
	// The core's queues while a run goes, and what a run handed back (kept until sent or taken).
	const [live, setLive] = useState<HandedBack>(EMPTY);
	const [tasks] = useState(() => new TaskBoard());
	const [held, setHeld] = useState<HandedBack>(EMPTY);
	const latestHeld = useLatest(held);

	const answer = useCallback((a: Answer) => {
		pendingConfirm.current?.(a);
		pendingConfirm.current = null;
		dispatch({ type: "confirm-answered" });
	}, [dispatch]);

	useEffect(() => {
		const events = new ChatEvents(dispatch, (queued) => setHeld((now) => ({ steering: [...now.steering, ...queued.steering], followUp: [...now.followUp, ...queued.followUp] })));
		const confirm = (request: ConfirmRequest, signal?: AbortSignal) =>
			new Promise<Answer>((resolve) => {
				pendingConfirm.current = resolve;
				// An abort answers "no" in the core: the question goes away.
				signal?.addEventListener("abort", () => pendingConfirm.current === resolve && answer("no"), { once: true });
				dispatch({ type: "confirm-requested", request });
			});
		return bridge.attach({
			confirm,
			notice: (line) => events.notice(line),
			event: (event) => {
				if (event.type === "queue_update") setLive({ steering: event.steering, followUp: event.followUp });
				if (event.type === "task_start" || event.type === "task_tool" || event.type === "task_end") tasks.apply(event);
				events.on(event);
			},
		});
	}, [bridge, dispatch, answer, tasks]);

	// Every run is tracked until it settles, so quitting can wait for the last write.
	const track = useCallback(<T,>(run: Promise<T>) => {
		running.current.add(run);
		return run.finally(() => running.current.delete(run));
	}, []);
	const failed = useCallback((e: unknown) => dispatch({ type: "turn-failed", message: errorMessage(e) }), [dispatch]);

	/** Starts a run with `first`, the rest as follow-ups; a prompt the core refuses says why. */
	const start = useCallback(async (first: QueuedContent, rest: readonly QueuedContent[] = []) => {
		let done: Promise<unknown>;
		try {
			done = typeof first === "string" ? agent.prompt(first) : agent.prompt(first.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(""), { images: first.flatMap((p) => (p.type === "image" ? [p] : [])) });
		} catch (e) {
			return dispatch({ type: "status-shown", status: error(errorMessage(e)) });
		}
		for (const content of rest) agent.followUp(content);
		await track(done.catch(failed));
	}, [agent, dispatch, track, failed]);

	const send = useCallback(async (prompt: QueuedContent) => {
		const model = agent.model;
		if (!model) return dispatch({ type: "status-shown", status: error(modelHint) });
		const attached = typeof prompt === "string" && cwd !== undefined ? await promptWithImages(prompt, cwd, model) : ({ ok: true, content: prompt } as const);
		if (!attached.ok) {
			// Nothing is sent: the text goes back into the editor to be fixed.
			dispatch({ type: "status-shown", status: error(attached.message) });
			return dispatch({ type: "editor-text-requested", text: contentText(prompt) });
		}
		await start(attached.content);
	}, [agent, dispatch, modelHint, cwd, start]);

	const queue = useCallback((content: QueuedContent, kind: QueuedLine["kind"]): string | undefined => {
		const hold = (key: keyof HandedBack, c: QueuedContent) => setHeld((now) => ({ ...now, [key]: [...now[key], c] }));
		if (kind === "follow-up") {
			if (agent.isStreaming) return void agent.followUp(content);
			// The run ended before the screen said so (its last frame not drawn yet): the follow-up is
			// sent now, unless messages handed back by an abort wait for Enter (then it joins them).
			const waiting = latestHeld.current.steering.length + latestHeld.current.followUp.length > 0;
			return void (waiting ? hold("followUp", content) : void start(content));
		}
		const model = agent.model;
		if (!model) return modelHint;
		// Pictures are read (and made smaller) first; steering stays in the order it was typed.
		steering.current = steering.current.then(async () => {
			const attached = typeof content === "string" && cwd !== undefined && imageReferences(content).length > 0 ? await promptWithImages(content, cwd, model) : ({ ok: true, content } as const);
			if (!attached.ok) {
				dispatch({ type: "status-shown", status: error(attached.message) });
				return dispatch({ type: "editor-text-requested", text: contentText(content) });
			}
			if (agent.isStreaming) agent.steer(attached.content);
			else hold("steering", attached.content);
		});
		return undefined;
	}, [agent, modelHint, cwd, dispatch, latestHeld, start]);

	const sendQueued = useCallback(async () => {
		const all = [...latestHeld.current.steering, ...latestHeld.current.followUp];
		setHeld(EMPTY);
		const [first, ...rest] = all;
		if (first !== undefined) await start(first, rest);
	}, [latestHeld, start]);
	const takeQueue = useCallback(() => {
		const cleared = agent.clearQueue();
		const taken = [...latestHeld.current.steering, ...latestHeld.current.followUp, ...cleared.steering, ...cleared.followUp];
		setHeld(EMPTY);
		return taken.length === 0 ? null : taken.map((m) => contentText(m)).join("\n");
	}, [agent, latestHeld]);
	const compact = useCallback(async (instructions: string) => {
		if (!agent.summaryModel) return dispatch({ type: "status-shown", status: error(modelHint) });
		await track(agent.compact(instructions || undefined).catch(failed));
	}, [agent, dispatch, modelHint, track, failed]);
	const bash = useCallback(async (command: string, exclude: boolean) => {
		dispatch({ type: "bash-started", startedAt: Date.now(), command });
		const run = agent.bash(command, { excludeFromContext: exclude }).then(({ message }) => {
			const note = message.cancelled ? "Cancelled" : exclude ? "Kept out of the model's context (!!)" : undefined;
			dispatch({ type: "turn-finished", ...(note ? { status: info(note) } : {}) });
		}, failed);
		await track(run);
	}, [agent, dispatch, track, failed]);
	const abort = useCallback(() => {
		void agent.abort();
		if (pendingConfirm.current) answer("no");
	}, [agent, answer]);
	const idle = useCallback(async () => {
		while (running.current.size > 0) await Promise.allSettled([...running.current]);
	}, []);

	const queued = useMemo(() => [...lines(live), ...lines(held)], [live, held]);
	return useMemo(() => ({ send, queue, sendQueued, takeQueue, queued, compact, bash, abort, answer, idle, tasks }), [send, queue, sendQueued, takeQueue, queued, compact, bash, abort, answer, idle, tasks]);
}
