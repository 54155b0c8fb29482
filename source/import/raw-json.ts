// Over 200 lines: one scanner over a JSON line; its parts share the cursor.
/**
 * Raw JSON spans of a source line, so the importer can copy a value's text instead of decoding it
 * and encoding it again. A span is only copied when it is already in JSON.stringify's form (see
 * `canonical`); otherwise the caller keeps the parsed value and it is encoded as before. The
 * scanner assumes the line is valid JSON (it is only used on lines JSON.parse accepted).
 */
import { must } from "../text/must.js";

/**
 * A value and its JSON text (what JSON.stringify writes for the value). JSON.stringify sees the
 * value (toJSON); `encodeJson` writes the text without encoding the value again.
 */
export class RawJson {
	constructor(
		readonly json: string,
		readonly value: unknown,
	) {}

	toJSON(): unknown {
		if (collecting) {
			collecting.push(this);
			return MARK;
		}
		return this.value;
	}
}

/** The RawJson values met, in output order, while `encodeJson` runs. */
let collecting: RawJson[] | undefined;
/** What stands for a RawJson in JSON.stringify's output while `encodeJson` runs. */
const MARK = "\u0000arbor raw json\u0000";
const MARK_JSON = JSON.stringify(MARK);

/** [start, end) of a value in a line. */
export type Span = readonly [number, number];

const QUOTE = 34;
const BACKSLASH = 92;

function skipWs(t: string, i: number): number {
	for (;;) {
		const c = t.charCodeAt(i);
		if (c === 32 || c === 10 || c === 13 || c === 9) i++;
		else return i;
	}
}

/** End (exclusive) of the string whose opening quote is at `i`. */
function stringEnd(t: string, i: number): number {
	let from = i + 1;
	for (;;) {
		const q = t.indexOf('"', from);
		if (q === -1) return t.length;
		let k = q - 1;
		while (t.charCodeAt(k) === BACKSLASH) k--;
		if ((q - 1 - k) % 2 === 0) return q + 1;
		from = q + 1;
	}
}

/** End (exclusive) of the value starting at `i`. */
function valueEnd(t: string, i: number): number {
	const c = t.charCodeAt(i);
	if (c === QUOTE) return stringEnd(t, i);
	if (c === 123 || c === 91) {
		let depth = 0;
		for (let j = i; j < t.length; ) {
			const d = t.charCodeAt(j);
			if (d === QUOTE) {
				j = stringEnd(t, j);
				continue;
			}
			if (d === 123 || d === 91) depth++;
			else if (d === 125 || d === 93) {
				depth--;
				if (depth === 0) return j + 1;
			}
			j++;
		}
		return t.length;
	}
	let j = i;
	for (; j < t.length; j++) {
		const d = t.charCodeAt(j);
		if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
	}
	return j;
}

/**
 * The span of `key`'s value in the object starting at `span`: the last one, as JSON.parse keeps
 * the last of repeated keys. Undefined when the value is not an object, has no such key, or spells
 * a key with an escape (it might be `key` in disguise).
 */
export function member(t: string, span: Span | undefined, key: string): Span | undefined {
	if (!span || t.charCodeAt(span[0]) !== 123) return undefined;
	let i = skipWs(t, span[0] + 1);
	if (t.charCodeAt(i) !== QUOTE) return undefined;
	let found: Span | undefined;
	for (;;) {
		const keyEnd = stringEnd(t, i);
		if (t.slice(i, keyEnd).includes("\\")) return undefined;
		const same = keyEnd - i - 2 === key.length && t.startsWith(key, i + 1);
		i = skipWs(t, skipWs(t, keyEnd) + 1);
		const end = valueEnd(t, i);
		if (same) found = [i, end];
		i = skipWs(t, end);
		if (t.charCodeAt(i) !== 44) return found;
		i = skipWs(t, i + 1);
	}
}

/** The spans of the elements of the array starting at `span`; undefined when it is not an array. */
export function elements(t: string, span: Span | undefined): Span[] | undefined {
	if (!span || t.charCodeAt(span[0]) !== 91) return undefined;
	const out: Span[] = [];
	let i = skipWs(t, span[0] + 1);
	if (t.charCodeAt(i) === 93) return out;
	for (;;) {
		const end = valueEnd(t, i);
		out.push([i, end]);
		i = skipWs(t, end);
		if (t.charCodeAt(i) !== 44) return out;
		i = skipWs(t, i + 1);
	}
}

