/**
 * One key press (or one paste) as the input layer hands it to the UI. A stdin chunk becomes an
 * ordered list of these; each is applied to the state the previous one left.
 */
export type KeyName =
	| "return"
	| "escape"
	| "tab"
	| "backspace"
	| "delete"
	| "insert"
	| "up"
	| "down"
	| "left"
	| "right"
	| "home"
	| "end"
	| "pageup"
	| "pagedown";

export type Modifiers = { shift: boolean; alt: boolean; ctrl: boolean };

export type KeyEvent =
	/** Typed printable text (never control characters). */
	| { kind: "text"; text: string }
	/** The text of a bracketed paste, literal: line breaks normalised to `\n`, controls removed. */
	| { kind: "paste"; text: string }
	/** A named key, or a letter/character with Ctrl or Alt (`name` is then that character, lower case for Ctrl). */
	| ({ kind: "key"; name: KeyName | (string & {}) } & Modifiers);

const NO_MODS: Modifiers = { shift: false, alt: false, ctrl: false };

export function key(name: KeyName | (string & {}), mods: Partial<Modifiers> = {}): KeyEvent {
	return { kind: "key", name, ...NO_MODS, ...mods };
}

/** Ctrl+letter (no Alt): only the input layer's raw-mode Ctrl+C → SIGINT; screens ask the keymap. */
export const isCtrl = (event: KeyEvent, letter: string): boolean => event.kind === "key" && event.ctrl && !event.alt && event.name === letter;
