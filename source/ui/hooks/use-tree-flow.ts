import { useReducer, type Dispatch } from "react";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { EventBus } from "../../navigation/events.js";
import { canSummarize, planNavigation } from "../../navigation/navigate.js";
import type { SessionStoreApi } from "../../session/api.js";
import type { NavigateOptions } from "../../navigation/types.js";
import { INITIAL_TREE_FLOW, treeFlowReducer, type TreeFlow, type TreeFlowEvent } from "../state/tree-flow.js";
import { useTreeNavigation, type TreeNavigationOutcome } from "./use-tree-navigation.js";

/** How the /tree screen ends: the leaf moved (text for the editor, if any) or it closed. */
export type TreeDone = { kind: "moved"; editorText?: string } | { kind: "closed"; status?: string };

export const NO_SUMMARY_MODEL = "No model configured for summaries";
export const ALREADY_HERE = "Already at this point";

export type TreeFlowControls = {
	flow: TreeFlow;
	choose: (targetId: string) => void;
	moveOption: (delta: number) => void;
	chooseOption: (option: number) => void;
	editInstructions: (text: string) => void;
	submitInstructions: () => void;
	cancelSummary: () => void;
	back: () => void;
};

function applyOutcome(outcome: TreeNavigationOutcome, dispatch: Dispatch<TreeFlowEvent>, onDone: (done: TreeDone) => void): void {
	switch (outcome.status) {
		case "moved":
			dispatch({ type: "navigation-done" });
			return onDone(outcome.editorText !== undefined ? { kind: "moved", editorText: outcome.editorText } : { kind: "moved" });
		case "already-here":
			return onDone({ kind: "closed", status: ALREADY_HERE });
		case "cancelled":
			return dispatch(outcome.reason === "aborted" ? { type: "summary-cancelled" } : { type: "navigation-cancelled" });
		case "failed":
			return dispatch({ type: "summary-failed", message: outcome.message });
		default: {
			const never: never = outcome;
			return never;
		}
	}
}

function chooseSummaryOption(ctx: {
	option: number;
	targetId: string;
	hasModel: boolean;
	dispatch: Dispatch<TreeFlowEvent>;
	run: (targetId: string, options: NavigateOptions) => void;
}): void {
	if (ctx.option === 0) {
		ctx.dispatch({ type: "summary-declined" });
		return ctx.run(ctx.targetId, {});
	}
	if (!ctx.hasModel) return ctx.dispatch({ type: "summary-unavailable", message: NO_SUMMARY_MODEL });
	if (ctx.option === 2) return ctx.dispatch({ type: "custom-requested" });
	ctx.dispatch({ type: "summary-requested", now: Date.now() });
	ctx.run(ctx.targetId, { summarize: true });
}

/** The /tree flow's effects: plan on Enter, ask about a summary, run navigateTree, report the end. */
export function useTreeFlow(opts: {
	store: SessionStoreApi;
	summaryModel?: ResolvedModel;
	bus?: EventBus;
	maxRetries?: number;
	askSummary: boolean;
	onDone: (done: TreeDone) => void;
}): TreeFlowControls {
	const [flow, dispatch] = useReducer(treeFlowReducer, INITIAL_TREE_FLOW);
	const onOutcome = (outcome: TreeNavigationOutcome) => applyOutcome(outcome, dispatch, opts.onDone);
	const nav = useTreeNavigation({ ...opts, onOutcome });
	const targetId = flow.screen === "tree" ? undefined : flow.targetId;

	const choose = (id: string) => {
		const plan = planNavigation(opts.store.snapshot(), id);
		if (plan.alreadyHere) return opts.onDone({ kind: "closed", status: ALREADY_HERE });
		const ask = opts.askSummary && canSummarize(plan);
		dispatch({ type: "node-chosen", targetId: id, ask });
		if (!ask) nav.run(id, {});
	};
	const chooseOption = (option: number) => {
		if (targetId !== undefined) chooseSummaryOption({ option, targetId, hasModel: opts.summaryModel !== undefined, dispatch, run: nav.run });
	};
	const submitInstructions = () => {
		if (flow.screen !== "custom-instructions") return;
		dispatch({ type: "instructions-submitted", now: Date.now() });
		const text = flow.text.trim();
		nav.run(flow.targetId, text ? { summarize: true, customInstructions: text } : { summarize: true });
	};
	return {
		flow,
		choose,
		moveOption: (delta) => dispatch({ type: "option-moved", delta }),
		chooseOption,
		editInstructions: (text) => dispatch({ type: "instructions-edited", text }),
		submitInstructions,
		cancelSummary: () => {
			nav.cancel();
			dispatch({ type: "summary-cancelled" });
		},
		back: () => dispatch({ type: "went-back" }),
	};
}