/**
 * Whether a string's JSON text is what JSON.stringify writes for its value: JSON text has no raw
 * control characters, and the escapes \" \\ \b \f \n \r \t are the ones stringify uses, so only a
 * \u escape (stringify writes \u only for other control characters and lone surrogates, in its
 * own case), a "\/" or a lone surrogate can differ. Any "\u" or "\/" in the text (an escaped
 * backslash before a u included) counts as different: the value is then encoded as before.
 */
function canonicalString(s: string): boolean {
	return !s.includes("\\u") && !s.includes("\\/") && (s as WellFormed).isWellFormed();
}

/** Node 20 has String.prototype.isWellFormed; the project's TypeScript lib predates it. */
type WellFormed = string & { isWellFormed(): boolean };

/** Keys JSON.parse would reorder (V8 puts array-index keys first) are treated as not canonical. */
const INDEX_LIKE = /^[0-9]+$/;

/** Deeper values are left to the parsed value (the check recurses; stringify keeps its own limits). */
const MAX_DEPTH = 64;

/** End of the canonical value at `i`, or -1 where JSON.stringify would write it differently (or it is too deep to check). */
function canonicalEnd(t: string, i: number, depth = 0): number {
	const c = t.charCodeAt(i);
	if (c === QUOTE) {
		const end = stringEnd(t, i);
		return canonicalString(t.slice(i, end)) ? end : -1;
	}
	if ((c === 91 || c === 123) && depth >= MAX_DEPTH) return -1;
	if (c === 91) {
		let j = i + 1;
		if (t.charCodeAt(j) === 93) return j + 1;
		for (;;) {
			j = canonicalEnd(t, j, depth + 1);
			if (j === -1) return -1;
			const d = t.charCodeAt(j);
			if (d === 93) return j + 1;
			if (d !== 44) return -1;
			j++;
		}
	}
	if (c === 123) {
		let j = i + 1;
		if (t.charCodeAt(j) === 125) return j + 1;
		const keys = new Set<string>();
		for (;;) {
			if (t.charCodeAt(j) !== QUOTE) return -1;
			const keyEnd = stringEnd(t, j);
			const key = t.slice(j, keyEnd);
			if (!canonicalString(key) || INDEX_LIKE.test(key.slice(1, -1)) || keys.has(key)) return -1;
			keys.add(key);
			if (t.charCodeAt(keyEnd) !== 58) return -1;
			j = canonicalEnd(t, keyEnd + 1, depth + 1);
			if (j === -1) return -1;
			const d = t.charCodeAt(j);
			if (d === 125) return j + 1;
			if (d !== 44) return -1;
			j++;
		}
	}
	const end = valueEnd(t, i);
	const token = t.slice(i, end);
	if (token === "true" || token === "false" || token === "null") return end;
	const n = Number(token);
	return token !== "" && Number.isFinite(n) && String(n) === token ? end : -1;
}

/** Whether the span's text is exactly JSON.stringify(JSON.parse(text)). */
export function canonical(t: string, span: Span): boolean {
	return canonicalEnd(t, span[0]) === span[1];
}

/** The span's text as a RawJson when it is canonical, else `value` (encoded as before). */
export function rawOr<T>(t: string, span: Span | undefined, value: T): T | RawJson {
	return span && canonical(t, span) ? new RawJson(t.slice(span[0], span[1]), value) : value;
}

/**
 * JSON.stringify's text for `value`, in pieces, with each RawJson's text copied in: one native
 * stringify with a mark where each RawJson is, then the texts put in at the marks (as pieces of
 * their own: writing them does not copy them into one string first). A source string can be
 * written like a mark; then the marks outnumber the RawJsons and the value is encoded whole.
 */
export function encodeJsonParts(value: unknown): string[] {
	const raws: RawJson[] = [];
	collecting = raws;
	let text: string;
	try {
		text = JSON.stringify(value);
	} finally {
		collecting = undefined;
	}
	if (raws.length === 0) return [text];
	const parts = text.split(MARK_JSON);
	if (parts.length !== raws.length + 1) return [JSON.stringify(value)];
	const out = [must(parts[0], "the text before the first mark")];
	for (const [i, raw] of raws.entries()) out.push(raw.json, must(parts[i + 1], "the text after a mark"));
	return out;
}

/** JSON.stringify's text for `value`, with each RawJson's text copied in (encodeJsonParts, joined). */
export function encodeJson(value: unknown): string {
	return encodeJsonParts(value).join("");
}
