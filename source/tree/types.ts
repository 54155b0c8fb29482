import type { SessionEntry } from "../session/types.js";

/** Which entries the tree view shows (tree-view.md "Keys": Ctrl+U/O/T/L toggle these). */
export type TreeFilter = "default" | "user" | "no-tools" | "labeled" | "all";

/** All filters, in the order `--filter` documents them. */
export const TREE_FILTERS: readonly TreeFilter[] = ["default", "user", "no-tools", "labeled", "all"];

/** How a row is coloured: user and custom rows normal, assistant and tool rows dimmed. */
export type TreeRowKind = "user" | "assistant" | "tool" | "custom" | "summary" | "meta";

/** One visible line of the tree: layout (gutter) plus what the row says. */
export type TreeRow = {
	id: string;
	entry: SessionEntry;
	/**
	 * Connector prefix, e.g. `"│  ├─ "`. Materialized on read from a shared structure, because on
	 * deeply branched trees a string per row would cost O(rows × depth) memory.
	 */
	readonly gutter: string;
	/** Width of `gutter` in columns, without materializing it. */
	readonly gutterWidth: number;
	/** On the path root → current leaf. */
	onActivePath: boolean;
	/** The conversation leaf (the stored leaf, or the entry a trailing label/name entry hangs from). */
	isLeaf: boolean;
	/** The nearest visible ancestor of a leaf that the filter or search hides (`↓ active`). */
	leafBelow: boolean;
	label?: string;
	/** When the label was set (ISO timestamp of its label entry); shown with Shift+T in /tree. */
	labelTime?: string;
	kind: TreeRowKind;
	/** Preview text, newlines → spaces, capped at {@link PREVIEW_MAX} characters. */
	readonly text: string;
	/** Has visible children (before folding). */
	foldable: boolean;
	folded: boolean;
	/** More than one visible child. */
	isBranchPoint: boolean;
};

/** Longest preview kept per row; search looks at this text (the screen never shows more). */
export const PREVIEW_MAX = 240;

/** One node of `arbor tree --json`. */
export type TreeJsonNode = {
	id: string;
	parentId: string | null;
	type: string;
	role?: string;
	label?: string;
	preview: string;
	onActivePath: boolean;
	children: TreeJsonNode[];
};

/** Options shared by the row builders. */
export type TreeRowOptions = {
	filter: TreeFilter;
	search?: string;
	folded?: ReadonlySet<string>;
};
