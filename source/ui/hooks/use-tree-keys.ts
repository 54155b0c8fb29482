import { useInput, type Key } from "ink";
import type { TreeFilter } from "../../session/tree-rows.js";
import { stripControls } from "../../session/terminal-text.js";

/** What a key means in the tree selector (tree-view.md "Keys"), before any effect runs. */
export type TreeKeyIntent =
	| { type: "up" | "down" | "page-up" | "page-down" | "home" | "end" }
	| { type: "fold" | "unfold" }
	| { type: "select" | "escape" | "close" | "label-edit" | "erase" | "ignore" }
	/** Shift+C: mark for a comparison (or compare with the mark); Shift+M: merge into the current branch. */
	| { type: "mark" | "merge" }
	| { type: "filter"; filter: TreeFilter }
	| { type: "type"; text: string };

/** What a key means while the label editor is open. */
export type LabelKeyIntent = { type: "save" | "cancel" | "erase" | "ignore" } | { type: "type"; text: string };

const CTRL_FILTERS: Record<string, TreeFilter> = { u: "user", o: "all", t: "no-tools", l: "labeled" };

function arrowIntent(key: Key, input: string): TreeKeyIntent | undefined {
	const word = key.ctrl || key.meta;
	if (key.upArrow) return { type: "up" };
	if (key.downArrow) return { type: "down" };
	if (key.leftArrow) return { type: word ? "fold" : "page-up" };
	if (key.rightArrow) return { type: word ? "unfold" : "page-down" };
	// Alt+←/→ arrive as ESC b / ESC f in terminals that map Option to readline word moves.
	if (key.meta && input === "b") return { type: "fold" };
	if (key.meta && input === "f") return { type: "unfold" };
	if (key.pageUp) return { type: "page-up" };
	if (key.pageDown) return { type: "page-down" };
	if (key.home) return { type: "home" };
	if (key.end) return { type: "end" };
	return undefined;
}

/** Maps one Ink input event to a selector intent. Ctrl+letters never become search text. */
export function treeKeyIntent(input: string, key: Key): TreeKeyIntent {
	if (key.escape) return { type: "escape" };
	if (key.return) return { type: "select" };
	const arrow = arrowIntent(key, input);
	if (arrow) return arrow;
	if (key.ctrl) {
		if (input === "c") return { type: "close" };
		const filter = CTRL_FILTERS[input];
		return filter ? { type: "filter", filter } : { type: "ignore" };
	}
	if (key.backspace || key.delete) return { type: "erase" };
	if (key.meta || key.tab) return { type: "ignore" };
	if (input === "L") return { type: "label-edit" };
	if (input === "C") return { type: "mark" };
	if (input === "M") return { type: "merge" };
	const text = stripControls(input, { singleLine: true });
	return text === "" ? { type: "ignore" } : { type: "type", text };
}

/** Maps one Ink input event to a label-editor intent. */
export function labelKeyIntent(input: string, key: Key): LabelKeyIntent {
	if (key.escape) return { type: "cancel" };
	if (key.return) return { type: "save" };
	if (key.backspace || key.delete) return { type: "erase" };
	if (key.ctrl || key.meta) return { type: "ignore" };
	const text = stripControls(input, { singleLine: true });
	return text === "" ? { type: "ignore" } : { type: "type", text };
}

/** Feeds selector keys to `onIntent` (or label keys to `onLabelIntent` while editing) when active. */
export function useTreeKeys(opts: {
	active: boolean;
	labelEditing: boolean;
	onIntent: (intent: TreeKeyIntent) => void;
	onLabelIntent: (intent: LabelKeyIntent) => void;
}): void {
	useInput(
		(input, key) => {
			if (opts.labelEditing) opts.onLabelIntent(labelKeyIntent(input, key));
			else opts.onIntent(treeKeyIntent(input, key));
		},
		{ isActive: opts.active },
	);
}
