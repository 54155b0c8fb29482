import type { Key } from "ink";
import type { EditorAction } from "./editor-state.js";
import { stripControls } from "../../session/terminal-text.js";

/** What a key press means to the editor, before any effect runs. */
export type EditorIntent =
	| { type: "edit"; action: EditorAction }
	| { type: "submit" }
	| { type: "interrupt" }
	| { type: "eof" }
	/** `double`: two Esc arrived in one chunk (fast double press). */
	| { type: "escape"; double: boolean }
	| { type: "menu-move"; dir: -1 | 1 }
	| { type: "complete" }
	| { type: "ignore" };


function ctrlIntent(input: string): EditorIntent {
	switch (input) {
		case "c":
			return { type: "interrupt" };
		case "d":
			return { type: "eof" };
		case "a":
			return { type: "edit", action: { type: "cursor-moved", to: "home" } };
		case "e":
			return { type: "edit", action: { type: "cursor-moved", to: "end" } };
		case "u":
			return { type: "edit", action: { type: "line-killed" } };
		case "j":
			return { type: "edit", action: { type: "text-inserted", text: "\n" } };
		default:
			// Ctrl+letter is a command or nothing, never a typed letter (Ctrl+U/Ctrl+O must not type u/o).
			return { type: "ignore" };
	}
}

function arrowIntent(key: Key, menuOpen: boolean): EditorIntent | undefined {
	const word = key.ctrl || key.meta;
	if (key.upArrow) return menuOpen ? { type: "menu-move", dir: -1 } : { type: "edit", action: { type: "up-pressed" } };
	if (key.downArrow) return menuOpen ? { type: "menu-move", dir: 1 } : { type: "edit", action: { type: "down-pressed" } };
	if (key.leftArrow) return { type: "edit", action: { type: "cursor-moved", to: word ? "word-left" : "left" } };
	if (key.rightArrow) return { type: "edit", action: { type: "cursor-moved", to: word ? "word-right" : "right" } };
	if (key.home) return { type: "edit", action: { type: "cursor-moved", to: "home" } };
	if (key.end) return { type: "edit", action: { type: "cursor-moved", to: "end" } };
	return undefined;
}

/**
 * Maps one Ink input event to an intent. Enter is `\r`; Ctrl+J arrives as `\n`; Shift/Alt+Enter
 * (where the terminal reports them) insert a newline; a chunk with line breaks and other text is a
 * paste and is inserted, never submitted.
 */
export function keyIntent(input: string, key: Key, menuOpen: boolean): EditorIntent {
	if (key.escape) return { type: "escape", double: input === "\u001b" };
	if (key.return) {
		return key.shift || key.meta ? { type: "edit", action: { type: "text-inserted", text: "\n" } } : { type: "submit" };
	}
	if (input === "\n") return { type: "edit", action: { type: "text-inserted", text: "\n" } };
	if (key.ctrl && input.length === 1) return ctrlIntent(input);
	const arrow = arrowIntent(key, menuOpen);
	if (arrow) return arrow;
	if (key.tab) return menuOpen ? { type: "complete" } : { type: "edit", action: { type: "text-inserted", text: "  " } };
	// Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`.
	if (key.backspace || key.delete) return { type: "edit", action: { type: "backspaced" } };
	if (key.meta) {
		if (input === "b") return { type: "edit", action: { type: "cursor-moved", to: "word-left" } };
		if (input === "f") return { type: "edit", action: { type: "cursor-moved", to: "word-right" } };
		return { type: "ignore" };
	}
	// Escape sequences and control characters other than newline/tab are never inserted as text.
	const text = stripControls(input);
	return text === "" ? { type: "ignore" } : { type: "edit", action: { type: "text-inserted", text } };
}

/** Ctrl+letter codes other than Tab, Enter and Ctrl+J. */
const CTRL_RUN = /^[\u0001-\u0008\u000b\u000c\u000e-\u001a]{2,}$/;

/**
 * Like keyIntent, but a chunk made only of Ctrl+letter codes (keys pressed faster than Ink reads
 * stdin, e.g. Ctrl+C Ctrl+C) becomes one intent per key instead of being dropped.
 */
export function keyIntents(input: string, key: Key, menuOpen: boolean): EditorIntent[] {
	if (!CTRL_RUN.test(input)) return [keyIntent(input, key, menuOpen)];
	return [...input].map((ch) => ctrlIntent(String.fromCharCode(ch.charCodeAt(0) + 96)));
}
