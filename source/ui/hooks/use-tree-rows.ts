import { useMemo } from "react";
import type { SessionTreeView } from "../../session/api.js";
import { buildTreeModel, type RowLookup, type TreeFilter, type TreeModel, type TreeRow } from "../../tree/rows.js";
import { selectedIndex, type TreeState } from "../state/tree-state.js";

export type TreeRowsModel = {
	rows: readonly TreeRow[];
	indexOf: RowLookup;
	/** Index of the selected row, -1 when there are no rows. */
	current: number;
};

/**
 * Rows are rebuilt only when the snapshot, filter, search or folds change: one pass over the
 * snapshot's precomputed structure (see session/tree-structure.ts), so a filter toggle on 100k
 * entries stays under a frame budget of 100 ms. Moving the cursor only re-resolves the selected
 * index (a lookup).
 */
export function useTreeRows(view: SessionTreeView, state: TreeState): TreeRowsModel {
	const { filter, search, folded, selectedId } = state;
	// Toggling a filter back (Ctrl+U twice) finds the rows already built for this snapshot and folds.
	const byFilter = useMemo(() => new Map<TreeFilter, TreeModel>(), [view, folded]);
	const built = useMemo(() => {
		if (search !== "") return buildTreeModel(view, { filter, search, folded });
		const cached = byFilter.get(filter) ?? buildTreeModel(view, { filter, folded });
		byFilter.set(filter, cached);
		return cached;
	}, [byFilter, view, filter, search, folded]);
	const current = useMemo(
		() => selectedIndex({ rows: built.rows, indexOf: built.indexOf, view, selectedId }),
		[built, view, selectedId],
	);
	return { rows: built.rows, indexOf: built.indexOf, current };
}
