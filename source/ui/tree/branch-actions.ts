/**
 * The tree's cross-branch actions as one small state machine beside the /tree flow: a marked
 * entry, the comparison of two entries, and a running merge. Pure: times arrive in events.
 */

export type BranchScreen =
	| { kind: "tree" }
	/** The branches ending at `a` (the marked entry) and `b` (the one picked after it). */
	| { kind: "comparison"; a: string; b: string }
	| { kind: "merging"; fromId: string; startedAt: number };

export type BranchActions = {
	screen: BranchScreen;
	/** The entry marked for a comparison (Shift+C). */
	mark?: string;
	/** Shown under the tree until the next action. */
	notice?: string;
	error?: string;
};

export type BranchEvent =
	/** Shift+C: marks, unmarks (the marked entry again) or compares with the marked entry. */
	| { type: "entry-marked"; id: string }
	| { type: "comparison-closed" }
	| { type: "merge-started"; fromId: string; now: number }
	/** A merge that cannot start (nothing to merge) or that failed: nothing was written. */
	| { type: "merge-failed"; message: string }
	| { type: "merge-cancelled"; notice: string }
	| { type: "merge-done" };

export const INITIAL_BRANCH_ACTIONS: BranchActions = { screen: { kind: "tree" } };

const TREE: BranchScreen = { kind: "tree" };

function marked(state: BranchActions, id: string): BranchActions {
	if (state.mark === id) return { screen: TREE, notice: "Mark removed" };
	if (state.mark === undefined) return { screen: TREE, mark: id, notice: `Marked ${id} · Shift+C on another entry compares` };
	return { screen: { kind: "comparison", a: state.mark, b: id } };
}

/** Pure reducer of the tree's compare / merge actions. */
export function branchActionsReducer(state: BranchActions, event: BranchEvent): BranchActions {
	switch (event.type) {
		case "entry-marked":
			return state.screen.kind === "tree" ? marked(state, event.id) : state;
		case "comparison-closed":
			return state.screen.kind === "comparison" ? { screen: TREE } : state;
		case "merge-started":
			return state.screen.kind === "tree" ? { screen: { kind: "merging", fromId: event.fromId, startedAt: event.now }, mark: state.mark } : state;
		case "merge-failed":
			return { screen: TREE, mark: state.mark, error: event.message };
		case "merge-cancelled":
			return { screen: TREE, mark: state.mark, notice: event.notice };
		case "merge-done":
			return { screen: TREE };
		default: {
			const never: never = event;
			return never;
		}
	}
}
