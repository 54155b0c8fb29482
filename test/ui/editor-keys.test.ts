import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { keyIntent, keyIntents } from "../../source/ui/state/editor-keys.js";

const none: Key = {
	upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
	return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
	super: false, hyper: false, capsLock: false, numLock: false,
};
const k = (over: Partial<Key>): Key => ({ ...none, ...over });

describe("keyIntent", () => {
	it("Enter submits", () => expect(keyIntent("\r", k({ return: true }), false)).toEqual({ type: "submit" }));
	it("Shift+Enter / Alt+Enter insert a newline", () => {
		expect(keyIntent("\r", k({ return: true, shift: true }), false)).toEqual({ type: "edit", action: { type: "text-inserted", text: "\n" } });
		expect(keyIntent("\r", k({ return: true, meta: true }), false)).toEqual({ type: "edit", action: { type: "text-inserted", text: "\n" } });
	});
	it("Ctrl+J (LF) inserts a newline", () => expect(keyIntent("\n", none, false)).toEqual({ type: "edit", action: { type: "text-inserted", text: "\n" } }));
	it("a double Esc chunk is marked double", () => expect(keyIntent("\u001b", k({ escape: true, meta: true }), false)).toEqual({ type: "escape", double: true }));
	it("a single Esc", () => expect(keyIntent("", k({ escape: true, meta: true }), false)).toEqual({ type: "escape", double: false }));
	it("unknown Ctrl+letter is ignored", () => expect(keyIntent("o", k({ ctrl: true }), false)).toEqual({ type: "ignore" }));
	it("↑ moves the menu when it is open, else the editor", () => {
		expect(keyIntent("", k({ upArrow: true }), true)).toEqual({ type: "menu-move", dir: -1 });
		expect(keyIntent("", k({ upArrow: true }), false)).toEqual({ type: "edit", action: { type: "up-pressed" } });
	});
	it("Tab completes only with a menu", () => expect(keyIntent("\t", k({ tab: true }), true)).toEqual({ type: "complete" }));
	it("DEL is backspace", () => expect(keyIntent("", k({ delete: true }), false)).toEqual({ type: "edit", action: { type: "backspaced" } }));
	it("control characters are stripped from typed text", () => expect(keyIntent("a\u0007b", none, false)).toEqual({ type: "edit", action: { type: "text-inserted", text: "ab" } }));
	it("a run of Ctrl codes splits into one intent per key", () => {
		expect(keyIntents("\u0003\u0003", none, false)).toEqual([{ type: "interrupt" }, { type: "interrupt" }]);
		expect(keyIntents("ab", none, false)).toEqual([{ type: "edit", action: { type: "text-inserted", text: "ab" } }]);
	});
});
