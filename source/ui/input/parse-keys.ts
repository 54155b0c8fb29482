import { controlClass, isControl } from "../../text/control-chars.js";
import { stripControls } from "../../text/terminal-text.js";
import { wellFormed } from "../../text/text-width.js";
import { decodeCsi, decodeSs3, type Decoded } from "./decode-sequence.js";
import { key, type KeyEvent } from "./key-event.js";

const ESC = "\u001b";
const PASTE_END = `${ESC}[201~`;
/** An unterminated OSC/DCS string longer than this is not a terminal reply: drop its introducer. */
const MAX_STRING = 1024;

/** One step of the tokenizer: how many characters were used and what they mean. */
type Step = { used: number; decoded: Decoded } | "pending";

function csiStep(buf: string, at: number): Step {
	let i = at + 2;
	if (buf[i] === "[") i++; // Linux console F-keys: ESC [ [ A
	const paramsStart = i;
	while (i < buf.length && /[\u0030-\u003f]/.test(buf.charAt(i))) i++;
	const paramsEnd = i;
	while (i < buf.length && /[\u0020-\u002f]/.test(buf.charAt(i))) i++;
	const final = buf[i];
	if (final === undefined) return "pending";
	if (!/[\u0040-\u007e]/.test(final)) return { used: i - at, decoded: undefined };
	const legacy = paramsStart !== at + 2;
	return { used: i + 1 - at, decoded: legacy ? undefined : decodeCsi(buf.slice(paramsStart, paramsEnd), final) };
}

/** OSC, DCS, APC, PM, SOS: a string ended by BEL or ST; never a key. */
function stringStep(buf: string, at: number): Step {
	for (let i = at + 2; i < buf.length; i++) {
		if (buf[i] === "\u0007") return { used: i + 1 - at, decoded: undefined };
		if (buf[i] === ESC && buf[i + 1] === "\\") return { used: i + 2 - at, decoded: undefined };
		if (buf[i] === ESC && i + 1 < buf.length) break;
	}
	return buf.length - at > MAX_STRING ? { used: 2, decoded: undefined } : "pending";
}

/** A control character outside an escape sequence. */
function controlKey(ch: string): KeyEvent | undefined {
	const code = ch.charCodeAt(0);
	if (ch === "\r") return key("return");
	if (ch === "\n") return key("j", { ctrl: true });
	if (ch === "\t") return key("tab");
	if (code === 0x7f || code === 0x08) return key("backspace");
	if (code >= 1 && code <= 26) return key(String.fromCharCode(code + 96), { ctrl: true });
	return undefined;
}

function withAlt(step: Step): Step {
	if (step === "pending" || step.decoded === undefined || step.decoded === "paste-start") return step;
	const d = step.decoded;
	return { used: step.used + 1, decoded: d.kind === "key" ? { ...d, alt: true } : d.kind === "text" ? key(d.text, { alt: true }) : d };
}

