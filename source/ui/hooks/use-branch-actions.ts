import { useCallback, useEffect, useReducer, useRef } from "react";
import { conversationLeaf, type NavigationContext } from "../../navigation/navigate.js";
import { mergeBranch, planMerge, type MergeResult } from "../../navigation/merge.js";
import type { SessionTreeView } from "../../session/api.js";
import { branchActionsReducer, INITIAL_BRANCH_ACTIONS, type BranchActions, type BranchEvent } from "../state/branch-actions.js";
import { useLatest } from "./use-latest.js";
import { errorMessage } from "../../text/error-text.js";

export type BranchActionControls = {
	state: BranchActions;
	mark: (id: string) => void;
	closeComparison: () => void;
	merge: (id: string) => void;
	cancelMerge: () => void;
};

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
	return planMerge(view, id, into).abandoned.length === 0 ? `Nothing to merge: ${id} is on the current branch` : undefined;
}

/**
 * Shift+C (mark / compare) and Shift+M (merge into the current branch) in /tree. The merge runs
 * mergeBranch with the UI's summary model and extension bus; its AbortController lives in a ref, so
 * Esc drops a late result and nothing is written. `onMerged` closes the tree.
 */
export function useBranchActions(opts: NavigationContext & { onMerged: (status: string) => void }): BranchActionControls {
	const [state, dispatch] = useReducer(branchActionsReducer, INITIAL_BRANCH_ACTIONS);
	const controller = useRef<AbortController | undefined>(undefined);
	const latest = useLatest(opts);
	useEffect(() => () => controller.current?.abort(), []);

	const merge = useCallback((id: string) => {
		const { onMerged: _, ...ctx } = latest.current;
		const view = ctx.store.snapshot();
		const into = conversationLeaf(view);
		const refusal = mergeRefusal(view, id, into);
		if (refusal) return dispatch({ type: "merge-failed", message: refusal });
		const mine = new AbortController();
		controller.current = mine;
		dispatch({ type: "merge-started", fromId: id, now: Date.now() });
		mergeBranch(ctx, id, { intoId: into ?? undefined, signal: mine.signal })
			.catch((error: unknown): MergeResult => ({ status: "failed", message: errorMessage(error) }))
			.then((result) => {
				if (controller.current !== mine || mine.signal.aborted) return;
				controller.current = undefined;
				if (result.status !== "merged") return dispatch(unmerged(result));
				dispatch({ type: "merge-done" });
				latest.current.onMerged(`Merged ${id} into the current branch`);
			});
	}, [latest]);

	const cancelMerge = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
		dispatch({ type: "merge-cancelled", notice: "Merge cancelled" });
	}, []);

	const mark = (id: string) => dispatch({ type: "entry-marked", id });
	return { state, mark, closeComparison: () => dispatch({ type: "comparison-closed" }), merge, cancelMerge };
}
