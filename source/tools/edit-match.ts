/**
 * Where an edit's `oldText` is in a file. Exactly first; then, since models write `\n`, with the
 * file's CRLF line ends; then folded as pi's edit folds both texts: trailing spaces and tabs of each
 * line dropped, typographic quotes, dashes and spaces as their ASCII forms, CRLF as LF. Unlike pi,
 * the folded match is mapped back to the file's own characters: only the matched region is
 * replaced, the rest of the file (its other quotes and trailing spaces) stays as it was.
 */

/** A match of `oldText`: `file.slice(index, index + length)` is replaced by `newText`; `count` > 1 is ambiguous (0: not found). */
type EditMatch = { index: number; length: number; newText: string; count: number };

const NOT_FOUND: EditMatch = { index: -1, length: 0, newText: "", count: 0 };

const QUOTE_1 = /[\u2018\u2019\u201A\u201B]/;
const QUOTE_2 = /[\u201C\u201D\u201E\u201F]/;
const DASH = /[\u2010-\u2015\u2212]/;
const SPACE = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/;

/** `text` folded (see the file's comment), with the index in `text` of each folded character. */
function fold(text: string): { text: string; at: number[] } {
	let out = "";
	const at: number[] = [];
	let blanks = ""; // spaces and tabs not yet known to be inside a line
	let blankAt: number[] = [];
	for (let i = 0; i < text.length; i++) {
		let c = text[i] ?? "";
		if (c === "\r" && text[i + 1] === "\n") continue;
		if (SPACE.test(c)) c = " ";
		if (c === " " || c === "\t") {
			blanks += c;
			blankAt.push(i);
			continue;
		}
		if (c !== "\n") {
			out += blanks;
			at.push(...blankAt);
		}
		blanks = "";
		blankAt = [];
		out += QUOTE_1.test(c) ? "'" : QUOTE_2.test(c) ? '"' : DASH.test(c) ? "-" : c;
		at.push(i);
	}
	return { text: out, at };
}

// Overlapping matches count too: "aa" in "aaa" is ambiguous for the model, so it is refused.
function occurrences(haystack: string, needle: string): { first: number; count: number } {
	let count = 0;
	const first = haystack.indexOf(needle);
	for (let i = first; i !== -1; i = haystack.indexOf(needle, i + 1)) count++;
	return { first, count };
}

const crlf = (s: string) => s.replace(/\r?\n/g, "\r\n");

function findEdit(content: string, oldText: string, newText: string): EditMatch {
	if (oldText === "") return NOT_FOUND;
	const exact = occurrences(content, oldText);
	if (exact.count > 0) return { index: exact.first, length: oldText.length, newText, count: exact.count };
	const crlfFile = content.includes("\r\n");
	if (crlfFile && !oldText.includes("\r")) {
		const withCrlf = occurrences(content, crlf(oldText));
		if (withCrlf.count > 0) return { index: withCrlf.first, length: crlf(oldText).length, newText: crlf(newText), count: withCrlf.count };
	}
	const file = fold(content);
	const wanted = fold(oldText).text;
	if (wanted === "") return NOT_FOUND;
	const loose = occurrences(file.text, wanted);
	if (loose.count === 0) return NOT_FOUND;
	const index = file.at[loose.first] ?? 0;
	const end = (file.at[loose.first + wanted.length - 1] ?? index) + 1;
	return { index, length: end - index, newText: crlfFile && !newText.includes("\r") ? crlf(newText) : newText, count: loose.count };
}

/** One replacement of an edit call. */
export type EditPair = { oldText: string; newText: string };

const isPair = (v: unknown): v is EditPair =>
	typeof v === "object" && v !== null && typeof (v as EditPair).oldText === "string" && typeof (v as EditPair).newText === "string";

/**
 * An edit call's replacements: its `edits`, or the older single `oldText`/`newText` (pi reads both;
 * sessions hold both); `edits` sent as a JSON string, as some models do, is parsed. Undefined when
 * the arguments hold neither form.
 */
export function editPairs(args: unknown): EditPair[] | undefined {
	if (typeof args !== "object" || args === null) return undefined;
	let edits = (args as { edits?: unknown }).edits;
	if (typeof edits === "string") {
		try {
			edits = JSON.parse(edits) as unknown;
		} catch {
			return undefined;
		}
	}
	if (Array.isArray(edits)) return edits.length > 0 && edits.every(isPair) ? edits : undefined;
	return isPair(args) ? [{ oldText: args.oldText, newText: args.newText }] : undefined;
}

/** Why an edit call cannot be made before its file is read: an empty `oldText` (named `edits[i]` when there are several). */
export function emptyEdit(pairs: readonly EditPair[]): { edit: number; message: string } | undefined {
	const i = pairs.findIndex((p) => p.oldText === "");
	if (i === -1) return undefined;
	return { edit: i, message: `${pairs.length > 1 ? `edits[${i}].oldText` : "oldText"} must not be empty; use write to create a file` };
}

/** Where an edit's replacements go, sorted by place; or why they cannot be made (`edit`: which one, when there are several). */
type EditPlan = { ok: true; regions: { index: number; oldText: string; newText: string }[] } | { ok: false; message: string; edit?: number; count?: number };

/**
 * Each replacement found in `content` as it is (not after the others: see findEdit), unique, and
 * apart from the others. Messages name the file, and `edits[i]` when there are several.
 */
export function planEdits(content: string, pairs: readonly EditPair[], file: string): EditPlan {
	const empty = emptyEdit(pairs);
	if (empty) return { ok: false, ...empty };
	const name = (i: number) => (pairs.length > 1 ? `edits[${i}].oldText` : "oldText");
	const found: { index: number; oldText: string; newText: string; edit: number }[] = [];
	for (const [i, pair] of pairs.entries()) {
		const match = findEdit(content, pair.oldText, pair.newText);
		if (match.count === 0) return { ok: false, edit: i, count: 0, message: `${name(i)} not found in ${file}` };
		if (match.count > 1) return { ok: false, edit: i, count: match.count, message: `${name(i)} occurs ${match.count} times in ${file}; add more context to make it unique` };
		found.push({ index: match.index, oldText: content.slice(match.index, match.index + match.length), newText: match.newText, edit: i });
	}
	found.sort((a, b) => a.index - b.index);
	for (let k = 1; k < found.length; k++) {
		const [a, b] = [found[k - 1], found[k]];
		if (a && b && b.index < a.index + a.oldText.length) {
			return { ok: false, edit: b.edit, message: `edits[${a.edit}] and edits[${b.edit}] overlap in ${file}: merge them into one edit` };
		}
	}
	return { ok: true, regions: found.map(({ edit: _edit, ...region }) => region) };
}