/** A CSI with a modifier field (`ESC[1;5D`, `ESC[13;2u`, `ESC[27;5;106~`). */
const MODIFIED_CSI = /^\u001b\[[0-9:]*;/;

/**
 * ESC in front of a whole sequence: Alt+that key (meta-prefix terminals send ESC ESC [ A), unless
 * the sequence cannot take such a prefix — one that carries its own modifier field (a terminal
 * that encodes modifiers there encodes Alt there too), a paste, or no key at all (a terminal
 * reply, dropped on its own). Then the ESC is the Esc key, typed just before it in the same read
 * (Esc, then Ctrl+← in /tree).
 */
function prefixedStep(buf: string, at: number): Step {
	const inner = escapeStep(buf, at + 1);
	if (inner === "pending") return "pending";
	const own = inner.decoded === undefined || inner.decoded === "paste-start" || MODIFIED_CSI.test(buf.slice(at + 1, at + 1 + inner.used));
	return own ? { used: 1, decoded: key("escape") } : withAlt(inner);
}

/** Alt+key: ESC followed by a character (or by a whole sequence, e.g. ESC ESC [ A). */
function altStep(buf: string, at: number): Step {
	const next = buf.codePointAt(at + 1);
	if (next === undefined) return "pending";
	const ch = String.fromCodePoint(next);
	if (ch === ESC) {
		const third = buf[at + 2];
		if (third === undefined) return "pending";
		if (third === "[" || third === "O") return prefixedStep(buf, at);
		return { used: 1, decoded: key("escape") };
	}
	const control = controlKey(ch);
	if (control) return { used: 1 + ch.length, decoded: control.kind === "key" ? { ...control, alt: true } : control };
	if (isControl(next)) return { used: 1 + ch.length, decoded: undefined };
	return { used: 1 + ch.length, decoded: key(ch, { alt: true }) };
}

function escapeStep(buf: string, at: number): Step {
	const kind = buf[at + 1];
	if (kind === undefined) return "pending";
	if (kind === "[") return csiStep(buf, at);
	if (kind === "O") {
		const final = buf[at + 2];
		return final === undefined ? "pending" : { used: 3, decoded: decodeSs3(final) };
	}
	if (kind === "]" || kind === "P" || kind === "_" || kind === "^" || kind === "X") return stringStep(buf, at);
	return altStep(buf, at);
}

/** Printable text up to the next control character or escape. */
const TEXT_RUN = new RegExp(`^${controlClass({ negate: true })}+`);

/** Pasted text as the user copied it: CR/CRLF → LF, escape sequences and controls other than LF/Tab removed. */
export function cleanPaste(text: string): string {
	return wellFormed(stripControls(text));
}

type KeyParser = {
	/** Feeds one read (or one piece Ink split it into); returns the complete events in order. */
	push(data: string): KeyEvent[];
};

/** What the parser keeps between reads: unparsed input, and the paste being collected. */
type ParserState = { buf: string; paste: string | null };

/** Inside a paste: everything up to ESC[201~ is text; a marker cut by the read stays pending. */
function takePaste(state: ParserState, out: KeyEvent[]): boolean {
	const end = state.buf.indexOf(PASTE_END);
	if (end === -1) {
		let keep = Math.min(state.buf.length, PASTE_END.length - 1);
		while (keep > 0 && !PASTE_END.startsWith(state.buf.slice(state.buf.length - keep))) keep--;
		state.paste += state.buf.slice(0, state.buf.length - keep);
		state.buf = state.buf.slice(state.buf.length - keep);
		return false;
	}
	out.push({ kind: "paste", text: cleanPaste(state.paste + state.buf.slice(0, end)) });
	state.paste = null;
	state.buf = state.buf.slice(end + PASTE_END.length);
	return true;
}

/** An escape sequence at the start of the buffer; false when it is incomplete (wait for more). */
function takeEscape(state: ParserState, out: KeyEvent[]): boolean {
	const s = escapeStep(state.buf, 0);
	if (s === "pending") {
		// Ink hands over a lone ESC (or two) only after nothing else came with it: the Esc key.
		if (state.buf !== ESC && state.buf !== ESC + ESC) return false;
		for (const _ of state.buf) out.push(key("escape"));
		state.buf = "";
		return false;
	}
	state.buf = state.buf.slice(s.used);
	if (s.decoded === "paste-start") state.paste = "";
	else if (s.decoded) out.push(s.decoded);
	return true;
}

/** Consumes one token; false when nothing more can be parsed until the next read. */
function step(state: ParserState, out: KeyEvent[]): boolean {
	if (state.paste !== null) return takePaste(state, out);
	if (state.buf === "") return false;
	if (state.buf[0] === ESC) return takeEscape(state, out);
	const text = TEXT_RUN.exec(state.buf)?.[0];
	if (text) {
		out.push({ kind: "text", text: wellFormed(text) });
		state.buf = state.buf.slice(text.length);
		return true;
	}
	const control = controlKey(state.buf.charAt(0));
	if (control) out.push(control);
	state.buf = state.buf.slice(1);
	return true;
}

/**
 * Turns terminal input into ordered key events. Sequences split across reads are completed by the
 * next read; everything between `ESC[200~` and `ESC[201~` is one literal paste, however many reads
 * it spans. Typed text runs stay whole; every control key is its own event.
 */
export function createKeyParser(): KeyParser {
	const state: ParserState = { buf: "", paste: null };
	return {
		push(data) {
			state.buf += data;
			const out: KeyEvent[] = [];
			while (step(state, out));
			return out;
		},
	};
}
