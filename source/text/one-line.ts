import { controlClass } from "./control-chars.js";

/**
 * `text` on one row: every run of white space (newlines and tabs included) becomes one space and
 * the ends are trimmed. Callers that also sanitize or cut compose this with terminalText /
 * stripControls and cutToWidth; it is the one definition of "flattened to a line".
 */
export function oneLine(text: string): string {
	return text.replace(/\s+/g, " ").trim();
}

/** The first line of `text` that is not blank (as it stands), and whether more text follows it. */
export function firstLine(text: string): { line: string; more: boolean } {
	const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
	return { line, more: text.trim().includes("\n") };
}

/** Whether UTF-16 code unit `c` is white space as a regex `\s` (and `trim`) sees it. */
export function isWhiteSpace(c: number): boolean {
	if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
	if (c < 0xa0) return false;
	return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether `text` has a character that is not white space (`text.trim() !== ""` without the copy). */
export function hasVisibleText(text: string): boolean {
	for (let i = 0; i < text.length; i++) if (!isWhiteSpace(text.charCodeAt(i))) return true;
	return false;
}

/** White space that a fold changes: any but a plain space, or two spaces in a row. */
const ODD_SPACE = /[^\S ]| {2}/g;
/** {@link ODD_SPACE} or a control character that is not white space (see control-chars.ts). */
const ODD_OR_CONTROL = new RegExp(`[^\\S ]| {2}|${controlClass({ except: "\t\n\v\f\r" })}`, "g");

/**
 * `oneLine(text.slice(0, inMax)).slice(0, outMax)` in one pass that reads no further than it must
 * and copies only where a run is not already a single space (a 100k-row tree previews every row):
 * a native regex scan finds those runs; the words between them are kept as they are.
 */
export function oneLineCut(text: string, inMax: number, outMax: number): string {
	return fold(text, inMax, outMax, ODD_SPACE) ?? "";
}

/**
 * {@link oneLineCut}, or undefined when its answer has a control character (found by the same
 * scan): text that needs no sanitizing is told apart without a second pass over it.
 */
export function oneLineCutClean(text: string, inMax: number, outMax: number): string | undefined {
	return fold(text, inMax, outMax, ODD_OR_CONTROL);
}

function fold(text: string, inMax: number, outMax: number, odd: RegExp): string | undefined {
	const s = text.length > inMax ? text.slice(0, Math.max(0, inMax)) : text;
	const end = s.length;
	let i = 0;
	while (i < end && isWhiteSpace(s.charCodeAt(i))) i++;
	let out = "";
	let start = i; // s[start, tail) is kept as is after `out`
	let tail = end;
	odd.lastIndex = i;
	for (let m = odd.exec(s); m !== null; m = odd.exec(s)) {
		if (!isWhiteSpace(s.charCodeAt(m.index))) {
			// A control character: in the answer unless the cut comes first.
			if (out.length + (m.index - start) < outMax) return undefined;
			tail = m.index;
			break;
		}
		// The run starts one earlier when a plain space precedes the odd one (`a \n`).
		const run = m.index > start && s.charCodeAt(m.index - 1) === 0x20 ? m.index - 1 : m.index;
		let j = m.index + 1;
		while (j < end && isWhiteSpace(s.charCodeAt(j))) j++;
		if (j >= end || out.length + (run - start) >= outMax) {
			tail = run; // a trailing run is trimmed; past outMax nothing more is needed
			break;
		}
		out += `${s.slice(start, run)} `;
		start = j;
		odd.lastIndex = j;
	}
	if (tail === end && end > start && s.charCodeAt(end - 1) === 0x20) tail = end - 1; // one trailing space
	out += s.slice(start, tail);
	return out.length > outMax ? out.slice(0, outMax) : out;
}
