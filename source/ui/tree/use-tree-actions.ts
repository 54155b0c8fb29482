import { useCallback, useReducer } from "react";
import { errorMessage } from "../../text/error-text.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { useServices } from "../services.js";
import { useLatest } from "../widgets/use-latest.js";
import { INITIAL_TREE_FLOW, treeFlowReducer, type TreeFlow } from "./tree-flow.js";
import type { TreeDone } from "./tree-move.js";
import { useJob } from "./use-job.js";
import { useTreeMerge } from "./use-tree-merge.js";
import { useTreeMove } from "./use-tree-move.js";

export { ALREADY_HERE, NO_SUMMARY_MODEL, type TreeDone } from "./tree-move.js";

type TreeActions = {
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
	/** 0 restore (the user's own changes kept), 1 keep every file, 2 restore the user's changes too. */
	answerRestore: (choice: number) => void;
	showDiff: (path: string) => void;
	closeDiff: () => void;
};

/**
 * The /tree screen's state and effects: one reducer (tree-flow.ts) for moves (useTreeMove),
 * comparisons and merges (useTreeMerge), each through the session core; an outcome is dispatched
 * once, where it happens.
 */
export function useTreeActions(opts: { askSummary: boolean }): TreeActions {
	const services = useServices();
	const keymap = useKeymap();
	const [flow, dispatch] = useReducer(treeFlowReducer, INITIAL_TREE_FLOW);
	const job = useJob();
	const latest = useLatest({ services, askSummary: opts.askSummary });
	const done = useCallback((result: TreeDone) => latest.current.services.dispatch({ type: "tree-done", done: result }), [latest]);
	const move = useTreeMove({ flow, dispatch, latest, job, done });
	const { merge, cancelMerge } = useTreeMerge({ dispatch, latest, job, done });
	const setLabel = (id: string, label: string | undefined) => {
		try {
			services.store.setLabel(id, label);
			dispatch({ type: "label-set" });
		} catch (error) {
			dispatch({ type: "label-set", error: errorMessage(error) });
		}
	};
	return {
		flow,
		...move,
		moveOption: (delta) => dispatch({ type: "option-moved", delta }),
		editInstructions: (text) => dispatch({ type: "instructions-edited", text }),
		back: () => dispatch({ type: "went-back" }),
		close: () => done({ kind: "closed" }),
		setLabel,
		mark: (id) => dispatch({ type: "entry-marked", id, key: keysLabel(keymap, "tree.mark", { atMost: 1 }) }),
		closeComparison: () => dispatch({ type: "comparison-closed" }),
		merge,
		cancelMerge,
		moveRestoreCursor: (delta) => dispatch({ type: "restore-cursor-moved", delta }),
		closeDiff: () => dispatch({ type: "restore-diff-closed" }),
	};
}
