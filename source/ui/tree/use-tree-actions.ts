// Over 200 lines: the /tree screen's effects in one hook, all reading the same state.
import { useCallback, useEffect, useReducer, useRef } from "react";
import { errorMessage } from "../../text/error-text.js";
import { counted } from "../../text/count.js";
import { planMerge, type MergeResult } from "../../navigation/merge.js";
import { canSummarize, conversationLeaf, planNavigation } from "../../navigation/navigate.js";
import { AgentError, type AgentSession } from "../../agent/agent-session.js";
import type { NavigateOptions, NavigateResult, NavigationPlan } from "../../navigation/types.js";
import type { SessionTreeView } from "../../session/api.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { useServices } from "../services.js";
import { useLatest } from "../widgets/use-latest.js";
import type { Checkpointer, RestoreDone, RestorePlan } from "../../checkpoints/checkpointer.js";
import { INITIAL_TREE_FLOW, treeFlowReducer, type BranchEvent, type TreeFlow, type TreeFlowEvent } from "./tree-flow.js";

/** How the /tree screen ends: the leaf moved (text for the editor, if any; what the restore did) or it closed. */
export type TreeDone = { kind: "moved"; editorText?: string; status?: string } | { kind: "closed"; status?: string };

export const NO_SUMMARY_MODEL = "No model configured for summaries";
export const ALREADY_HERE = "Already at this point";

export type TreeActions = {
	flow: TreeFlow;
	/** Enter on a row: plans the move once, then asks about a summary or moves. */
	choose: (targetId: string) => void;
	moveOption: (delta: number) => void;
	chooseOption: (option: number) => void;
	editInstructions: (text: string) => void;
	submitInstructions: () => void;
	cancelSummary: () => void;
	back: () => void;
	/** Esc / Ctrl+C on the tree. */
	close: () => void;
	setLabel: (id: string, label: string | undefined) => void;
	mark: (id: string) => void;
	closeComparison: () => void;
	merge: (id: string) => void;
	cancelMerge: () => void;
	/** The restore question: ↑↓ over choices and files, Enter chooses or shows a file's diff. */
	moveRestoreCursor: (delta: number) => void;
	answerRestore: (restore: boolean) => void;
	showDiff: (path: string) => void;
	closeDiff: () => void;
};

type Navigation = Pick<NavigateOptions, "summarize" | "customInstructions">;

/** What the tree shows for a finished merge that wrote nothing. */
function unmerged(result: Exclude<MergeResult, { status: "merged" }>): BranchEvent {
	switch (result.status) {
		case "cancelled":
			return result.reason === "hook" ? { type: "merge-failed", message: "Merge cancelled by an extension" } : { type: "merge-cancelled", notice: "Merge cancelled" };
		case "failed":
		case "nothing-to-merge":
			return { type: "merge-failed", message: result.message };
		default: {
			const never: never = result;
			return never;
		}
	}
}

/** Why merging `id` into `into` cannot start (nothing to summarize), if it cannot. */
function mergeRefusal(view: SessionTreeView, id: string, into: string | null): string | undefined {
	return !canSummarize(planMerge(view, id, into)) ? `Nothing to merge: ${id} is on the current branch` : undefined;
}

/** Where a finished move goes: the app (moved, already here: the tree closes) or the tree (it stays). */
function outcomeEvent(outcome: NavigateResult, status?: string): { app: TreeDone } | { tree: TreeFlowEvent } {
	switch (outcome.status) {
		case "moved":
			return { app: { kind: "moved", ...(outcome.editorText !== undefined ? { editorText: outcome.editorText } : {}), ...(status ? { status } : {}) } };
		case "already-here":
			return { app: { kind: "closed", status: ALREADY_HERE } };
		case "cancelled":
			return { tree: outcome.reason === "aborted" ? { type: "summary-cancelled" } : { type: "navigation-cancelled" } };
		case "failed":
			return { tree: { type: "summary-failed", message: outcome.message } };
		default: {
			const never: never = outcome;
			return never;
		}
	}
}


type Moved = { outcome: NavigateResult; status?: string } | { restoreFailed: string; editorText?: string };

/** What the status line says of the files after a move (restored, or why not). */
function restoredStatus(restored: RestoreDone): string {
	const kept = restored.kept.length ? ` · kept ${counted(restored.kept.length, "file")} in no checkpoint` : "";
	return `Navigated to selected point · restored ${counted(restored.changes.length, "file")} (/undo-restore undoes)${kept}`;
}

/**
 * The move through the core (agent.navigate, with the files restored when `restoring`: a safety
 * checkpoint on the branch left first, as in every mode). `signal` (Esc) aborts the core's work.
 * `unrestorable`: why the target's files could not be planned, said after the move.
 */
