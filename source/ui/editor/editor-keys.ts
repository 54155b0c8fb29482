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
	/** Ctrl+P: the next model (pi's). */
	| { type: "cycle-model" }
	/** Ctrl+V: the clipboard's picture, attached as `@path`. */
	| { type: "paste-image" }
	/** Alt+Enter: steer while a reply runs, else a new line. */
	| { type: "steer" }
	| { type: "ignore" };

/**
 * The prompt's own actions (`prompt.*` in the keymap) and their intents. Tab, ↑ and ↓ work the
 * slash menu while it is open; otherwise Tab inserts two spaces and ↑/↓ move in the text or history.
 */
const PROMPT_INTENTS = {
	"prompt.send": () => ({ type: "submit" }),
	"prompt.steer": () => ({ type: "steer" }),
	"prompt.stop": () => ({ type: "escape" }),
	"prompt.clear": () => ({ type: "interrupt" }),
	"prompt.quit": () => ({ type: "eof" }),
	"prompt.externalEditor": () => ({ type: "external-edit" }),
	"prompt.cycleThinking": () => ({ type: "cycle-thinking" }),
	"prompt.cycleModel": () => ({ type: "cycle-model" }),
	"prompt.pasteImage": () => ({ type: "paste-image" }),
	"prompt.complete": (menuOpen) => (menuOpen ? { type: "complete" } : { type: "edit", action: { type: "text-inserted", text: "  " } }),
	"prompt.previous": (menuOpen) => (menuOpen ? { type: "menu-move", dir: -1 } : { type: "edit", action: { type: "up-pressed" } }),
	"prompt.next": (menuOpen) => (menuOpen ? { type: "menu-move", dir: 1 } : { type: "edit", action: { type: "down-pressed" } }),
} satisfies Record<`prompt.${string}`, (menuOpen: boolean) => EditorIntent>;

const PROMPT_KEYS = Object.keys(PROMPT_INTENTS) as (keyof typeof PROMPT_INTENTS)[];

/**
 * Maps one key event to an intent: the prompt's own keys (`prompt.*` in the keymap), then the
 * line-editing map every field shares. Enter sends; Alt+Enter steers (a newline when idle, the
 * editor decides); Shift+Enter, Ctrl+Enter and Ctrl+J insert a newline; a bracketed paste is inserted literally (line breaks included) and never sends. Any
 * other Ctrl+letter is a command or nothing, never a typed letter (Ctrl+U/Ctrl+O must not type u/o).
 */
export function editorIntent(event: KeyEvent, menuOpen: boolean, keymap: Keymap = DEFAULT_KEYMAP): EditorIntent {
	const prompt = event.kind === "key" ? actionOf(keymap, PROMPT_KEYS, event) : undefined;
	if (prompt) return PROMPT_INTENTS[prompt](menuOpen);
	const action = fieldAction(event, { multiline: true, keymap });
	return action ? { type: "edit", action } : { type: "ignore" };
}
