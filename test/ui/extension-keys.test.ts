import { describe, expect, it } from "vitest";
import { shortcutOf, usableShortcuts } from "../../source/ui/chat/extension-keys.js";
import { DEFAULT_KEYMAP } from "../../source/ui/input/keymap.js";
import { applyKeybindings } from "../../source/ui/input/keybindings.js";

const shortcut = (key: string, path = "/e.ts") => ({ key, description: key, path, handler: () => {} });

describe("extension shortcuts against the keymap", () => {
	it("keeps Ctrl and Alt keys the prompt does not use; refuses plain keys, unknown keys, the prompt's keys and a second taker", () => {
		const { usable, warnings } = usableShortcuts([shortcut("alt+t"), shortcut("ctrl+y"), shortcut("q"), shortcut("ctrl+nope"), shortcut("ctrl+g"), shortcut("alt+t", "/f.ts")], DEFAULT_KEYMAP);
		expect(usable.map((u) => u.shortcut.key)).toEqual(["alt+t", "ctrl+y"]);
		expect(warnings).toEqual([
			'extension /e.ts: registerShortcut("q"): a key needs ctrl or alt (a plain key types text); not added',
			'extension /e.ts: registerShortcut("ctrl+nope"): "ctrl+nope": unknown key "nope"; not added',
			`extension /e.ts: registerShortcut("ctrl+g"): Ctrl+G is prompt.externalEditor's key; not added`,
			`extension /f.ts: registerShortcut("alt+t"): Alt+T is already /e.ts's; not added`,
		]);
		expect(shortcutOf(usable, { kind: "key", name: "t", ctrl: false, alt: true, shift: false })?.key).toBe("alt+t");
		expect(shortcutOf(usable, { kind: "text", text: "t" })).toBeUndefined();
	});

	it("follows keybindings.json: a key the user moved away from the prompt is free, one moved onto it is taken", () => {
		const applied = applyKeybindings({ "prompt.externalEditor": "alt+e" });
		if (!applied.ok) throw new Error(applied.message);
		const { usable, warnings } = usableShortcuts([shortcut("ctrl+g"), shortcut("alt+e")], applied.keymap);
		expect(usable.map((u) => u.shortcut.key)).toEqual(["ctrl+g"]);
		expect(warnings).toEqual([`extension /e.ts: registerShortcut("alt+e"): Alt+E is prompt.externalEditor's key; not added`]);
	});
});