async function moveThroughCore(agent: AgentSession, planned: NavigationPlan, opts: Navigation & { signal: AbortSignal; restoring: boolean; unrestorable?: string }): Promise<Moved> {
	const before = agent.view.leafId;
	const abort = () => void agent.abort();
	opts.signal.addEventListener("abort", abort, { once: true });
	try {
		const { signal: _signal, restoring, unrestorable, ...navigation } = opts;
		const outcome = await agent.navigate(planned.targetId, { ...navigation, restoreFiles: restoring, plan: planned });
		if (outcome.status === "moved" && unrestorable) return { outcome, status: `Navigated to selected point · the files were not restored: ${unrestorable}` };
		return outcome.status === "moved" && outcome.restored ? { outcome, status: restoredStatus(outcome.restored) } : { outcome };
	} catch (error) {
		// An extension cancelled the restore: nothing moved and no file changed, as in every mode (docs/core.md).
		if (error instanceof AgentError && error.code === "cancelled") return { outcome: { status: "failed", message: "Not moved: the restore was cancelled by an extension" } };
		// The move stands; the files' restore after it failed (the safety checkpoint keeps them).
		if (agent.view.leafId !== before) return { restoreFailed: `Navigated, but restoring the files failed: ${errorMessage(error)} (nothing is lost: /undo-restore)`, ...(planned.editorText !== undefined ? { editorText: planned.editorText } : {}) };
		throw error;
	} finally {
		opts.signal.removeEventListener("abort", abort);
	}
}

/**
 * Runs one abortable job at a time: `cancel()` aborts it (navigateTree / mergeBranch then write
 * nothing) and its late result is dropped, so Esc returns to the tree at once even if the provider is
 * slow to notice the abort. Unmounting aborts too.
 */
function useJob(): { start: <T>(run: (signal: AbortSignal) => Promise<T>, done: (result: T) => void) => void; cancel: () => void } {
	const controller = useRef<AbortController | undefined>(undefined);
	useEffect(() => () => controller.current?.abort(), []);
	const start = useCallback(<T,>(run: (signal: AbortSignal) => Promise<T>, done: (result: T) => void) => {
		controller.current?.abort();
		const mine = new AbortController();
		controller.current = mine;
		void run(mine.signal).then((result) => {
			if (controller.current !== mine || mine.signal.aborted) return; // cancelled or superseded
			controller.current = undefined;
			done(result);
		});
	}, []);
	const cancel = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
	}, []);
	return { start, cancel };
}

/**
 * The /tree screen's state and effects: one reducer (tree-flow.ts) for moves, comparisons and merges.
 * A move is planned once, on Enter; its outcome is dispatched once, from here: to the app when the
 * tree closes (moved, already here), to the tree's reducer when it stays open (cancelled, failed).
 */
