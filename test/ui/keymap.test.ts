import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { key } from "../../source/ui/input/key-event.js";
import { applyKeybindings, keymapConflict } from "../../source/ui/input/keybindings.js";
import { actionOf, actionTable, chordLabel, DEFAULT_KEYMAP, isCancel, isPlainCancel, keyTable, type KeyScreen, type Keymap } from "../../source/ui/input/keymap.js";
import { editorIntent } from "../../source/ui/editor/editor-keys.js";
import { fieldAction } from "../../source/ui/editor/editor-field.js";
import { treeHint, treeHintLines, treeIntentIn } from "../../source/ui/tree/use-tree-keys.js";
import { TREE_HINT } from "../../source/ui/tree/tree-selector.js";

const page = readFileSync(join(import.meta.dirname, "../../docs/keybindings.md"), "utf8");

/** The text between `<!-- keys:NAME -->` and `<!-- /keys -->` in docs/keybindings.md. */
function block(name: string): string {
	const start = `<!-- keys:${name} -->\n`;
	const at = page.indexOf(start);
	expect(at, `docs/keybindings.md has no ${start.trim()}`).toBeGreaterThanOrEqual(0);
	return page.slice(at + start.length, page.indexOf("\n<!-- /keys -->", at));
}

function applied(overrides: unknown): Keymap {
	const result = applyKeybindings(overrides);
	if (!result.ok) throw new Error(result.message);
	return result.keymap;
}

describe("the keymap drives the key tables of docs/keybindings.md", () => {
	const tables: [string, KeyScreen[]][] = [["prompt", ["prompt", "line editing"]], ["tree", ["tree"]], ["screens", ["lists", "dialogs", "compare", "fan-out", "session picker", "tool confirmation", "help"]]];
	for (const [name, screens] of tables) {
		it(`the ${name} table is the keymap's (regenerate it from keyTable when a key changes)`, () => expect(block(name)).toBe(keyTable(DEFAULT_KEYMAP, screens)));
	}
	it("the keybindings.json action list is the keymap's", () => expect(block("actions")).toBe(actionTable()));
});

