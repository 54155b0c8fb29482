import type { KeyEvent } from "../input/key-event.js";
import { actionOf, DEFAULT_KEYMAP, type Keymap } from "../input/keymap.js";
import type { EditorAction } from "./editor-state.js";

/** The line-editing actions of the keymap, and the editor action each one is. */
const CURSOR = { "line.left": "left", "line.right": "right", "line.wordLeft": "word-left", "line.wordRight": "word-right", "line.start": "home", "line.end": "end" } as const;
const LINE_ACTIONS: Record<keyof typeof CURSOR | "line.deleteBackward" | "line.deleteForward" | "line.deleteLine" | "line.newLine", EditorAction> = {
	...(Object.fromEntries(Object.entries(CURSOR).map(([action, to]) => [action, { type: "cursor-moved", to }])) as Record<keyof typeof CURSOR, EditorAction>),
	"line.deleteBackward": { type: "backspaced" }, "line.deleteForward": { type: "deleted" }, "line.deleteLine": { type: "line-killed" },
	"line.newLine": { type: "text-inserted", text: "\n" },
};

const LINE_KEYS = Object.keys(LINE_ACTIONS) as (keyof typeof LINE_ACTIONS)[];

/**
 * The one line-editing map every text field shares — the prompt, the label editor, the pickers'
 * search and rename fields, custom summary instructions: typing and pasting, and the keymap's
 * `line.*` actions (←/→, by word with Ctrl, Alt or Alt+B/F, Home/End, Ctrl+A/E/U, Backspace/Delete,
 * new line). All of them act on whole grapheme clusters through the editor reducer. A single-line
 * field turns pasted line breaks into spaces and has no new line. Returns undefined for keys that
 * are not edits (Enter, Esc, ↑↓…).
 */
export function fieldAction(event: KeyEvent, opts: { multiline?: boolean; keymap?: Keymap } = {}): EditorAction | undefined {
	if (event.kind !== "key") {
		const text = opts.multiline ? event.text : event.text.replace(/\s*\n\s*/g, " ");
		return text === "" ? undefined : { type: "text-inserted", text };
	}
	const action = actionOf(opts.keymap ?? DEFAULT_KEYMAP, LINE_KEYS, event);
	if (action === undefined || (action === "line.newLine" && !opts.multiline)) return undefined;
	return LINE_ACTIONS[action];
}
