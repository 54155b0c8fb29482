import { isNewline, type KeyEvent } from "../input/key-event.js";
import type { EditorAction } from "./editor-state.js";

/** What a key event means to the editor, before any effect runs. */
export type EditorIntent =
	| { type: "edit"; action: EditorAction }
	| { type: "submit" }
	| { type: "interrupt" }
	| { type: "eof" }
	| { type: "escape" }
	| { type: "menu-move"; dir: -1 | 1 }
	| { type: "complete" }
	/** Ctrl+G: edit the draft in $VISUAL / $EDITOR. */
	| { type: "external-edit" }
	/** Shift+Tab: the next thinking level (reasoning models). */
	| { type: "cycle-thinking" }
	| { type: "ignore" };

const edit = (action: EditorAction): EditorIntent => ({ type: "edit", action });
const move = (to: Extract<EditorAction, { type: "cursor-moved" }>["to"]): EditorIntent => edit({ type: "cursor-moved", to });

function ctrlIntent(letter: string): EditorIntent {
	switch (letter) {
		case "c":
			return { type: "interrupt" };
		case "d":
			return { type: "eof" };
		case "a":
			return move("home");
		case "e":
			return move("end");
		case "u":
			return edit({ type: "line-killed" });
		case "g":
			return { type: "external-edit" };
		default:
			// Ctrl+letter is a command or nothing, never a typed letter (Ctrl+U/Ctrl+O must not type u/o).
			return { type: "ignore" };
	}
}

function namedIntent(event: Extract<KeyEvent, { kind: "key" }>, menuOpen: boolean): EditorIntent {
	const word = event.ctrl || event.alt;
	switch (event.name) {
		case "return":
			return { type: "submit" };
		case "escape":
			return { type: "escape" };
		case "up":
			return menuOpen ? { type: "menu-move", dir: -1 } : edit({ type: "up-pressed" });
		case "down":
			return menuOpen ? { type: "menu-move", dir: 1 } : edit({ type: "down-pressed" });
		case "left":
			return move(word ? "word-left" : "left");
		case "right":
			return move(word ? "word-right" : "right");
		case "home":
			return move("home");
		case "end":
			return move("end");
		case "tab":
			if (event.shift) return { type: "cycle-thinking" };
			return menuOpen ? { type: "complete" } : edit({ type: "text-inserted", text: "  " });
		case "backspace":
			return edit({ type: "backspaced" });
		case "delete":
			return edit({ type: "deleted" });
		default:
			if (event.ctrl && !event.alt) return ctrlIntent(event.name);
			if (event.alt && event.name === "b") return move("word-left");
			if (event.alt && event.name === "f") return move("word-right");
			return { type: "ignore" };
	}
}

/**
 * Maps one key event to an intent. Enter sends; Shift+Enter, Alt+Enter and Ctrl+J insert a
 * newline; a bracketed paste is inserted literally (line breaks included) and never sends.
 */
export function editorIntent(event: KeyEvent, menuOpen: boolean): EditorIntent {
	if (event.kind === "text" || event.kind === "paste") return edit({ type: "text-inserted", text: event.text });
	if (isNewline(event)) return edit({ type: "text-inserted", text: "\n" });
	return namedIntent(event, menuOpen);
}
