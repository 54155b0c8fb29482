/**
 * The keys extensions add to the chat's prompt (registerShortcut), checked against the keymap in
 * force: a key needs Ctrl or Alt (a plain key types text) and must not be one the prompt or its line
 * editing already use. Pure.
 */
import type { ExtensionShortcut } from "../../extensions/host.js";
import { chordLabel, exact, parseChord, type Chord, type Keymap } from "../input/keymap.js";
import { actionAt, sameChord } from "../input/keybindings.js";
import type { KeyEvent } from "../input/key-event.js";

type UsableShortcut = { chord: Chord; shortcut: ExtensionShortcut };

/** The shortcuts that can work, and one warning for each that cannot (naming its extension). */
export function usableShortcuts(shortcuts: readonly ExtensionShortcut[], keymap: Keymap): { usable: UsableShortcut[]; warnings: string[] } {
	const usable: UsableShortcut[] = [];
	const warnings: string[] = [];
	for (const shortcut of shortcuts) {
		const chord = parseChord(shortcut.key);
		const refuse = (why: string) => warnings.push(`extension ${shortcut.path}: registerShortcut(${JSON.stringify(shortcut.key)}): ${why}; not added`);
		if (typeof chord === "string") {
			refuse(chord);
			continue;
		}
		if (!chord.ctrl && !chord.alt) {
			refuse("a key needs ctrl or alt (a plain key types text)");
			continue;
		}
		// The prompt's own keys, and its line editing's (they take keys together).
		const taken = actionAt(keymap, "prompt", chord);
		if (taken) {
			refuse(`${chordLabel(chord)} is ${taken}'s key`);
			continue;
		}
		const earlier = usable.find((u) => sameChord(u.chord, chord));
		if (earlier) {
			refuse(`${chordLabel(chord)} is already ${earlier.shortcut.path}'s`);
			continue;
		}
		usable.push({ chord, shortcut });
	}
	return { usable, warnings };
}

/** The shortcut `event` is, if any. */
export function shortcutOf(usable: readonly UsableShortcut[], event: KeyEvent): ExtensionShortcut | undefined {
	return usable.find((u) => exact(u.chord, event))?.shortcut;
}
