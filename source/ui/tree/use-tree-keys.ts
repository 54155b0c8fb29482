import type { TreeFilter } from "../../tree/rows.js";
import type { KeyEvent } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";

/** What a key means in the tree selector (tree-view.md "Keys"), before any effect runs. */
export type TreeKeyIntent =
	| { type: "up" | "down" | "page-up" | "page-down" | "home" | "end" }
	| { type: "fold" | "unfold" }
	| { type: "select" | "escape" | "close" | "label-edit" | "label-times" | "erase" | "ignore" }
	/** Shift+C: mark for a comparison (or compare with the mark); Shift+M: merge into the current branch. */
	| { type: "mark" | "merge" }
	| { type: "filter"; filter: TreeFilter }
	| { type: "type"; text: string };

const CTRL_FILTERS: Record<string, TreeFilter> = { u: "user", o: "all", t: "no-tools", l: "labeled" };

const MOVES: Record<string, TreeKeyIntent["type"]> = {
	up: "up", down: "down", left: "page-up", right: "page-down", pageup: "page-up", pagedown: "page-down", home: "home", end: "end",
};

function namedIntent(event: Extract<KeyEvent, { kind: "key" }>): TreeKeyIntent {
	const word = event.ctrl || event.alt;
	// Ctrl/Alt+←/→ fold; Alt+←/→ arrive as ESC b / ESC f in terminals that map Option to readline word moves.
	if (word && (event.name === "left" || (event.alt && event.name === "b"))) return { type: "fold" };
	if (word && (event.name === "right" || (event.alt && event.name === "f"))) return { type: "unfold" };
	const move = MOVES[event.name];
	if (move) return { type: move } as TreeKeyIntent;
	if (event.name === "return") return event.shift || event.alt ? { type: "ignore" } : { type: "select" };
	if (event.name === "escape") return { type: "escape" };
	if (event.name === "backspace" || event.name === "delete") return { type: "erase" };
	if (event.ctrl && !event.alt) {
		if (event.name === "c") return { type: "close" };
		const filter = CTRL_FILTERS[event.name];
		return filter ? { type: "filter", filter } : { type: "ignore" };
	}
	return { type: "ignore" };
}

/** Maps one key event to a selector intent. Ctrl+letters never become search text. */
export function treeKeyIntent(event: KeyEvent): TreeKeyIntent {
	if (event.kind === "key") return namedIntent(event);
	if (event.kind === "text" && event.text === "L") return { type: "label-edit" };
	if (event.kind === "text" && event.text === "T") return { type: "label-times" };
	if (event.kind === "text" && event.text === "C") return { type: "mark" };
	if (event.kind === "text" && event.text === "M") return { type: "merge" };
	const text = event.text.replace(/\s+/g, " ");
	return text === "" ? { type: "ignore" } : { type: "type", text };
}

/** Feeds selector keys to `onIntent` while active (the label editor takes the keys while it is open). */
export function useTreeKeys(opts: { active: boolean; onIntent: (intent: TreeKeyIntent) => void }): void {
	useKeys((event) => opts.onIntent(treeKeyIntent(event)), { isActive: opts.active });
}
