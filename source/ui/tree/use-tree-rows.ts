import { useMemo } from "react";
import type { SessionTreeView } from "../../session/api.js";
import { buildTreeModel, type RowLookup, type TreeModel } from "../../tree/build.js";
import type { TreeFilter, TreeRow } from "../../tree/types.js";
import { arborHome } from "../../session/paths.js";
import { readAuthors } from "../../sync/authors.js";
import { selectedIndex, type TreeState } from "./tree-state.js";

export type TreeRowsModel = {
	rows: readonly TreeRow[];
	indexOf: RowLookup;
	/** Index of the selected row, -1 when there are no rows. */
	current: number;
	/** Entries a sync brought in → `user@host` (docs/sync.md): shown before their text. */
	authors: Readonly<Record<string, string>>;
};

/** The rows of `view` with `folded` per filter, each built on first use and kept. */
function modelsByFilter(view: SessionTreeView, folded: TreeState["folded"]): (filter: TreeFilter) => TreeModel {
	const built = new Map<TreeFilter, TreeModel>();
	return (filter) => {
		const model = built.get(filter) ?? buildTreeModel(view, { filter, folded });
		built.set(filter, model);
		return model;
	};
}

/**
 * Rows are rebuilt only when the snapshot, filter, search or folds change: one pass over the
 * snapshot's precomputed structure (see session/tree-structure.ts), so a filter toggle on 100k
 * entries stays under a frame budget of 100 ms. Moving the cursor only re-resolves the selected
 * index (a lookup).
 */
export function useTreeRows(view: SessionTreeView, state: TreeState): TreeRowsModel {
	const { filter, search, folded, selectedId } = state;
	// Toggling a filter back (Ctrl+U twice) finds the rows already built for this snapshot and folds.
	const byFilter = useMemo(() => modelsByFilter(view, folded), [view, folded]);
	const built = useMemo(
		() => (search !== "" ? buildTreeModel(view, { filter, search, folded }) : byFilter(filter)),
		[byFilter, view, filter, search, folded],
	);
	const current = useMemo(
		() => selectedIndex({ rows: built.rows, indexOf: built.indexOf, view, selectedId }),
		[built, view, selectedId],
	);
	const authors = useMemo(() => readAuthors(arborHome(), view.header.id), [view]);
	return { rows: built.rows, indexOf: built.indexOf, current, authors };
}
