import { describe, expect, it } from "vitest";
import { key } from "../../../source/ui/input/key-event.js";
import { createKeyParser } from "../../../source/ui/input/parse-keys.js";
import { editorIntent } from "../../../source/ui/editor/editor-keys.js";
import { fieldAction } from "../../../source/ui/editor/editor-field.js";

const insert = (text: string) => ({ type: "edit", action: { type: "text-inserted", text } });
/** The intents of one terminal read, in order. */
const intents = (read: string, menuOpen = false) => createKeyParser().push(read).map((e) => editorIntent(e, menuOpen));

describe("editorIntent", () => {
	it("Enter submits", () => expect(editorIntent(key("return"), false)).toEqual({ type: "submit" }));
	it("Shift+Enter (both forms) and Ctrl+J insert a newline; Alt+Enter is steer (the editor inserts a newline when idle)", () => {
		expect(intents("\x1b[27;2;13~\x1b[13;2u\x1b\r\n")).toEqual([insert("\n"), insert("\n"), { type: "steer" }, insert("\n")]);
	});
	it("text then Enter in one read: insert, then submit", () => expect(intents("hi\r")).toEqual([insert("hi"), { type: "submit" }]));
	it("a paste is inserted, its line breaks included, and never submits", () => {
		expect(intents("\x1b[200~a\r\nb\r\x1b[201~")).toEqual([insert("a\nb\n")]);
	});
	it("Esc is one intent per press", () => expect(intents("\x1b\x1b")).toEqual([{ type: "escape" }, { type: "escape" }]));
	it("unknown Ctrl+letter is ignored, Ctrl+G edits externally", () => {
		expect(intents("\x0f\x07")).toEqual([{ type: "ignore" }, { type: "external-edit" }]);
	});
	it("↑↓ move the menu only while it is open", () => {
		expect(intents("\x1b[A", true)).toEqual([{ type: "menu-move", dir: -1 }]);
		expect(intents("\x1b[A")).toEqual([{ type: "edit", action: { type: "up-pressed" } }]);
	});
	it("Tab completes only with a menu", () => expect(intents("\t", true)).toEqual([{ type: "complete" }]));
	it("DEL is Backspace, ESC[3~ is Delete", () => {
		expect(intents("\x7f\x7f\x1b[3~")).toEqual([
			{ type: "edit", action: { type: "backspaced" } }, { type: "edit", action: { type: "backspaced" } }, { type: "edit", action: { type: "deleted" } },
		]);
	});
	it("control characters never reach the text", () => expect(intents("a\u0007b")).toEqual([insert("a"), { type: "external-edit" }, insert("b")]));
	it("a run of Ctrl codes is one intent per key", () => expect(intents("\u0003\u0003")).toEqual([{ type: "interrupt" }, { type: "interrupt" }]));
});

describe("fieldAction", () => {
	it("single-line fields turn pasted line breaks into spaces and ignore Enter", () => {
		expect(fieldAction({ kind: "paste", text: "a\nb" })).toEqual({ type: "text-inserted", text: "a b" });
		expect(fieldAction(key("j", { ctrl: true }))).toBeUndefined();
		expect(fieldAction(key("return"))).toBeUndefined();
	});
	it("multi-line fields keep them", () => {
		expect(fieldAction({ kind: "paste", text: "a\nb" }, { multiline: true })).toEqual({ type: "text-inserted", text: "a\nb" });
		expect(fieldAction(key("return", { shift: true }), { multiline: true })).toEqual({ type: "text-inserted", text: "\n" });
	});
	it("moves by word with Ctrl/Alt and kills the line with Ctrl+U", () => {
		expect(fieldAction(key("left", { ctrl: true }))).toEqual({ type: "cursor-moved", to: "word-left" });
		expect(fieldAction(key("u", { ctrl: true }))).toEqual({ type: "line-killed" });
	});
});
