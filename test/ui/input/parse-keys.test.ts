import { describe, expect, it } from "vitest";
import { key } from "../../../source/ui/input/key-event.js";
import { cleanPaste, createKeyParser } from "../../../source/ui/input/parse-keys.js";

const parse = (...reads: string[]) => {
	const p = createKeyParser();
	return reads.flatMap((r) => p.push(r));
};
const text = (t: string) => ({ kind: "text", text: t });
const paste = (t: string) => ({ kind: "paste", text: t });

describe("createKeyParser", () => {
	it("splits typed text and Enter in one read into text then Enter", () => {
		expect(parse("fast typed line\r")).toEqual([text("fast typed line"), key("return")]);
		expect(parse("/tree\r")).toEqual([text("/tree"), key("return")]);
	});

	it("gives one Backspace per DEL, and Ctrl+H is Backspace too", () => {
		expect(parse("\x7f\x7f\x7f")).toEqual([key("backspace"), key("backspace"), key("backspace")]);
		expect(parse("ab\x08")).toEqual([text("ab"), key("backspace")]);
	});

	it("gives one event per arrow and Enter in one read", () => {
		expect(parse("\x1b[B\x1b[B\r")).toEqual([key("down"), key("down"), key("return")]);
		expect(parse("\x1bOA\x1b[1;5D\x1b[5~\x1b[H\x1b[4~")).toEqual([
			key("up"), key("left", { ctrl: true }), key("pageup"), key("home"), key("end"),
		]);
	});

	it("reads Shift+Enter in modifyOtherKeys and kitty form, Alt+Enter and Ctrl+J", () => {
		expect(parse("\x1b[27;2;13~")).toEqual([key("return", { shift: true })]);
		expect(parse("\x1b[13;2u")).toEqual([key("return", { shift: true })]);
		expect(parse("\x1b\r")).toEqual([key("return", { alt: true })]);
		expect(parse("\n")).toEqual([key("j", { ctrl: true })]);
	});

	it("reads kitty keys: Esc, Ctrl+letter, Alt+letter, text, releases dropped", () => {
		expect(parse("\x1b[27u")).toEqual([key("escape")]);
		expect(parse("\x1b[99;5u")).toEqual([key("c", { ctrl: true })]);
		expect(parse("\x1b[98;3u")).toEqual([key("b", { alt: true })]);
		expect(parse("\x1b[97;2;65u")).toEqual([text("A")]);
		expect(parse("\x1b[97;1:3u")).toEqual([]);
		expect(parse("\x1b[57441;2u")).toEqual([]);
	});

	it("drops unknown sequences and terminal replies instead of typing them", () => {
		expect(parse("a\x1b[99;9Xb")).toEqual([text("a"), text("b")]);
		expect(parse("\x1b[15~\x1b[?1u\x1b]11;rgb:0/0/0\x07x")).toEqual([text("x")]);
		expect(parse("\x1b[I\x1b[Oz")).toEqual([text("z")]);
	});

	it("completes a sequence split across reads", () => {
		expect(parse("\x1b[27;2", ";13~")).toEqual([key("return", { shift: true })]);
		expect(parse("\x1b[", "B")).toEqual([key("down")]);
	});

	it("a lone Esc at the end of a read is the Esc key; two are two", () => {
		expect(parse("\x1b")).toEqual([key("escape")]);
		expect(parse("\x1b\x1b")).toEqual([key("escape"), key("escape")]);
		expect(parse("\x1bb")).toEqual([key("b", { alt: true })]);
		expect(parse("\x1b\x1b[A")).toEqual([key("up", { alt: true })]);
	});

	it("an Esc before a sequence that carries its own modifiers, in the same read, is the Esc key", () => {
		// Esc then Ctrl+← typed quickly: a terminal that puts modifiers in the parameters would
		// send Alt there too (ESC[1;7D), so the ESC in front is a key of its own.
		expect(parse("\x1b\x1b[1;5D")).toEqual([key("escape"), key("left", { ctrl: true })]);
		expect(parse("\x1b\x1b[1;5C")).toEqual([key("escape"), key("right", { ctrl: true })]);
		expect(parse("\x1b\x1b[13;2u")).toEqual([key("escape"), key("return", { shift: true })]);
		expect(parse("\x1b\x1b[27;5;106~")).toEqual([key("escape"), key("j", { ctrl: true })]);
		// Esc then a terminal reply (kitty flags): the reply is dropped, the Esc stays.
		expect(parse("\x1b\x1b[?1u")).toEqual([key("escape")]);
		// Esc then a paste: the paste is whole.
		expect(parse("\x1b\x1b[200~hi\x1b[201~")).toEqual([key("escape"), paste("hi")]);
		// A meta-prefixed key without modifier parameters stays Alt+key (rxvt, macOS Terminal).
		expect(parse("\x1b\x1b[D")).toEqual([key("left", { alt: true })]);
		expect(parse("\x1b\x1bOD")).toEqual([key("left", { alt: true })]);
		expect(parse("\x1b\x1b[5~")).toEqual([key("pageup", { alt: true })]);
		// Split across reads it is decided once the sequence is complete.
		expect(parse("\x1b\x1b[1;", "5D")).toEqual([key("escape"), key("left", { ctrl: true })]);
	});

	it("keeps emoji and CJK text whole", () => {
		expect(parse("a😀漢字\r")).toEqual([text("a😀漢字"), key("return")]);
	});

	it("bracketed paste is literal, never Enter, even with markers split across reads", () => {
		expect(parse("\x1b[200~one\rtwo\r\x1b[201~")).toEqual([paste("one\ntwo\n")]);
		expect(parse("\x1b[20", "0~one\r", "\ntwo\x1b[20", "1~x")).toEqual([paste("one\ntwo"), text("x")]);
		expect(parse("\x1b[200~a\x1b[Ab\x1b[201~\r")).toEqual([paste("ab"), key("return")]);
		expect(parse("\x1b[200~", "\x1b", "[201~")).toEqual([paste("")]);
	});
});

describe("cleanPaste", () => {
	it("normalises line breaks and removes controls and escape sequences", () => {
		expect(cleanPaste("a\r\nb\rc\td\x1b]0;T\x07e\x1b[31mf\x00")).toBe("a\nb\nc\tdef");
	});
});
