import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import { capGutter, gutterText, layoutForest, type GutterLink } from "./layout.js";
import { previewText, rowKind } from "./preview.js";
import { filterStructure, positionOf, treeStructure, type FilteredForest, type TreeStructure } from "./structure.js";
import type { TreeRow, TreeRowKind, TreeRowOptions } from "./types.js";

/** Looks a row up by entry id (a Map works too). */
export type RowLookup = { get(id: string): number | undefined };

/** What every row of one build shares. */
type RowContext = { s: TreeStructure; view: SessionTreeView; leafRow: number };

/**
 * A row: a few fields, the rest read on demand (only the rows on screen are ever read, and a
 * filter toggle on 100k entries must not compute 100k labels and kinds). The gutter string is
 * built from the shared link (see {@link GutterLink}).
 */
class Row implements TreeRow {
	constructor(
		readonly entry: SessionEntry,
		private readonly full: number,
		private readonly link: GutterLink | null,
		private readonly childCount: number,
		readonly folded: boolean,
		private readonly ctx: RowContext,
	) {}
	get id(): string {
		return this.entry.id;
	}
	get kind(): TreeRowKind {
		return rowKind(this.entry);
	}
	get onActivePath(): boolean {
		return this.ctx.s.active[this.full] === 1;
	}
	get isLeaf(): boolean {
		return this.full === this.ctx.s.leaf;
	}
	get leafBelow(): boolean {
		return !this.isLeaf && this.full === this.ctx.leafRow;
	}
	get foldable(): boolean {
		return this.childCount > 0;
	}
	get isBranchPoint(): boolean {
		return this.childCount > 1;
	}
	get label(): string | undefined {
		return this.ctx.view.getLabel(this.entry.id);
	}
	get labelTime(): string | undefined {
		return this.ctx.s.labelTimes.get(this.entry.id);
	}
	/** Computed on first read (and cached per entry): opening a 100k-entry tree renders only a window. */
	get text(): string {
		return previewText(this.ctx.view, this.entry);
	}
	get gutter(): string {
		return gutterText(this.link);
	}
	get gutterWidth(): number {
		return this.link?.width ?? 0;
	}
	/** The gutter cut to at most `maxWidth` columns (`…` + its right end), walking only that much. */
	gutterFit(maxWidth: number): string {
		return gutterText(this.link, maxWidth);
	}
}

/** The gutter of `row` in at most `maxWidth` columns (see {@link capGutter}), for rows from {@link buildTreeRows} or plain objects. */
export function fitGutter(row: TreeRow, maxWidth: number): string {
	if (row instanceof Row) return row.gutterFit(maxWidth);
	const g = row.gutter;
	return capGutter(g.length, (cols) => g.slice(g.length - cols), maxWidth);
}

/**
 * The filtered, searched tree shared by rows and JSON (see {@link filterStructure}). `previews`
 * asks for the visible entries' preview texts; rows otherwise compute theirs when first shown.
 */
export function visibleForest(
	view: SessionTreeView,
	opts: TreeRowOptions & { previews?: boolean },
): { forest: FilteredForest; previews: Map<string, string> } {
	const forest = filterStructure(view, opts);
	const previews = new Map<string, string>();
	if (opts.previews === true) for (const entry of forest.order) previews.set(entry.id, previewText(view, entry));
	return { forest, previews };
}

/** Ids on the path root → leaf. */
export function activePathIds(view: SessionTreeView): Set<string> {
	return new Set(view.getPath(view.leafId).map((e) => e.id));
}

/** Rows plus a lookup from entry id to row index (without a 100k-entry Map per filter). */
export type TreeModel = { rows: TreeRow[]; indexOf: RowLookup };

/**
 * Rows in display order (depth-first pre-order, children oldest first, several roots as siblings).
 * Hidden entries are skipped structurally and folded entries' descendants omitted. Linear in the
 * number of entries and iterative, so 100k-deep chains are fine; the filter-independent part is
 * built once per snapshot, so a filter toggle on 100k entries costs one pass over typed arrays.
 */
export function buildTreeModel(view: SessionTreeView, opts: TreeRowOptions): TreeModel {
	const s = treeStructure(view);
	const forest = filterStructure(view, opts);
	const rows: TreeRow[] = [];
	const ctx: RowContext = { s, view, leafRow: forest.leafRow };
	const rowOf = new Int32Array(s.order.length).fill(-1);
	layoutForest(forest, opts.folded, (laid) => {
		const full = must(forest.full[laid.index], "row of the laid-out entry");
		rowOf[full] = rows.length;
		rows.push(new Row(laid.entry, full, laid.gutter, laid.childCount, laid.folded, ctx));
	});
	const indexOf: RowLookup = {
		get: (id) => {
			const full = positionOf(s, id);
			const row = full === undefined ? -1 : (rowOf[full] ?? -1);
			return row < 0 ? undefined : row;
		},
	};
	return { rows, indexOf };
}

/** The rows of {@link buildTreeModel}. */
export function buildTreeRows(view: SessionTreeView, opts: TreeRowOptions): TreeRow[] {
	return buildTreeModel(view, opts).rows;
}
