import { useMemo } from "react";
import type { SessionTreeView } from "../../session/api.js";
import { buildTreeRows, type TreeRow } from "../../session/tree-rows.js";
import { selectedIndex, type TreeState } from "../state/tree-state.js";

export type TreeRowsModel = {
	rows: readonly TreeRow[];
	indexOf: ReadonlyMap<string, number>;
	/** Index of the selected row, -1 when there are no rows. */
	current: number;
};

/**
 * Rows are rebuilt only when the snapshot, filter, search or folds change (linear in entries);
 * moving the cursor only re-resolves the selected index (a map lookup).
 */
export function useTreeRows(view: SessionTreeView, state: TreeState): TreeRowsModel {
	const { filter, search, folded, selectedId } = state;
	const built = useMemo(() => {
		const rows = buildTreeRows(view, { filter, search, folded });
		const indexOf = new Map<string, number>();
		for (let i = 0; i < rows.length; i++) indexOf.set(rows[i]!.id, i);
		return { rows, indexOf };
	}, [view, filter, search, folded]);
	const current = useMemo(
		() => selectedIndex({ rows: built.rows, indexOf: built.indexOf, view, selectedId }),
		[built, view, selectedId],
	);
	return { rows: built.rows, indexOf: built.indexOf, current };
}