describe("keybindings.json", () => {
	it("the defaults have no conflict", () => expect(keymapConflict(DEFAULT_KEYMAP)).toBeUndefined());

	it("an action's keys are replaced, one key or several; [] unbinds", () => {
		const keymap = applied({ "tree.mark": "shift+k", "tree.merge": ["shift+j", "ctrl+g"], "tree.labelTimes": [] });
		expect(treeIntentIn(keymap, { kind: "text", text: "K" })).toEqual({ type: "mark" });
		expect(treeIntentIn(keymap, { kind: "text", text: "C" })).toEqual({ type: "type", text: "C" });
		expect(treeIntentIn(keymap, key("g", { ctrl: true }))).toEqual({ type: "merge" });
		expect(treeIntentIn(keymap, { kind: "text", text: "T" })).toEqual({ type: "type", text: "T" });
		expect(treeHint(keymap)).toContain("Shift+K compare · Shift+J merge");
		expect(treeHint(keymap)).not.toContain("label times");
	});

	it("the prompt and the fields follow the line-editing keys", () => {
		const keymap = applied({ "line.wordLeft": ["ctrl+b"] });
		const wordLeft = { type: "cursor-moved", to: "word-left" };
		expect(fieldAction(key("b", { ctrl: true }), { keymap })).toEqual(wordLeft);
		expect(editorIntent(key("b", { ctrl: true }), false, keymap)).toEqual({ type: "edit", action: wordLeft });
		expect(fieldAction(key("b", { alt: true }), { keymap })).toBeUndefined();
	});

	it("a modified Esc cancels the pickers and dialogs but not /search's hits nor the comparison (isPlainCancel), as in c297249", () => {
		const modified = [key("escape", { ctrl: true }), key("escape", { alt: true }), key("escape", { shift: true })];
		expect(modified.map((e) => isCancel(e))).toEqual([true, true, true]);
		expect(modified.map((e) => isPlainCancel(e))).toEqual([false, false, false]);
		expect([isPlainCancel(key("escape")), isPlainCancel(key("c", { ctrl: true }))]).toEqual([true, true]);
		expect(isPlainCancel({ kind: "text", text: "q" }, applied({ "dialog.cancel": ["q"] }))).toBe(true);
	});

	it("cancel is one predicate: Esc or Ctrl+C, and what keybindings.json makes it", () => {
		expect([isCancel(key("escape")), isCancel(key("c", { ctrl: true })), isCancel(key("q"))]).toEqual([true, true, false]);
		const keymap = applied({ "dialog.cancel": ["q", "escape"] });
		expect([isCancel({ kind: "text", text: "q" }, keymap), isCancel(key("c", { ctrl: true }), keymap)]).toEqual([true, false]);
	});

	it("a modifier on a named key without a binding of its own is ignored; Shift+Tab stays its own key", () => {
		expect(actionOf(DEFAULT_KEYMAP, ["line.left"], key("left", { shift: true }))).toBe("line.left");
		expect(actionOf(DEFAULT_KEYMAP, ["line.left", "line.wordLeft"], key("left", { shift: true, ctrl: true }))).toBe("line.wordLeft");
		expect(fieldAction(key("backspace", { ctrl: true }))).toEqual({ type: "backspaced" });
		expect(isCancel(key("escape", { alt: true }))).toBe(true);
		expect(editorIntent(key("tab", { shift: true }), true)).toEqual({ type: "cycle-thinking" });
	});

	it("pi 1.6's ids set their arbor twins; one arbor lacks and an unknown id are warnings, the rest applies", () => {
		const applied = applyKeybindings({ $schema: "https://pi.dev/schemas/keybindings.schema.json", "app.tools.expand": "ctrl+x", "tui.editor.cursorLineStart": ["home"], "app.message.followUp": "alt+enter", "tui.editor.yank": "ctrl+y", "tree.fly": "f" });
		if (!applied.ok) throw new Error(applied.message);
		expect(applied.keymap["prompt.expand"].map(chordLabel)).toEqual(["Ctrl+X"]);
		expect(applied.keymap["line.start"].map(chordLabel)).toEqual(["Home"]);
		expect(applied.warnings).toEqual([
			'"app.message.followUp": arbor queues a follow-up with Enter while a reply runs (set "steerOnEnter": true in settings.json for pi\'s Enter = steer, Alt+Enter = follow-up); ignored',
			'"tui.editor.yank": a pi action arbor does not have; ignored',
			'"tree.fly": unknown action (the actions are listed in docs/keybindings.md and docs/pi-config.md); ignored',
		]);
		// With pi's keys on, pi's follow-up key is arbor's Alt+Enter action (which then queues).
		const pi = applyKeybindings({ "app.message.followUp": "ctrl+q" }, { steerOnEnter: true });
		expect(pi.ok && pi.keymap["prompt.steer"].map(chordLabel)).toEqual(["Ctrl+Q"]);
	});

	it("a key that is no key, a wrong type and a conflict are errors that say which", () => {
		const message = (overrides: unknown) => {
			const result = applyKeybindings(overrides);
			return result.ok ? "ok" : result.message;
		};
		expect(message({ "tree.mark": "hyper+x" })).toBe('tree.mark: "hyper+x": unknown modifier "hyper" (ctrl, alt, shift)');
		expect(message({ "tree.mark": "ctrl+pgup" })).toBe('tree.mark: "ctrl+pgup": unknown key "pgup"');
		expect(message({ "tree.mark": 3 })).toBe('"tree.mark" must be a key or an array of keys');
		expect(message(["tree.mark"])).toBe("expected a JSON object of action → key or [keys]");
		expect(message({ "tree.mark": "ctrl+u" })).toBe("Ctrl+U is bound to both tree.filterUser and tree.mark (tree)");
		expect(message({ "line.wordLeft": "ctrl+c" })).toBe("Ctrl+C is bound to both line.wordLeft and prompt.clear (line editing and prompt take keys together)");
		// Screens that never take keys at the same time may share a key (↑ in the tree and in lists).
		expect(message({ "tree.mark": "ctrl+g" })).toBe("ok");
	});

	it("the tree's hint with the default keys: fold and compare among the first, every key listed", () =>
		expect(TREE_HINT).toBe("↑↓ move · Enter select · Ctrl+← Ctrl+→ fold / unfold · Shift+C compare · Shift+M merge · Esc close · Ctrl+U user · Ctrl+O all · Ctrl+T tools · Ctrl+L labeled · Shift+L label · Shift+T label times · Shift+X forget"));
	it("the tree's hint is packed into lines that fit the width, nothing cut", () => {
		const at80 = treeHintLines(DEFAULT_KEYMAP, 80);
		expect(at80[0]).toBe("↑↓ move · Enter select · Ctrl+← Ctrl+→ fold / unfold · Shift+C compare");
		for (const line of at80) expect([...line].length).toBeLessThanOrEqual(80);
		expect(at80.join(" · ")).toBe(TREE_HINT);
		expect(treeHintLines(DEFAULT_KEYMAP, 120)).toHaveLength(2);
	});
});
