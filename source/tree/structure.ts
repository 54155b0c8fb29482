import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import { conversationLeaf, matchesSearch, passesFilter, searchWords } from "./filter.js";
import { buildVisibleForest, countChildren, type VisibleForest } from "./layout.js";
import { previewLower } from "./preview.js";
import { TREE_FILTERS, type TreeFilter } from "./types.js";

/**
 * What every filter of one snapshot shares: all entries in display (pre-)order with their parents,
 * one bit per filter, the active path and the conversation leaf. Built once per snapshot (one walk
 * of the tree); a filter toggle is then one pass over typed arrays instead of another walk.
 */
export type TreeStructure = {
	order: readonly SessionEntry[];
	/** Index in `order` of each entry's parent; -1 for roots. */
	parent: Int32Array;
	/** Bit `1 << TREE_FILTERS.indexOf(f)` set when filter `f` shows the entry (see {@link filterBit}). */
	masks: Uint8Array;
	/** Filters whose bits are filled in: each is computed on its first use, not when the tree opens. */
	computed: number;
	leafId: string | null;
	/** 1 on the path root → stored leaf. */
	active: Uint8Array;
	/** Index of the conversation leaf (the row marked `← active`); -1 when there is none. */
	leaf: number;
	/** Index in `order` by entry id: built on first use ({@link positionOf}); `arbor tree` never needs it. */
	position: Map<string, number> | undefined;
	/** When each entry's current label was set (the label entry's timestamp). */
	labelTimes: ReadonlyMap<string, string>;
};

const cache = new WeakMap<SessionTreeView, TreeStructure>();

/** The structure of `view`, built on first use and kept as long as the snapshot lives. */
export function treeStructure(view: SessionTreeView): TreeStructure {
	let s = cache.get(view);
	if (!s) {
		s = buildStructure(view);
		cache.set(view, s);
	}
	return s;
}

function buildStructure(view: SessionTreeView): TreeStructure {
	const leafId = conversationLeaf(view);
	const all = buildVisibleForest(view, () => true);
	const n = all.order.length;
	const stored = view.leafId === null ? undefined : view.getEntry(view.leafId);
	const conversation = leafId === null ? undefined : view.getEntry(leafId);
	let storedAt = -1;
	let leaf = -1;
	for (let i = 0; i < n && (storedAt < 0 || leaf < 0); i++) {
		const e = all.order[i];
		if (e === stored) storedAt = i;
		if (e === conversation) leaf = i;
	}
	// The path root → stored leaf, up the parent rows (each entry is in `order` once, under its parent).
	const active = new Uint8Array(n);
	for (let at = storedAt; at >= 0 && !active[at]; at = must(all.parent[at], "parent row")) active[at] = 1;
	return {
		order: all.order,
		parent: Int32Array.from(all.parent),
		masks: new Uint8Array(n),
		computed: 0,
		leafId,
		active,
		leaf,
		position: undefined,
		labelTimes: labelTimes(view),
	};
}

/** The index in `s.order` of the entry with id `id` (undefined when it is not in the tree). */
export function positionOf(s: TreeStructure, id: string): number | undefined {
	if (!s.position) {
		const position = new Map<string, number>();
		s.order.forEach((entry, i) => position.set(entry.id, i));
		s.position = position;
	}
	return s.position.get(id);
}

/** Replays the label entries as the store does for the labels themselves: the newest (timestamp, then id) wins. */
function labelTimes(view: SessionTreeView): Map<string, string> {
	const times = new Map<string, string>();
	const stamps = new Map<string, string>();
	for (const e of view.entries) {
		if (e.type !== "label" || typeof e.targetId !== "string") continue;
		const stamp = `${e.timestamp}\u0000${e.id}`;
		if ((stamps.get(e.targetId) ?? "") > stamp) continue;
		stamps.set(e.targetId, stamp);
		if (typeof e.label === "string" && e.label !== "") times.set(e.targetId, e.timestamp);
		else times.delete(e.targetId);
	}
	return times;
}

/** The bit of `filter` in `s.masks`, filling it in for every entry on first use (one pass). */
function filterBit(s: TreeStructure, view: SessionTreeView, filter: TreeFilter): number {
	const bit = 1 << TREE_FILTERS.indexOf(filter);
	if ((s.computed & bit) !== 0) return bit;
	s.order.forEach((entry, i) => {
		if (passesFilter(view, entry, filter, s.leafId)) s.masks[i] = must(s.masks[i], "filter mask") | bit;
	});
	s.computed |= bit;
	return bit;
}

/** A filtered forest plus, per visible row, its index in the structure's `order`. */
export type FilteredForest = VisibleForest & {
	full: Int32Array;
	/** Index in `order` of the row standing for the conversation leaf (itself or its nearest visible ancestor); -1 when none. */
	leafRow: number;
};

/**
 * The visible forest for `filter` and `search`: an entry hidden by either is skipped and its
 * visible descendants hang under its nearest visible ancestor. Linear over typed arrays; previews
 * are read only when a search needs them.
 */
export function filterStructure(view: SessionTreeView, opts: { filter: TreeFilter; search?: string }): FilteredForest {
	const s = treeStructure(view);
	const words = searchWords(opts.search);
	const bit = filterBit(s, view, opts.filter);
	const n = s.order.length;
	// nearest[i]: visible-order index of i or of its nearest visible ancestor; -1 when none.
	const nearest = new Int32Array(n);
	// Sized for every entry and cut to the visible count: typed arrays keep the garbage collector out.
	const parent = new Int32Array(n);
	const full = new Int32Array(n);
	const order: SessionEntry[] = [];
	for (let i = 0; i < n; i++) {
		const p = must(s.parent[i], "parent row");
		const above = p < 0 ? -1 : must(nearest[p], "nearest visible ancestor");
		const entry = must(s.order[i], "entry");
		const visible = (must(s.masks[i], "filter mask") & bit) !== 0 && (words.length === 0 || matchesSearch(words, previewLower(view, entry), view.getLabel(entry.id)));
		if (!visible) {
			nearest[i] = above;
			continue;
		}
		const row = order.length;
		nearest[i] = row;
		parent[row] = above;
		full[row] = i;
		order.push(entry);
	}
	const count = order.length;
	const rowParent = parent.subarray(0, count);
	const standIn = s.leaf < 0 ? -1 : must(nearest[s.leaf], "leaf's visible stand-in");
	return {
		order,
		parent: rowParent,
		...countChildren(rowParent),
		leafStandIn: standIn < 0 ? null : must(order[standIn], "leaf's stand-in row").id,
		full: full.subarray(0, count),
		leafRow: standIn < 0 ? -1 : must(full[standIn], "leaf's stand-in row"),
	};
}
