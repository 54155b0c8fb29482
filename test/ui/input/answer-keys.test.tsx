import React from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmPrompt } from "../../../source/ui/chat/confirm-prompt.js";
import { HelpView } from "../../../source/ui/chat/help-view.js";
import { applyKeybindings } from "../../../source/ui/input/keybindings.js";
import { DEFAULT_KEYMAP, type Keymap } from "../../../source/ui/input/keymap.js";
import { KeymapProvider } from "../../../source/ui/input/use-keymap.js";
import { ConfirmTrash } from "../../../source/ui/pickers/session-dialogs.js";
import { mount } from "../tree/tree-test-session.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The one-key answers and /help's "any key" come from the keymap (they were hard-coded before).
let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

function keymapOf(overrides: Record<string, string | string[]> = {}): Keymap {
	const applied = applyKeybindings(overrides);
	if (!applied.ok) throw new Error(applied.message);
	return applied.keymap;
}

function confirm(keymap: Keymap = DEFAULT_KEYMAP) {
	const answers: string[] = [];
	const ui = mount(
		<KeymapProvider keymap={keymap}>
			<ConfirmPrompt request={{ toolName: "bash", args: {}, description: "bash: ls" }} onAnswer={(a) => answers.push(a)} onAbort={() => answers.push("abort")} />
		</KeymapProvider>,
	);
	cleanups.push(ui.unmount);
	return { ...ui, answers };
}

describe("the tool confirmation's keys", () => {
	it("defaults: y / n / a, either case; ← → Tab Shift+Tab select (↑/↓ scroll); Enter answers; Esc aborts; Ctrl+C says no; several characters in one read are typing, not an answer", async () => {
		const t = confirm();
		await t.until("Yes (y)  No (n)  Always (this session) (a)");
		await t.press("yes");
		await t.press("N");
		await t.press("\x1b[C\x1b[C\r"); // → → Enter: always
		await t.press("\x1b[D\x1b[D\r"); // ← ← from always: yes
		await t.press("\t\t\t\x1b[Z\r"); // Tab ×3 (wraps to yes), Shift+Tab (wraps back): always
		await t.press("\x03");
		await t.press("\x1b");
		await t.settle(() => t.answers.length === 6, "six answers");
		expect(t.answers).toEqual(["no", "always", "yes", "always", "no", "abort"]);
	});
	it("keybindings.json rebinds them, and the labels follow", async () => {
		const t = confirm(keymapOf({ "confirm.yes": "j", "confirm.always": [], "confirm.next": "ctrl+n" }));
		await t.until("Yes (j)  No (n)  Always (this session) ");
		await t.press("y");
		await t.press("a");
		await t.press("\x0e\r"); // Ctrl+N, Enter: no
		await t.press("J");
		await t.settle(() => t.answers.length === 2, "two answers");
		expect(t.answers).toEqual(["no", "yes"]);
	});
});

describe("the trash question and /help", () => {
	it("the trash question: picker.trashYes (y, either case) moves; another key keeps; rebound, the question shows the key", async () => {
		const got: boolean[] = [];
		const a = mount(<ConfirmTrash label="s1" onAnswer={(yes) => got.push(yes)} />);
		cleanups.push(a.unmount);
		await a.until("Move s1 to the trash ($ARBOR_HOME/trash)? (y/n)");
		await a.press("Y");
		await a.press("x");
		const b = mount(<KeymapProvider keymap={keymapOf({ "picker.trashYes": "d" })}><ConfirmTrash label="s2" onAnswer={(yes) => got.push(yes)} /></KeymapProvider>);
		cleanups.push(b.unmount);
		await b.until("(d/n)");
		await b.press("y");
		await b.press("d");
		await a.settle(() => got.length === 4, "four answers");
		expect(got).toEqual([true, false, false, true]);
	});
	it("/help closes on any key by default; help.close rebound to q: q or cancel closes it, other keys do not", async () => {
		let closed = 0;
		const a = mount(<HelpView onClose={() => closed++} rows={60} cols={120} />);
		cleanups.push(a.unmount);
		await a.until("(any key closes)");
		await a.press("\x1b[B");
		await a.settle(() => closed === 1, "closed by ↓");
		const b = mount(<KeymapProvider keymap={keymapOf({ "help.close": "q" })}><HelpView onClose={() => closed++} rows={60} cols={120} /></KeymapProvider>);
		cleanups.push(b.unmount);
		await b.until("(q closes)");
		await b.press("x\x1b[B");
		await b.press("q");
		await b.settle(() => closed === 2, "closed by q");
		await b.press("\x1b");
		await b.settle(() => closed === 3, "closed by Esc");
	});
	it("/help taller than the terminal: the lists' keys scroll it a line or a page, any other key closes it", async () => {
		let closed = 0;
		const a = mount(<HelpView onClose={() => closed++} rows={12} cols={80} />);
		cleanups.push(a.unmount);
		await a.until("any other key closes)");
		const first = a.frame();
		expect(first).toMatch(/^Keys$/m);
		const total = Number(/\(lines 1–9 of (\d+) · ↑↓ PgUp PgDn scroll · any other key closes\)/.exec(first)?.[1]);
		expect(total).toBeGreaterThan(30);
		await a.press("\x1b[B");
		await a.until("(lines 2–10 of");
		const down = a.frame();
		expect(down).not.toMatch(/^Keys$/m);
		await a.press("\x1b[6~");
		await a.until("(lines 11–19 of");
		await a.press("\x1b[F");
		await a.until(`(lines ${total - 8}–${total} of ${total}`);
		expect(a.frame()).toMatch(/\/quit +leave arbor/);
		expect(closed).toBe(0);
		await a.press("x");
		await a.settle(() => closed === 1, "closed by x");
	});
	it("`any` takes no modifier", () => {
		const r = applyKeybindings({ "help.close": "ctrl+any" });
		expect(r.ok ? "" : r.message).toBe('help.close: "ctrl+any": "any" takes no modifier');
	});
});
