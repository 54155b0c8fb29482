import type { SessionTreeView } from "../session/api.js";
import { must } from "../text/must.js";
import { fitTreeRowParts, type TreeRowParts } from "./format.js";
import { GUTTER_MAX, gutterText, layoutForest, type GutterLink } from "./layout.js";
import { previewOnce, rowKind } from "./preview.js";
import { filterStructure, treeStructure } from "./structure.js";
import type { TreeFilter, TreeRowKind } from "./types.js";

/**
 * Every row of the tree as `arbor tree` prints it (no row selected, nothing folded), fitted to
 * `width`, in display order: the parts {@link formatTreeRowParts} gives for the rows of
 * {@link buildTreeRows}, without building those rows. One pass over the layout; a gutter string is
 * built once per shared gutter link and previews are not cached, so 100k rows leave little behind
 * for the garbage collector. Returns the number of rows.
 */
export function forEachTextRow(
	view: SessionTreeView,
	opts: { filter: TreeFilter; search?: string; width: number },
	visit: (parts: TreeRowParts, kind: TreeRowKind) => void,
): number {
	const s = treeStructure(view);
	const forest = filterStructure(view, opts);
	const maxGutter = Math.min(GUTTER_MAX, Math.max(0, Math.floor((opts.width - 2) / 2)));
	const gutters = new Map<GutterLink, string>();
	layoutForest(forest, undefined, (laid) => {
		const full = must(forest.full[laid.index], "row of the laid-out entry");
		const link = laid.gutter;
		let gutter = "";
		if (link) {
			const known = gutters.get(link);
			gutter = known ?? gutterText(link, maxGutter);
			if (known === undefined) gutters.set(link, gutter);
		}
		const entry = laid.entry;
		const isLeaf = full === s.leaf;
		const parts = fitTreeRowParts({
			selected: false,
			gutter,
			fold: "",
			onActivePath: s.active[full] === 1,
			isLeaf,
			leafBelow: !isLeaf && full === forest.leafRow,
			label: view.getLabel(entry.id),
			time: "",
			text: previewOnce(view, entry),
		}, opts.width);
		visit(parts, rowKind(entry));
	});
	return forest.order.length;
}
