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

export const NO_MODS: Modifiers = { shift: false, alt: false, ctrl: false };

export function key(name: KeyName | (string & {}), mods: Partial<Modifiers> = {}): KeyEvent {
	return { kind: "key", name, ...NO_MODS, ...mods };
}

/** True for a plain named key without modifiers. */
export function isKey(event: KeyEvent, name: KeyName | (string & {}), mods: Partial<Modifiers> = {}): boolean {
	if (event.kind !== "key" || event.name !== name) return false;
	return event.shift === (mods.shift ?? false) && event.alt === (mods.alt ?? false) && event.ctrl === (mods.ctrl ?? false);
}

/** Ctrl+letter (no Alt). */
export const isCtrl = (event: KeyEvent, letter: string): boolean => event.kind === "key" && event.ctrl && !event.alt && event.name === letter;

/** "Cancel" — Esc (with any modifier) or Ctrl+C: closes a picker, goes back a screen, stops a running summary. */
export const isCancel = (event: KeyEvent): boolean => (event.kind === "key" && event.name === "escape") || isCtrl(event, "c");

/** Enter that means "new line": Shift+Enter, Alt+Enter (any form) or Ctrl+J. */
export function isNewline(event: KeyEvent): boolean {
	if (event.kind !== "key") return false;
	if (event.name === "return") return event.shift || event.alt || event.ctrl;
	return event.name === "j" && event.ctrl && !event.alt;
}

/** Plain Enter: send / choose. */
export const isEnter = (event: KeyEvent): boolean => isKey(event, "return");

/** Text a key adds to a field: typed text or a paste; undefined for other keys. */
export function insertedText(event: KeyEvent): string | undefined {
	return event.kind === "text" || event.kind === "paste" ? event.text : undefined;
}
