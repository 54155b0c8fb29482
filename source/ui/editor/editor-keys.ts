import type { KeyEvent } from "../input/key-event.js";
import { actionOf, DEFAULT_KEYMAP, type Keymap } from "../input/keymap.js";
import { fieldAction } from "./editor-field.js";
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
	/** Alt+Enter: steer while a reply runs, else a new line. */
	| { type: "steer" }
	| { type: "ignore" };

const PROMPT_KEYS = ["prompt.send", "prompt.steer", "prompt.stop", "prompt.clear", "prompt.quit", "prompt.externalEditor", "prompt.cycleThinking", "prompt.complete", "prompt.previous", "prompt.next"] as const;

function promptIntent(action: (typeof PROMPT_KEYS)[number], menuOpen: boolean): EditorIntent {
	switch (action) {
		case "prompt.send":
			return { type: "submit" };
		case "prompt.steer":
			return { type: "steer" };
		case "prompt.stop":
			return { type: "escape" };
		case "prompt.clear":
			return { type: "interrupt" };
		case "prompt.quit":
			return { type: "eof" };
		case "prompt.externalEditor":
			return { type: "external-edit" };
		case "prompt.cycleThinking":
			return { type: "cycle-thinking" };
		case "prompt.complete":
			return menuOpen ? { type: "complete" } : { type: "edit", action: { type: "text-inserted", text: "  " } };
		case "prompt.previous":
			return menuOpen ? { type: "menu-move", dir: -1 } : { type: "edit", action: { type: "up-pressed" } };
		case "prompt.next":
			return menuOpen ? { type: "menu-move", dir: 1 } : { type: "edit", action: { type: "down-pressed" } };
		default: {
			const unreachable: never = action;
			return unreachable;
		}
	}
}

/**
 * Maps one key event to an intent: the prompt's own keys (`prompt.*` in the keymap), then the
 * line-editing map every field shares. Enter sends; Alt+Enter steers (a newline when idle, the
 * editor decides); Shift+Enter, Ctrl+Enter and Ctrl+J insert a newline; a bracketed paste is inserted literally (line breaks included) and never sends. Any
 * other Ctrl+letter is a command or nothing, never a typed letter (Ctrl+U/Ctrl+O must not type u/o).
 */
export function editorIntent(event: KeyEvent, menuOpen: boolean, keymap: Keymap = DEFAULT_KEYMAP): EditorIntent {
	const prompt = event.kind === "key" ? actionOf(keymap, PROMPT_KEYS, event) : undefined;
	if (prompt) return promptIntent(prompt, menuOpen);
	const action = fieldAction(event, { multiline: true, keymap });
	return action ? { type: "edit", action } : { type: "ignore" };
}
