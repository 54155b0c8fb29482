import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";

/**
 * A gutter as a linked list of 3-column segments, rightmost first. Rows of one chain share the same
 * link, so a deeply branched 100k-entry tree costs one small object per branch, not a long string per row.
 */
export type GutterLink = { readonly seg: string; readonly prev: GutterLink | null; readonly width: number };

function extend(prev: GutterLink | null, seg: string): GutterLink {
	return { seg, prev, width: (prev?.width ?? 0) + seg.length };
}

/** Widest gutter ever drawn (columns): deeper rows show a depth marker instead of every level. */
export const GUTTER_MAX = 18;
/** Levels (3 columns each) kept at the right end of a capped gutter. */
const KEPT_LEVELS = 4;

/**
 * A gutter `width` columns wide, drawn in at most `maxWidth` columns: as is when it fits, else
 * `…N ` (N = levels not drawn) and the rightmost levels, so a 10,000-deep row costs a few columns.
 * `rightmost(cols)` gives the gutter's last `cols` columns.
 */
export function capGutter(width: number, rightmost: (cols: number) => string, maxWidth: number): string {
	if (width <= maxWidth) return rightmost(width);
	const levels = Math.ceil(width / 3);
	for (let kept = Math.min(KEPT_LEVELS, levels); kept >= 0; kept--) {
		const marker = `…${levels - kept} `;
		if (marker.length + kept * 3 <= maxWidth) return marker + rightmost(Math.min(width, kept * 3));
	}
	return "…".slice(0, Math.max(0, maxWidth));
}

/** The gutter as text, capped at `maxWidth` columns as {@link capGutter} does (walks only what it draws). */
export function gutterText(link: GutterLink | null, maxWidth = Number.POSITIVE_INFINITY): string {
	if (!link) return "";
	return capGutter(link.width, (cols) => {
		const parts: string[] = [];
		let width = 0;
		for (let g: GutterLink | null = link; g && width < cols; g = g.prev) {
			parts.push(g.seg);
			width += g.seg.length;
		}
		const text = parts.reverse().join("");
		return text.slice(text.length - cols);
	}, maxWidth);
}

/**
 * The tree of visible entries as flat arrays in display (pre-)order: a visible entry hangs under
 * its nearest visible ancestor. Flat typed arrays instead of per-node maps and lists keep a
 * 100k-entry build cheap for the garbage collector.
 */
export type VisibleForest = {
	order: SessionEntry[];
	/** Index in `order` of each entry's visible parent; -1 for roots. */
	parent: ArrayLike<number>;
	childCount: Int32Array;
	rootCount: number;
	/** The leaf if visible, else its nearest visible ancestor (null when none). */
	leafStandIn: string | null;
};

/**
 * Walks the whole tree once (iteratively: 100k-deep chains must not overflow the stack) and keeps
 * the entries `isVisible` accepts. Every entry has one parent, so a walk down from the roots meets
 * each entry once; cycles (which the store reports) are unreachable from the roots.
 */
export function buildVisibleForest(view: SessionTreeView, isVisible: (e: SessionEntry) => boolean): VisibleForest {
	// Plain arrays (not sized by view.entries): a stale snapshot's getChildren may see newer entries.
	const order: SessionEntry[] = [];
	const parent: number[] = [];
	const stack: SessionEntry[] = [];
	const anchors: number[] = [];
	let leafStandIn: string | null = null;
	const roots = view.getRoots();
	for (const root of [...roots].reverse()) {
		anchors.push(-1);
		stack.push(root);
	}
	for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
		let anchor = must(anchors.pop(), "anchor of a stacked entry");
		if (isVisible(entry)) {
			parent.push(anchor);
			anchor = order.length;
			order.push(entry);
		}
		if (entry.id === view.leafId) leafStandIn = anchor < 0 ? null : must(order[anchor], "visible ancestor").id;
		const kids = view.getChildren(entry.id);
		for (let i = kids.length - 1; i >= 0; i--) {
			anchors.push(anchor);
			stack.push(must(kids[i], "child"));
		}
	}
	return { order, parent, ...countChildren(parent), leafStandIn };
}

/** Each row's number of children and the number of roots, from `parent` (-1 for a root). */
export function countChildren(parent: ArrayLike<number>): { childCount: Int32Array; rootCount: number } {
	const childCount = new Int32Array(parent.length);
	let rootCount = 0;
	for (let i = 0; i < parent.length; i++) {
		const p = must(parent[i], "parent row");
		if (p < 0) rootCount++;
		else childCount[p] = must(childCount[p], "child count of a parent row") + 1;
	}
	return { childCount, rootCount };
}

/** What the layout walk reports for each row, in display order. */
type LaidOutRow = { entry: SessionEntry; gutter: GutterLink | null; childCount: number; folded: boolean; /** Index in the forest's `order`. */ index: number };

/**
 * Assigns gutters (tree-view.md "Rows") in one forward pass over the pre-order: a chain keeps its
 * column; children of a node with several children get `├─ `/`└─ ` and `│  ` continues a sibling
 * that has later siblings; the chain below such a connector row moves one more step (3 columns)
 * right, as in the spec's example. Rows below a folded entry are skipped.
 */
export function layoutForest(forest: VisibleForest, folded: ReadonlySet<string> | undefined, emit: (row: LaidOutRow) => void): void {
	const n = forest.order.length;
	const cont: (GutterLink | null)[] = new Array(n);
	const branched = new Uint8Array(n);
	const cut = new Uint8Array(n); // 1: this row's children are not shown (folded or inside a fold)
	const seen = new Int32Array(n);
	let seenRoots = 0;
	for (let i = 0; i < n; i++) {
		const p = must(forest.parent[i], "parent row");
		if (p >= 0 && cut[p]) {
			cut[i] = 1;
			continue;
		}
		const siblings = p < 0 ? forest.rootCount : must(forest.childCount[p], "child count");
		const position = p < 0 ? seenRoots++ : must(seen[p], "seen children");
		if (p >= 0) seen[p] = position + 1;
		const base = p < 0 ? null : must(cont[p], "parent's gutter");
		let prefix: GutterLink | null;
		if (siblings === 1) {
			prefix = p >= 0 && branched[p] ? extend(base, "   ") : base;
			cont[i] = prefix;
		} else {
			const last = position === siblings - 1;
			prefix = extend(base, last ? "└─ " : "├─ ");
			cont[i] = extend(base, last ? "   " : "│  ");
			branched[i] = 1;
		}
		const entry = must(forest.order[i], "row entry");
		const childCount = must(forest.childCount[i], "child count");
		const isFolded = childCount > 0 && folded !== undefined && folded.has(entry.id);
		if (isFolded) cut[i] = 1;
		emit({ entry, gutter: prefix, childCount, folded: isFolded, index: i });
	}
}
