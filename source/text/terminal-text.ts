/**
 * Text from a model, a tool or a session file made safe to print on a terminal. The one rule
 * (docs/cli.md, "Terminal safety"): every escape sequence (CSI incl. SGR colours, OSC incl. window titles and
 * OSC 52 clipboard writes, DCS, SOS/PM/APC, two-byte `ESC x` sequences, and their 8-bit C1 forms)
 * is removed whole; every other control character except `\n` and `\t` is shown as a visible
 * symbol (`␛` for a lone ESC, `␇`, `␀`… for C0, `␡` for DEL, `�` for C1); the bidirectional
 * formatting characters (U+202A–202E, U+2066–2069, U+200E/200F, U+061C) are dropped; `\r\n` becomes `\n`.
 * Printable text, CJK and emoji pass unchanged. JSON outputs do not use this: they are byte-exact.
 */

import { controlClass, isBidiControl } from "./control-chars.js";

const ESC = 0x1b;
const BEL = 0x07;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
/** 8-bit introducers of string sequences: DCS, SOS, OSC, PM, APC. */
const C1_STRINGS = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);
/** `ESC x` introducers of string sequences: DCS `P`, SOS `X`, OSC `]`, PM `^`, APC `_`. */
const ESC_STRINGS = new Set(["P", "X", "]", "^", "_"]);
/** An unfinished sequence longer than this is given up on: its ESC is shown and the rest is text. */
const MAX_PENDING = 4096;
/** Every control character but `\t` and `\n`: where a sequence may start or a symbol is shown. */
const UNSAFE = new RegExp(controlClass({ except: "\t\n" }), "g");
/** Any control character at all: text without one is already a safe line. */
const ANY_CONTROL = new RegExp(controlClass());

/** Where a sequence starting at `start` ends: an index, "partial" (text ran out) or "none" (not one). */
type SeqEnd = number | "partial" | "none";

function csiEnd(text: string, k: number): SeqEnd {
	while (k < text.length && text.charCodeAt(k) >= 0x20 && text.charCodeAt(k) <= 0x3f) k++;
	if (k >= text.length) return "partial";
	const c = text.charCodeAt(k);
	// A final byte ends it; anything else cancels it (the bytes so far are still dropped).
	return c >= 0x40 && c <= 0x7e ? k + 1 : k;
}

function stringEnd(text: string, k: number): SeqEnd {
	for (; k < text.length; k++) {
		const c = text.charCodeAt(k);
		if (c === BEL || c === C1_ST) return k + 1;
		if (c === ESC) {
			if (k + 1 >= text.length) return "partial";
			// ESC \ is the string terminator; any other ESC starts a new sequence and ends this one.
			return text[k + 1] === "\\" ? k + 2 : k;
		}
	}
	return "partial";
}

function escEnd(text: string, j: number): SeqEnd {
	const ch = text[j];
	if (ch === undefined) return "partial";
	if (ch === "[") return csiEnd(text, j + 1);
	if (ESC_STRINGS.has(ch)) return stringEnd(text, j + 1);
	let k = j;
	while (k < text.length && text.charCodeAt(k) >= 0x20 && text.charCodeAt(k) <= 0x2f) k++;
	if (k >= text.length) return "partial";
	const c = text.charCodeAt(k);
	return c >= 0x30 && c <= 0x7e ? k + 1 : "none";
}

function sequenceEnd(text: string, i: number): SeqEnd {
	const c = text.charCodeAt(i);
	if (c === ESC) return escEnd(text, i + 1);
	if (c === C1_CSI) return csiEnd(text, i + 1);
	if (C1_STRINGS.has(c)) return stringEnd(text, i + 1);
	return "none";
}

function visible(c: number, show: boolean): string {
	if (!show || isBidiControl(c)) return "";
	if (c === ESC) return "␛";
	if (c < 0x20) return String.fromCharCode(0x2400 + c);
	return c === 0x7f ? "␡" : "\ufffd";
}

/**
 * Sanitizes `text`; when `final` is false an unfinished sequence at the end is returned as `rest`
 * (to be prefixed to the next chunk) instead of being decided now.
 */
function scan(text: string, final: boolean, show: boolean): { out: string; rest: string } {
	let out = "";
	let i = 0;
	UNSAFE.lastIndex = 0;
	for (let m = UNSAFE.exec(text); m; m = UNSAFE.exec(text)) {
		if (m.index < i) continue;
		out += text.slice(i, m.index);
		i = m.index;
		const c = text.charCodeAt(i);
		if (c === 0x0d) {
			if (i + 1 >= text.length && !final) return { out, rest: text.slice(i) };
			out += text[i + 1] === "\n" ? "" : visible(c, show);
			i++;
			continue;
		}
		const end = sequenceEnd(text, i);
		if (end === "partial" && !final && text.length - i <= MAX_PENDING) return { out, rest: text.slice(i) };
		if (typeof end === "number") i = end;
		else {
			out += visible(c, show);
			i++;
		}
		UNSAFE.lastIndex = i;
	}
	return { out: out + text.slice(i), rest: "" };
}

/** `text` safe to print: escape sequences removed, other controls except `\n`/`\t` made visible. */
export function terminalText(text: string): string {
	return scan(text, true, true).out;
}

/** Whether `text` has a control character (see control-chars.ts): without one, {@link terminalLine} returns it as is. */
export function hasControl(text: string): boolean {
	return ANY_CONTROL.test(text);
}

/**
 * {@link terminalText} for one row of a list or a spinner: the tabs and newlines it keeps become
 * spaces (one each: nothing is collapsed, so a row lines up with the text it shows).
 */
export function terminalLine(text: string): string {
	if (!hasControl(text)) return text; // one scan for the common case (100k tree rows)
	return terminalText(text).replace(/[\n\t]/g, " ");
}

/**
 * {@link terminalText} for text still arriving (a streaming reply shown whole on every delta): an
 * unfinished sequence at its end is left out until it completes, instead of flashing as `␛…`.
 */
export function terminalTextSoFar(text: string): string {
	return scan(text, false, true).out;
}

/**
 * Typed or pasted text with every escape sequence and control character dropped (nothing shown).
 * `\n` and `\t` are kept (a lone `\r` becomes `\n`) unless `singleLine`, which drops them too.
 */
export function stripControls(text: string, opts: { singleLine?: boolean } = {}): string {
	const clean = scan(text.replace(/\r\n?/g, "\n"), true, false).out;
	return opts.singleLine ? clean.replace(/[\n\t]/g, "") : clean;
}

/**
 * The sanitizer for text that arrives in pieces (streamed deltas): an escape sequence split across
 * chunks is held back until it is complete, so no part of it reaches the terminal.
 */
export class TerminalTextStream {
	private pending = "";

	/** The printable part of `chunk` (plus what was held back before it). */
	push(chunk: string): string {
		const { out, rest } = scan(this.pending + chunk, false, true);
		this.pending = rest;
		return out;
	}

	/** Whatever was held back, decided now that no more text comes. */
	end(): string {
		const out = scan(this.pending, true, true).out;
		this.pending = "";
		return out;
	}
}
