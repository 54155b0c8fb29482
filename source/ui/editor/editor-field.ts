import { isNewline, type KeyEvent } from "../input/key-event.js";
import type { EditorAction } from "./editor-state.js";

/**
 * The editing keys every text field shares (label editor, search fields, summary instructions):
 * typing and pasting, Backspace/Delete, ←/→ (Ctrl/Alt: by word), Home/End, Ctrl+A/E/U. All of them
 * act on whole grapheme clusters through the editor reducer. A single-line field turns pasted line
 * breaks into spaces. Returns undefined for keys that are not edits (Enter, Esc, ↑↓…).
 */
export function fieldAction(event: KeyEvent, opts: { multiline?: boolean } = {}): EditorAction | undefined {
	if (event.kind !== "key") {
		const text = opts.multiline ? event.text : event.text.replace(/\s*\n\s*/g, " ");
		return text === "" ? undefined : { type: "text-inserted", text };
	}
	if (isNewline(event)) return opts.multiline ? { type: "text-inserted", text: "\n" } : undefined;
	const word = event.ctrl || event.alt;
	switch (event.name) {
		case "backspace":
			return { type: "backspaced" };
		case "delete":
			return { type: "deleted" };
		case "left":
			return { type: "cursor-moved", to: word ? "word-left" : "left" };
		case "right":
			return { type: "cursor-moved", to: word ? "word-right" : "right" };
		case "home":
			return { type: "cursor-moved", to: "home" };
		case "end":
			return { type: "cursor-moved", to: "end" };
		default:
			if (!event.ctrl || event.alt) return undefined;
			if (event.name === "a") return { type: "cursor-moved", to: "home" };
			if (event.name === "e") return { type: "cursor-moved", to: "end" };
			if (event.name === "u") return { type: "line-killed" };
			return undefined;
	}
}
