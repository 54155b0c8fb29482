import type { TreeFilter } from "../../tree/types.js";
import type { KeyEvent } from "../input/key-event.js";
import { actionOf, DEFAULT_KEYMAP, hintLine, type HintItem, type KeyAction, type Keymap } from "../input/keymap.js";
import { displayWidth } from "../../text/text-width.js";
import { useKeymap } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";

/** What a key means in the tree selector (tree-view.md "Keys"), before any effect runs. */
export type TreeKeyIntent =
	| { type: "up" | "down" | "page-up" | "page-down" | "home" | "end" }
	| { type: "fold" | "unfold" }
	| { type: "select" | "escape" | "close" | "label-edit" | "label-times" | "erase" | "ignore" }
	/** Shift+C: mark for a comparison (or compare with the mark); Shift+M: merge into the current branch. */
	| { type: "mark" | "merge" }
	/** Shift+X: leave the selected message out of the context from here on (/forget). */
	| { type: "forget" }
	| { type: "filter"; filter: TreeFilter }
	| { type: "type"; text: string };

/** The keymap's `tree.*` actions and the intent each one is. */
const TREE_INTENTS = {
	"tree.up": { type: "up" },
	"tree.down": { type: "down" },
	"tree.pageUp": { type: "page-up" },
	"tree.pageDown": { type: "page-down" },
	"tree.first": { type: "home" },
	"tree.last": { type: "end" },
	// Alt+←/→ arrive as ESC b / ESC f in terminals that map Option to readline word moves: both are bound.
	"tree.fold": { type: "fold" },
	"tree.unfold": { type: "unfold" },
	"tree.select": { type: "select" },
	"tree.back": { type: "escape" },
	"tree.close": { type: "close" },
	"tree.filterUser": { type: "filter", filter: "user" },
	"tree.filterAll": { type: "filter", filter: "all" },
	"tree.filterNoTools": { type: "filter", filter: "no-tools" },
	"tree.filterLabeled": { type: "filter", filter: "labeled" },
	"tree.label": { type: "label-edit" },
	"tree.labelTimes": { type: "label-times" },
	"tree.mark": { type: "mark" },
	"tree.merge": { type: "merge" },
	"tree.forget": { type: "forget" },
	"tree.erase": { type: "erase" },
} as const satisfies Partial<Record<KeyAction, TreeKeyIntent>>;

const TREE_KEYS = Object.keys(TREE_INTENTS) as (keyof typeof TREE_INTENTS)[];

/** The selector's hint line, from the keymap. */
export function treeHint(keymap: Keymap = DEFAULT_KEYMAP): string {
	return treeHintItems(keymap).join(" · ");
}

/** The hint's items, the most needed first: moving, choosing, folding, comparing, closing, then filters and labels. */
function treeHintItems(keymap: Keymap): string[] {
	const items: HintItem[] = [
		[["tree.up", "tree.down"], "move"], [["tree.select"], "select"], [["tree.fold"], "", { atMost: 1 }], [["tree.unfold"], "fold / unfold"],
		[["tree.mark"], "compare"], [["tree.merge"], "merge"], [["tree.back"], "close"],
		[["tree.filterUser"], "user"], [["tree.filterAll"], "all"], [["tree.filterNoTools"], "tools"], [["tree.filterLabeled"], "labeled"],
		[["tree.label"], "label"], [["tree.labelTimes"], "label times"], [["tree.forget"], "forget"],
	];
	// One hint text per item (an empty label shares the next item's), so they can be packed into lines.
	const out: string[] = [];
	let group: HintItem[] = [];
	for (const item of items) {
		group.push(item);
		if (item[1] === "") continue;
		const text = hintLine(keymap, group);
		if (text !== "") out.push(text);
		group = [];
	}
	return out;
}

/** Hint lines at most: from 80 columns up every key fits; narrower, the last line is cut (`…`). */
const TREE_HINT_LINES = 3;

/** The hint packed into at most TREE_HINT_LINES lines of `cols` columns (the screen cuts a longer last line). */
export function treeHintLines(keymap: Keymap, cols: number): string[] {
	const lines: string[] = [];
	for (const item of treeHintItems(keymap)) {
		const last = lines.at(-1);
		if (last !== undefined && (lines.length === TREE_HINT_LINES || displayWidth(`${last} · ${item}`) <= cols)) lines[lines.length - 1] = `${last} · ${item}`;
		else lines.push(item);
	}
	return lines;
}

/**
 * Maps one key event to a selector intent through the keymap. Ctrl+letters never become search
 * text; other typed text searches.
 */
export function treeIntentIn(keymap: Keymap, event: KeyEvent): TreeKeyIntent {
	const action = actionOf(keymap, TREE_KEYS, event);
	if (action) return TREE_INTENTS[action];
	if (event.kind === "key") return { type: "ignore" };
	const text = event.text.replace(/\s+/g, " ");
	return text === "" ? { type: "ignore" } : { type: "type", text };
}

/** treeIntentIn with the default keys. */
export const treeKeyIntent = (event: KeyEvent): TreeKeyIntent => treeIntentIn(DEFAULT_KEYMAP, event);

/** Feeds selector keys to `onIntent` while active (the label editor takes the keys while it is open). */
export function useTreeKeys(opts: { active: boolean; onIntent: (intent: TreeKeyIntent) => void }): void {
	const keymap = useKeymap();
	useKeys((event) => opts.onIntent(treeIntentIn(keymap, event)), { isActive: opts.active });
}
