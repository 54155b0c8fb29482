import { describe, expect, it } from "vitest";
import { editorReducer, emptyEditor, type EditorAction, type EditorState } from "../../../source/ui/editor/editor-state.js";

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const typed = (text: string, history: string[] = []) => run(emptyEditor(history), { type: "text-inserted", text });

describe("editorReducer", () => {
	it("text-inserted inserts at the cursor", () => expect(run(typed("ac"), { type: "cursor-moved", to: "left" }, { type: "text-inserted", text: "b" })).toMatchObject({ text: "abc", cursor: 2 }));
	it("text-inserted turns CR/CRLF into newlines", () => expect(typed("a\r\nb\rc").text).toBe("a\nb\nc"));
	it("backspaced removes before the cursor", () => expect(run(typed("ab"), { type: "backspaced" })).toMatchObject({ text: "a", cursor: 1 }));
	it("backspaced at 0 does nothing", () => expect(run(emptyEditor(), { type: "backspaced" })).toEqual(emptyEditor()));
	it("deleted removes at the cursor", () => expect(run(typed("ab"), { type: "cursor-moved", to: "home" }, { type: "deleted" })).toMatchObject({ text: "b", cursor: 0 }));
	it("cursor moves by words", () => {
		const s = run(typed("one two three"), { type: "cursor-moved", to: "word-left" });
		expect([s.cursor, run(s, { type: "cursor-moved", to: "word-left" }, { type: "cursor-moved", to: "word-right" }).cursor]).toEqual([8, 7]);
	});
	it("home/end stay within the line", () => {
		const s = run(typed("ab\ncd"), { type: "cursor-moved", to: "home" });
		expect([s.cursor, run(s, { type: "cursor-moved", to: "end" }).cursor]).toEqual([3, 5]);
	});
	it("up on empty recalls the newest prompt, again goes older, down comes back", () => {
		const s1 = run(emptyEditor(["first", "second"]), { type: "up-pressed" });
		const s2 = run(s1, { type: "up-pressed" });
		const s3 = run(s2, { type: "down-pressed" }, { type: "down-pressed" });
		expect([s1.text, s2.text, s3.text, s3.historyIndex]).toEqual(["second", "first", "", null]);
	});
	it("up with typed text keeps the text", () => expect(run(typed("draft", ["old"]), { type: "up-pressed" }).text).toBe("draft"));
	it("up/down move between lines of multi-line text", () => {
		const s = run(typed("abc\nde"), { type: "up-pressed" });
		expect([s.cursor, run(s, { type: "down-pressed" }).cursor]).toEqual([2, 6]);
	});
	it("backspace and delete remove a whole grapheme: never half an emoji", () => {
		expect(run(typed("a😀"), { type: "backspaced" })).toMatchObject({ text: "a", cursor: 1 });
		expect(run(typed("a👍🏽b"), { type: "cursor-moved", to: "left" }, { type: "backspaced" })).toMatchObject({ text: "ab", cursor: 1 });
		expect(run(typed("🇩🇪x"), { type: "cursor-moved", to: "home" }, { type: "deleted" })).toMatchObject({ text: "x", cursor: 0 });
	});
	it("left/right step over a whole grapheme", () => {
		expect(run(typed("x😀"), { type: "cursor-moved", to: "left" })).toMatchObject({ cursor: 1 });
		expect(run(typed("😀x"), { type: "cursor-moved", to: "home" }, { type: "cursor-moved", to: "right" })).toMatchObject({ cursor: 2 });
	});
	it("up/down keep the display column across wide characters", () => {
		// "漢字" is 4 columns wide: below column 4 of "abcdef" is the end of "漢字".
		const s = run(typed("漢字x\nabcdef"), { type: "cursor-moved", to: "home" }, { type: "cursor-moved", to: "right" }, { type: "cursor-moved", to: "right" }, { type: "cursor-moved", to: "right" }, { type: "cursor-moved", to: "right" }, { type: "up-pressed" });
		expect(s.cursor).toBe(2);
	});
	it("a lone surrogate is never inserted", () => expect(typed("a\ud83d").text).toBe("a\ufffd"));
	it("cleared empties the editor", () => expect(run(typed("x"), { type: "cleared" })).toEqual(emptyEditor()));
	it("line-killed removes to the line start", () => expect(run(typed("ab\ncd"), { type: "line-killed" })).toMatchObject({ text: "ab\n", cursor: 3 }));
	it("text-replaced sets text with the cursor at the end", () => expect(run(typed("x"), { type: "text-replaced", text: "new" })).toMatchObject({ text: "new", cursor: 3 }));
	it("submitted records history once and clears", () => {
		const s = run(typed("hello", ["hello"]), { type: "submitted" });
		expect(s).toEqual({ text: "", cursor: 0, history: ["hello"], historyIndex: null });
		expect(run(typed("new", ["hello"]), { type: "submitted" }).history).toEqual(["hello", "new"]);
	});
});
