import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import { hasControl } from "../text/terminal-text.js";
import { authorPart, fitTreeRowParts, labelPart, rowMarks, surelyFits, type TreeRowParts } from "./format.js";
import { GUTTER_MAX, gutterText, layoutForest, type GutterLink } from "./layout.js";
import { previewLine, previewOnce, previewUnfolded, rowKind } from "./preview.js";
import { PREVIEW_MAX } from "./types.js";
import { filterStructure, treeStructure } from "./structure.js";
import type { TreeFilter, TreeRowKind } from "./types.js";

/**
 * A row whose preview is not folded yet, for a writer that folds it itself (see
 * {@link previewUnfolded}): the parts {@link fitTreeRowParts} would give, `text` empty and
 * `unfolded` its source (the text is `previewLine(unfolded)`, at most PREVIEW_MAX characters, and
 * surely fits the width uncut once sanitized; with `folded`, `unfolded` is that text already, free of
 * control characters). One object, refilled for every row; a writer that takes it (answers true)
 * leaves the folded text in `text`.
 */
export type UnfoldedRow = TreeRowParts & { unfolded: string; kind: TreeRowKind; folded: boolean };

/** Told each shown row's preview (previewText's answer) as the row is made: the row index keeps them (tree/row-cache.ts). */
export type PreviewSink = (entry: SessionEntry, preview: string) => void;

/**
 * Every row of the tree as `arbor tree` prints it (no row selected, nothing folded), fitted to
 * `width`, in display order: the parts {@link formatTreeRowParts} gives for the rows of
 * {@link buildTreeRows}, without building those rows. One pass over the layout; a gutter string is
 * built once per shared gutter link and previews are not cached, so 100k rows leave little behind
 * for the garbage collector. Returns the number of rows.
 * With `unfolded`, a row whose preview is still to be folded and whose text surely fits goes to it
 * instead of `visit`, unless it answers false; `authors` (entry id → `user@host`, docs/sync.md) puts
 * `(user@host) ` before the text of those entries (it then goes to `visit` as usual). `previews`
 * is told the preview of each row (not of rows with an author).
 */
export function forEachTextRow(
	view: SessionTreeView,
	opts: { filter: TreeFilter; search?: string; width: number; authors?: Readonly<Record<string, string>>; previews?: PreviewSink },
	visit: (parts: TreeRowParts, kind: TreeRowKind) => void,
	unfolded?: (row: UnfoldedRow) => boolean,
): number {
	const s = treeStructure(view);
	const forest = filterStructure(view, opts);
	const maxGutter = Math.min(GUTTER_MAX, Math.max(0, Math.floor((opts.width - 2) / 2)));
	const gutters = new Map<GutterLink, string>();
	const raw: UnfoldedRow = { cursor: "  ", gutter: "", fold: "", marker: "", label: "", text: "", suffix: "", unfolded: "", kind: "meta", folded: false };
	let source: string | undefined;
	const keep = (text: string) => {
		source = text;
		return "";
	};
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
		const onActivePath = s.active[full] === 1;
		const leafBelow = !isLeaf && full === forest.leafRow;
		const label = view.getLabel(entry.id);
		const kind = rowKind(entry);
		source = undefined;
		const author = opts.authors?.[entry.id];
		// A row with an author is not handed to the fast writer: its text is the author, then the preview.
		let text = unfolded && author === undefined ? previewUnfolded(view, entry, keep) : authorPart(author) + previewOnce(view, entry);
		// A preview known already (stored in a row index, or cached) that needs no sanitizing goes to the writer as it is.
		const ready = source === undefined && unfolded !== undefined && author === undefined && text.length <= PREVIEW_MAX && !hasControl(text);
		if (ready) source = text;
		if (source !== undefined) {
			const row = raw;
			const marks = rowMarks({ selected: false, onActivePath, isLeaf, leafBelow });
			row.cursor = marks.cursor;
			row.gutter = gutter;
			row.marker = marks.marker;
			row.suffix = marks.suffix;
			row.label = labelPart(label, "");
			row.unfolded = source;
			row.folded = ready;
			row.kind = kind;
			// The fold is at most PREVIEW_MAX characters.
			const prefix = row.cursor.length + gutter.length + row.marker.length + row.suffix.length;
			if (surelyFits(prefix, row.label.length, PREVIEW_MAX, opts.width) && unfolded?.(row) === true) {
				opts.previews?.(entry, row.text); // the writer folded it into row.text
				return;
			}
			text = ready ? source : previewLine(source);
		}
		if (author === undefined) opts.previews?.(entry, text);
		const parts = fitTreeRowParts({ selected: false, gutter, fold: "", onActivePath, isLeaf, leafBelow, label, time: "", text }, opts.width);
		visit(parts, kind);
	});
	return forest.order.length;
}
