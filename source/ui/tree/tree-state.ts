import type { SessionTreeView } from "../../session/api.js";
import { previousBoundary } from "../../text/text-width.js";
import type { RowLookup } from "../../tree/build.js";
import type { TreeFilter, TreeRow } from "../../tree/types.js";

/**
 * The /tree selector. `selectedId` is the entry the user chose, kept across filter and search
 * changes: the row shown as selected is that entry or its nearest visible ancestor
 * ({@link selectedIndex}), so toggling a filter back restores the exact selection.
 */
export type TreeState = {
	selectedId: string | null;
	filter: TreeFilter;
	search: string;
	folded: ReadonlySet<string>;
	labelEdit?: { id: string; text: string };
	/** Shift+T: labels show when they were set. */
	labelTimes?: boolean;
};

/**
 * Row-moving actions carry the rows on screen (the reducer stays pure). The start row is the
 * selected entry looked up in `indexOf`, so several keys arriving in one input chunk (a held ↓)
 * each move one row; `current` (the rendered selection) is used when the entry is not a row.
 */
type Rows = { rows: readonly TreeRow[]; indexOf: RowLookup; current: number };

export type TreeAction =
	| ({ type: "moved-up" } & Rows)
	| ({ type: "moved-down" } & Rows)
	| ({ type: "paged"; delta: number } & Rows)
	| ({ type: "went-home" } & Rows)
	| ({ type: "went-end" } & Rows)
	| { type: "filter-toggled"; filter: TreeFilter }
	| { type: "search-typed"; text: string }
	| { type: "search-erased" }
	/** `shownId`: the row shown as selected while searching; it stays selected in the full tree. */
	| { type: "search-cleared"; shownId?: string }
	| { type: "folded"; id: string }
	| { type: "unfolded"; id: string }
	| { type: "branch-jumped"; id: string }
	| { type: "label-edit-started"; id: string; text: string }
	| { type: "label-edit-closed" }
	| { type: "label-times-toggled" };

/** Opening state: the given entry (normally the leaf) selected, nothing folded or searched. */
export function initialTreeState(opts: { selectedId: string | null; filter?: TreeFilter }): TreeState {
	return { selectedId: opts.selectedId, filter: opts.filter ?? "default", search: "", folded: new Set() };
}

function select(state: TreeState, rows: readonly TreeRow[], index: number): TreeState {
	const row = rows[index];
	return row ? { ...state, selectedId: row.id } : state;
}

function withFold(folded: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
	const next = new Set(folded);
	if (on) next.add(id);
	else next.delete(id);
	return next;
}

function moveReducer(state: TreeState, action: Extract<TreeAction, Rows>): TreeState {
	const n = action.rows.length;
	if (n === 0) return state;
	const current = (state.selectedId === null ? undefined : action.indexOf.get(state.selectedId)) ?? action.current;
	switch (action.type) {
		case "moved-up":
			return select(state, action.rows, (current - 1 + n) % n);
		case "moved-down":
			return select(state, action.rows, (current + 1) % n);
		case "paged":
			return select(state, action.rows, Math.min(n - 1, Math.max(0, current + action.delta)));
		case "went-home":
			return select(state, action.rows, 0);
		case "went-end":
			return select(state, action.rows, n - 1);
		default: {
			const never: never = action;
			return never;
		}
	}
}

/** Pure reducer of the selector; one transition per action. */
export function treeReducer(state: TreeState, action: TreeAction): TreeState {
	switch (action.type) {
		case "moved-up":
		case "moved-down":
		case "paged":
		case "went-home":
		case "went-end":
			return moveReducer(state, action);
		case "filter-toggled":
			return { ...state, filter: state.filter === action.filter ? "default" : action.filter };
		case "search-typed":
			return { ...state, search: state.search + action.text };
		case "search-erased":
			return { ...state, search: state.search.slice(0, previousBoundary(state.search, state.search.length)) };
		case "search-cleared":
			return { ...state, search: "", selectedId: action.shownId ?? state.selectedId };
		case "folded":
			return { ...state, folded: withFold(state.folded, action.id, true) };
		case "unfolded":
			return { ...state, folded: withFold(state.folded, action.id, false) };
		case "branch-jumped":
			return { ...state, selectedId: action.id };
		case "label-edit-started":
			return { ...state, labelEdit: { id: action.id, text: action.text } };
		case "label-times-toggled":
			return { ...state, labelTimes: state.labelTimes !== true };
		case "label-edit-closed": {
			const { labelEdit: _closed, ...rest } = state;
			return rest;
		}
		default: {
			const never: never = action;
			return never;
		}
	}
}

/**
 * The row shown as selected: `selectedId` itself, else its nearest visible ancestor, else the first
 * row; -1 when there are no rows. O(depth) only when the entry itself is hidden.
 */
export function selectedIndex(opts: {
	rows: readonly TreeRow[];
	indexOf: RowLookup;
	view: SessionTreeView;
	selectedId: string | null;
}): number {
	if (opts.rows.length === 0) return -1;
	let id = opts.selectedId;
	while (id !== null) {
		const at = opts.indexOf.get(id);
		if (at !== undefined) return at;
		id = opts.view.getEntry(id)?.parentId ?? null;
	}
	return 0;
}

/** The nearest branch point before (`-1`) or after (`1`) `current`, or undefined. */
export function branchPointFrom(rows: readonly TreeRow[], current: number, direction: -1 | 1): TreeRow | undefined {
	for (let i = current + direction; i >= 0 && i < rows.length; i += direction) {
		if (rows[i]?.isBranchPoint) return rows[i];
	}
	return undefined;
}