export function useTreeActions(opts: { askSummary: boolean }): TreeActions {
	const services = useServices();
	const keymap = useKeymap();
	const [flow, dispatch] = useReducer(treeFlowReducer, INITIAL_TREE_FLOW);
	const job = useJob();
	const plan = useRef<NavigationPlan | undefined>(undefined);
	const latest = useLatest({ services, askSummary: opts.askSummary });
	const done = useCallback((result: TreeDone) => latest.current.services.dispatch({ type: "tree-done", done: result }), [latest]);
	const checkpointer = (): Checkpointer | undefined => latest.current.services.agent.checkpointer;
	// The dry run of the files' restore, started on Enter beside the summary question.
	const restorePlan = useRef<Promise<RestorePlan | { failed: string } | undefined> | undefined>(undefined);
	// A choice superseded by Esc or another choice: its late dry run is dropped.
	const choice = useRef(0);

	/**
	 * The move; with `restoring`, a safety checkpoint first (on the branch left), the files after.
	 * `unrestorable`: why the target's files cannot be restored (its dry run failed), said after the move.
	 */
	const run = (options: Navigation, restoring = false, unrestorable?: string) => {
		const planned = plan.current;
		if (!planned) return;
		const { agent } = latest.current.services;
		job.start(
			(signal) => moveThroughCore(agent, planned, { ...options, signal, restoring, ...(unrestorable ? { unrestorable } : {}) }).catch((error: unknown): Moved => ({ outcome: { status: "failed", message: errorMessage(error) } })),
			(moved) => {
				if ("restoreFailed" in moved) return done({ kind: "moved", status: moved.restoreFailed, ...(moved.editorText !== undefined ? { editorText: moved.editorText } : {}) });
				const to = outcomeEvent(moved.outcome, moved.status);
				if ("app" in to) done(to.app);
				else dispatch(to.tree);
			},
		);
	};

	/** After the summary choice: the restore question when the files differ from the target's, else the move. */
	const proceed = (options: Navigation) => {
		const pending = restorePlan.current;
		const targetId = plan.current?.targetId;
		if (!pending || !targetId) return run(options);
		const mine = ++choice.current;
		void pending.then((dry) => {
			if (choice.current !== mine) return;
			if (dry && "failed" in dry) return run(options, false, dry.failed);
			if (!dry || dry.changes.length === 0) return run(options);
			dispatch({ type: "restore-asked", targetId, changes: dry.changes, summarize: options.summarize === true, ...(options.customInstructions !== undefined ? { customInstructions: options.customInstructions } : {}) });
		});
	};

	const choose = (id: string) => {
		const made = planNavigation(services.store.snapshot(), id);
		if (made.alreadyHere) return done({ kind: "closed", status: ALREADY_HERE });
		plan.current = made;
		const ck = checkpointer();
		restorePlan.current = ck ? ck.plan(services.store.snapshot(), made.targetId).catch((error: unknown) => ({ failed: errorMessage(error) })) : undefined;
		const ask = opts.askSummary && canSummarize(made);
		dispatch({ type: "node-chosen", targetId: id, ask });
		if (!ask) proceed({});
	};
	const chooseOption = (option: number) => {
		if (flow.screen !== "summary-prompt") return;
		if (option === 0) {
			dispatch({ type: "summary-declined" });
			return proceed({});
		}
		if (!services.summaryModel) return dispatch({ type: "summary-unavailable", message: NO_SUMMARY_MODEL });
		if (option === 2) return dispatch({ type: "custom-requested" });
		dispatch({ type: "summary-requested", now: Date.now() });
		proceed({ summarize: true });
	};
	const submitInstructions = () => {
		if (flow.screen !== "custom-instructions") return;
		dispatch({ type: "instructions-submitted", now: Date.now() });
		const text = flow.text.trim();
		proceed(text ? { summarize: true, customInstructions: text } : { summarize: true });
	};
	const setLabel = (id: string, label: string | undefined) => {
		try {
			services.store.setLabel(id, label);
			dispatch({ type: "label-set" });
		} catch (error) {
			dispatch({ type: "label-set", error: errorMessage(error) });
		}
	};
	const merge = (id: string) => {
		const { agent } = latest.current.services;
		const view = agent.view;
		const into = conversationLeaf(view);
		const refusal = mergeRefusal(view, id, into);
		if (refusal) return dispatch({ type: "merge-failed", message: refusal });
		dispatch({ type: "merge-started", fromId: id, now: Date.now() });
		job.start(
			(signal) => {
				signal.addEventListener("abort", () => void agent.abort(), { once: true });
				return agent.merge(id, { intoId: into ?? undefined }).catch((error: unknown): MergeResult => ({ status: "failed", message: errorMessage(error) }));
			},
			(result) => {
				if (result.status !== "merged") return dispatch(unmerged(result));
				dispatch({ type: "merge-done" });
				done({ kind: "closed", status: `Merged ${id} into the current branch` });
			},
		);
	};

	return {
		flow,
		choose,
		moveOption: (delta) => dispatch({ type: "option-moved", delta }),
		chooseOption,
		editInstructions: (text) => dispatch({ type: "instructions-edited", text }),
		submitInstructions,
		cancelSummary: () => {
			choice.current += 1;
			job.cancel();
			dispatch({ type: "summary-cancelled" });
		},
		back: () => dispatch({ type: "went-back" }),
		close: () => done({ kind: "closed" }),
		setLabel,
		mark: (id) => dispatch({ type: "entry-marked", id, key: keysLabel(keymap, "tree.mark", { atMost: 1 }) }),
		closeComparison: () => dispatch({ type: "comparison-closed" }),
		merge,
		cancelMerge: () => {
			job.cancel();
			dispatch({ type: "merge-cancelled", notice: "Merge cancelled" });
		},
		moveRestoreCursor: (delta) => dispatch({ type: "restore-cursor-moved", delta }),
		answerRestore: (restore) => {
			if (flow.screen !== "restore-prompt") return;
			dispatch({ type: "restore-answered", now: Date.now() });
			const options: Navigation = { ...(flow.summarize ? { summarize: true } : {}), ...(flow.customInstructions ? { customInstructions: flow.customInstructions } : {}) };
			run(options, restore && checkpointer() !== undefined);
		},
		showDiff: (path) => {
			const ck = checkpointer();
			if (!ck || flow.screen !== "restore-prompt") return;
			void restorePlan.current?.then(async (dry) => {
				if (!dry || "failed" in dry) return;
				const text = await ck.store.patch(dry.current, dry.target.data.tree, path).catch((error: unknown) => errorMessage(error));
				dispatch({ type: "restore-diff-shown", path, text });
			});
		},
		closeDiff: () => dispatch({ type: "restore-diff-closed" }),
	};
}
