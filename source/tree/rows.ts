/**
 * The tree view's rows, shared by `/tree` (Ink) and `arbor tree` (plain text / JSON). Pure and
 * React-free. Everything the tree UI and `arbor tree` need from session/ is exported here.
 */
import type { SessionTreeView } from "../session/api.js";
import type { TreeFilter } from "./types.js";

export type { TreeFilter, TreeJsonNode, TreeRow, TreeRowKind, TreeRowOptions } from "./types.js";
export { TREE_FILTERS, PREVIEW_MAX } from "./types.js";
export { previewText, rowKind } from "./preview.js";
export { buildTreeRows, buildTreeModel, fitGutter, activePathIds, type RowLookup, type TreeModel } from "./build.js";
export { conversationLeaf } from "./filter.js";
export { formatTreeRow, formatTreeRowParts, isDimKind, type TreeRowParts } from "./format.js";
export { buildTreeJson, treeJsonText } from "./json.js";
export { forEachTextRow, type UnfoldedRow } from "./text-rows.js";
export { previewLineClean } from "./preview.js";

/** True when the session has nothing to show (`/tree` then reports `No entries in session`). */
export function treeIsEmpty(view: SessionTreeView): boolean {
	return view.entries.length === 0;
}

/** Parses a `--filter` value. */
export function parseTreeFilter(value: string): TreeFilter | undefined {
	switch (value) {
		case "default":
		case "user":
		case "no-tools":
		case "labeled":
		case "all":
			return value;
		default:
			return undefined;
	}
}
