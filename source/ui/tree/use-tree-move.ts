import { useRef, type Dispatch, type RefObject } from "react";
import { errorMessage } from "../../text/error-text.js";
import { canSummarize, planNavigation } from "../../navigation/navigate.js";
import type { NavigationPlan } from "../../navigation/types.js";
import type { RestorePlan } from "../../checkpoints/checkpointer.js";
import type { SessionServices } from "../services.js";
import type { TreeFlow, TreeFlowEvent } from "./tree-flow.js";
import { ALREADY_HERE, moveThroughCore, NO_SUMMARY_MODEL, outcomeEvent, type Moved, type Navigation, type TreeDone } from "./tree-move.js";
import type { Job } from "./use-job.js";

/** The moves of /tree: Enter plans, the summary and restore questions, the move through the core. */
type TreeMove = {
	choose(targetId: string): void;
	chooseOption(option: number): void;
	submitInstructions(): void;
	cancelSummary(): void;
	/** 0 restore (the user's own changes kept), 1 keep every file, 2 restore the user's changes too. */
	answerRestore(choice: number): void;
	showDiff(path: string): void;
};

type MoveContext = {
	flow: TreeFlow;
	dispatch: Dispatch<TreeFlowEvent>;
	latest: RefObject<{ services: SessionServices; askSummary: boolean }>;
	job: Job;
	done(result: TreeDone): void;
};

/**
 * A move is planned once, on Enter (with the dry run of the files' restore beside the summary
 * question); its outcome goes to the app when the tree closes (moved, already here), to the tree's
 * reducer when it stays open (cancelled, failed).
 */
export function useTreeMove({ flow, dispatch, latest, job, done }: MoveContext): TreeMove {
	const plan = useRef<NavigationPlan | undefined>(undefined);
	// The dry run of the files' restore, started on Enter beside the summary question.
	const restorePlan = useRef<Promise<RestorePlan | { failed: string } | undefined> | undefined>(undefined);
	// A choice superseded by Esc or another choice: its late dry run is dropped.
	const choice = useRef(0);
	const services = () => latest.current.services;
	const checkpointer = () => services().agent.checkpointer;

	/** The move; `restoring`: the files too. `unrestorable`: why they cannot be (their dry run failed), said after the move. */
	const run = (options: Navigation, restoring = false, unrestorable?: string, includeUserChanges = false) => {
		const planned = plan.current;
		if (!planned) return;
		const { agent } = services();
		job.start(
			(signal) => moveThroughCore(agent, planned, { ...options, signal, restoring, includeUserChanges, ...(unrestorable ? { unrestorable } : {}) }).catch((error: unknown): Moved => ({ outcome: { status: "failed", message: errorMessage(error) } })),
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
			if (!dry || dry.changes.length + dry.userChanges.length === 0) return run(options);
			const changes = [...dry.changes, ...dry.userChanges.map((c) => ({ ...c, mine: true }))];
			dispatch({ type: "restore-asked", targetId, changes, summarize: options.summarize === true, ...(options.customInstructions !== undefined ? { customInstructions: options.customInstructions } : {}) });
		});
	};

	const choose = (id: string) => {
		const made = planNavigation(services().store.snapshot(), id);
		if (made.alreadyHere) return done({ kind: "closed", status: ALREADY_HERE });
		plan.current = made;
		const ck = checkpointer();
		restorePlan.current = ck ? ck.plan(services().store.snapshot(), made.targetId, { keepUserChanges: true }).catch((error: unknown) => ({ failed: errorMessage(error) })) : undefined;
		const ask = latest.current.askSummary && canSummarize(made);
		dispatch({ type: "node-chosen", targetId: id, ask });
		if (!ask) proceed({});
	};
	const chooseOption = (option: number) => {
		if (flow.screen !== "summary-prompt") return;
		if (option === 0) {
			dispatch({ type: "summary-declined" });
			return proceed({});
		}
		if (!services().summaryModel) return dispatch({ type: "summary-unavailable", message: NO_SUMMARY_MODEL });
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
	const cancelSummary = () => {
		choice.current += 1;
		job.cancel();
		dispatch({ type: "summary-cancelled" });
	};
	const answerRestore = (choice: number) => {
		if (flow.screen !== "restore-prompt") return;
		dispatch({ type: "restore-answered", now: Date.now() });
		const options: Navigation = { ...(flow.summarize ? { summarize: true } : {}), ...(flow.customInstructions ? { customInstructions: flow.customInstructions } : {}) };
		run(options, choice !== 1 && checkpointer() !== undefined, undefined, choice === 2);
	};
	const showDiff = (path: string) => {
		const ck = checkpointer();
		if (!ck || flow.screen !== "restore-prompt") return;
		void restorePlan.current?.then(async (dry) => {
			if (!dry || "failed" in dry) return;
			const text = await ck.store.patch(dry.current, dry.target.data.tree, path).catch((error: unknown) => errorMessage(error));
			dispatch({ type: "restore-diff-shown", path, text });
		});
	};
	return { choose, chooseOption, submitInstructions, cancelSummary, answerRestore, showDiff };
}
