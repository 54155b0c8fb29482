import { join } from "node:path";
import { readConfigText } from "../../config/config-file.js";
import { usageError } from "../../config/errors.js";
import { piAction } from "./pi-keybindings.js";
import { chordLabel, DEFAULT_KEYMAP, KEY_ACTIONS, LIVE_TOGETHER, parseChord, type Chord, type KeyAction, type Keymap, type KeyScreen } from "./keymap.js";

export const sameChord = (a: Chord, b: Chord) => a.name === b.name && a.ctrl === b.ctrl && a.alt === b.alt && a.shift === b.shift;

const together = (a: KeyScreen, b: KeyScreen) => a === b || LIVE_TOGETHER.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** The action `chord` is bound to where `screen` takes keys (that screen, or one that takes keys with it), if any. */
export function actionAt(keymap: Keymap, screen: KeyScreen, chord: Chord): KeyAction | undefined {
	return (Object.keys(KEY_ACTIONS) as KeyAction[]).find((a) => together(KEY_ACTIONS[a].screen, screen) && keymap[a].some((c) => sameChord(c, chord)));
}

/** The first key bound to two actions that take keys at the same time, as a sentence. */
export function keymapConflict(keymap: Keymap): string | undefined {
	const actions = Object.keys(KEY_ACTIONS) as KeyAction[];
	for (const [i, a] of actions.entries()) {
		for (const b of actions.slice(i + 1)) {
			const [sa, sb] = [KEY_ACTIONS[a].screen, KEY_ACTIONS[b].screen];
			if (!together(sa, sb)) continue;
			const shared = keymap[a].find((chord) => keymap[b].some((other) => sameChord(chord, other)));
			const where = sa === sb ? `(${sa})` : `(${sa} and ${sb} take keys together)`;
			if (shared) return `${chordLabel(shared)} is bound to both ${a} and ${b} ${where}`;
		}
	}
	return undefined;
}

/** How keybindings.json is read: pi's follow-up id follows the `steerOnEnter` setting. */
type KeybindingOptions = { steerOnEnter?: boolean };

/**
 * The keymap with `overrides` (keybindings.json's object: action → key or keys) applied: each named
 * action gets exactly the keys given (`[]` unbinds it); pi's ids set their arbor twins
 * (pi-keybindings.ts). An unknown id is a warning and left out; keys that name no key and
 * conflicts are errors: the message, or the keymap and the warnings.
 */
export function applyKeybindings(overrides: unknown, opts: KeybindingOptions = {}): { ok: true; keymap: Keymap; warnings: string[] } | { ok: false; message: string } {
	if (!overrides || typeof overrides !== "object" || Array.isArray(overrides)) return { ok: false, message: "expected a JSON object of action → key or [keys]" };
	const keymap: Record<string, readonly Chord[]> = { ...DEFAULT_KEYMAP };
	const warnings: string[] = [];
	for (const [id, value] of Object.entries(overrides)) {
		if (id === "$schema") continue;
		const pi = id in KEY_ACTIONS ? { action: id } : piAction(id, opts.steerOnEnter === true);
		if (!pi || "why" in pi) {
			warnings.push(`"${id}": ${pi?.why ?? "unknown action (the actions are listed in docs/keybindings.md and docs/pi-config.md)"}; ignored`);
			continue;
		}
		const action = pi.action;
		const specs: unknown[] = Array.isArray(value) ? value : [value];
		if (!specs.every((s): s is string => typeof s === "string")) return { ok: false, message: `"${action}" must be a key or an array of keys` };
		const chords: Chord[] = [];
		for (const spec of specs) {
			const chord = parseChord(spec);
			if (typeof chord === "string") return { ok: false, message: `${action}: ${chord}` };
			chords.push(chord);
		}
		keymap[action] = chords;
	}
	const conflict = keymapConflict(keymap as Keymap);
	return conflict ? { ok: false, message: conflict } : { ok: true, keymap: keymap as Keymap, warnings };
}

/**
 * `$ARBOR_HOME/keybindings.json` over the defaults; no file is the defaults, a broken one a
 * configuration error (exit 2); each warning (an unknown id) goes to `warn` (default: stderr).
 */
export function loadKeymap(home: string, opts: KeybindingOptions & { warn?: (line: string) => void } = {}): Keymap {
	const file = join(home, "keybindings.json");
	const text = readConfigText(file);
	if (text === undefined) return DEFAULT_KEYMAP;
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch (error) {
		throw usageError(`${file}: invalid JSON (${(error as Error).message})`);
	}
	const applied = applyKeybindings(raw, opts);
	if (!applied.ok) throw usageError(`${file}: ${applied.message}`);
	const warn = opts.warn ?? ((line: string) => process.stderr.write(`arbor: warning: ${line}\n`));
	for (const warning of applied.warnings) warn(`${file}: ${warning}`);
	return applied.keymap;
}
