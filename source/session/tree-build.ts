import type { SessionTreeView } from "./api.js";
import type { SessionEntry } from "./types.js";
import { matchesSearch, passesFilter, searchWords } from "./tree-filter.js";
import { buildVisibleForest, capGutter, gutterText, layoutForest, type GutterLink, type VisibleForest } from "./tree-layout.js";
import { previewLower, previewText, rowKind } from "./tree-preview.js";
import type { TreeRow, TreeRowKind, TreeRowOptions } from "./tree-types.js";

type RowFields = Omit<TreeRow, "gutter" | "gutterWidth" | "text">;

/** A row whose gutter string is built on demand from the shared link (see {@link GutterLink}). */
class Row implements TreeRow {
	readonly id: string;
	readonly entry: SessionEntry;
	readonly kind: TreeRowKind;
	readonly onActivePath: boolean;
	readonly isLeaf: boolean;
	readonly foldable: boolean;
	readonly folded: boolean;
	readonly isBranchPoint: boolean;
	readonly label?: string;
	constructor(
		fields: RowFields,
		private readonly link: GutterLink | null,
		private readonly view: SessionTreeView,
	) {
		this.id = fields.id;
		this.entry = fields.entry;
		this.kind = fields.kind;
		this.onActivePath = fields.onActivePath;
		this.isLeaf = fields.isLeaf;
		this.foldable = fields.foldable;
		this.folded = fields.folded;
		this.isBranchPoint = fields.isBranchPoint;
		if (fields.label !== undefined) this.label = fields.label;
	}
	/** Computed on first read (and cached per entry): opening a 100k-entry tree renders only a window. */
	get text(): string {
		return previewText(this.view, this.entry);
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
 * The filtered, searched tree shared by rows and JSON. Previews are computed here only when a search
 * needs them (or `previews` asks for the map); rows otherwise compute theirs when first shown.
 */
export function visibleForest(
	view: SessionTreeView,
	opts: TreeRowOptions & { previews?: boolean },
): { forest: VisibleForest; previews: Map<string, string> } {
	const words = searchWords(opts.search);
	const previews = new Map<string, string>();
	const forest = buildVisibleForest(view, (entry) => {
		if (!passesFilter(view, entry, opts.filter)) return false;
		if (words.length > 0 && !matchesSearch(words, previewLower(view, entry), view.getLabel(entry.id))) return false;
		if (opts.previews === true) previews.set(entry.id, previewText(view, entry));
		return true;
	});
	return { forest, previews };
}

/** Ids on the path root → leaf. */
export function activePathIds(view: SessionTreeView): Set<string> {
	return new Set(view.getPath(view.leafId).map((e) => e.id));
}

/**
 * Rows in display order (depth-first pre-order, children oldest first, several roots as siblings).
 * Hidden entries are skipped structurally and folded entries' descendants omitted. Linear in the
 * number of entries and iterative, so 100k-deep chains are fine.
 */
export function buildTreeRows(view: SessionTreeView, opts: TreeRowOptions): TreeRow[] {
	const { forest } = visibleForest(view, opts);
	const active = activePathIds(view);
	const rows: TreeRow[] = [];
	layoutForest(forest, opts.folded, ({ entry, gutter, childCount, folded }) => {
		const row = new Row(
			{
				id: entry.id,
				entry,
				kind: rowKind(entry),
				onActivePath: active.has(entry.id),
				isLeaf: entry.id === forest.leafStandIn,
				foldable: childCount > 0,
				folded,
				isBranchPoint: childCount > 1,
				label: view.getLabel(entry.id),
			},
			gutter,
			view,
		);
		rows.push(row);
	});
	return rows;
}

