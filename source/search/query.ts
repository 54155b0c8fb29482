import { errorMessage } from "../text/error-text.js";
/**
 * The search query language, as pi's session picker accepts it: plain words (all must occur,
 * case-insensitive), `"a phrase"` (occurs as written, case-insensitive), `re:<regex>` (a
 * JavaScript regular expression, case-insensitive). Pure.
 */

/** One term of a query; every term must match for an entry to be a hit. */
type Term = { kind: "word" | "phrase" | "regex"; source: string; re: RegExp };

/** A parsed query: its terms and the literal (if any) used to skip lines before JSON.parse. */
export type Query = { text: string; terms: Term[]; prefilter?: string };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Parses `text`; throws an Error with a one-line reason for an empty query or a bad regex. */
export function parseQuery(text: string): Query {
	const terms: Term[] = [];
	const tokens = /re:(\S+)|"([^"]*)"|(\S+)/g;
	for (const m of text.matchAll(tokens)) {
		if (m[1] !== undefined) {
			let re: RegExp;
			try {
				re = new RegExp(m[1], "giu");
			} catch (error) {
				throw new Error(`bad regular expression re:${m[1]}: ${errorMessage(error)}`, { cause: error });
			}
			terms.push({ kind: "regex", source: m[1], re });
		} else {
			const literal = m[2] ?? m[3] ?? "";
			if (literal.trim() === "") continue;
			terms.push({ kind: m[2] !== undefined ? "phrase" : "word", source: literal, re: new RegExp(escapeRe(literal), "giu") });
		}
	}
	if (terms.length === 0) throw new Error("empty search query");
	const literals = terms.filter((t) => t.kind !== "regex").map((t) => t.source);
	const prefilter = literals.sort((a, b) => b.length - a.length)[0];
	return { text, terms, ...(prefilter ? { prefilter } : {}) };
}

/** True when every term occurs in `text`. */
export function matchesAll(query: Query, text: string): boolean {
	return query.terms.every((t) => {
		t.re.lastIndex = 0;
		return t.re.test(text);
	});
}

/**
 * How often the terms occur in `text` (each capped at 20), for ranking, when every term occurs
 * ({@link matchesAll}); else undefined. One pass of each term's regex (a common word hits most lines).
 */
export function matchCount(query: Query, text: string): number | undefined {
	let n = 0;
	for (const t of query.terms) {
		t.re.lastIndex = 0;
		let count = 0;
		while (count < 20 && t.re.test(text)) count++; // test: no match array per occurrence
		if (count === 0) return undefined;
		n += count;
	}
	return n;
}

/** The first match of any term in `text`: where to centre a snippet. */
export function firstMatch(query: Query, text: string): { index: number; length: number } | undefined {
	let best: { index: number; length: number } | undefined;
	for (const t of query.terms) {
		t.re.lastIndex = 0;
		const m = t.re.exec(text);
		if (m && (!best || m.index < best.index)) best = { index: m.index, length: Math.max(1, m[0].length) };
	}
	return best;
}

/**
 * A regular expression over the latin1 view of raw file bytes that finds every line that could
 * hold `literal`: the literal as JSON would escape it, UTF-8 encoded, ASCII letters matched in any
 * case; non-ASCII letters in their written, lower and upper forms.
 */
export function prefilterPattern(literal: string): RegExp {
	return new RegExp(literalForms(literal, (escaped) => Buffer.from(escaped, "utf8").toString("latin1")), "gi");
}

/** {@link prefilterPattern} over a line already decoded from UTF-8 (no latin1 view needed). */
export function decodedPrefilterPattern(literal: string): RegExp {
	return new RegExp(literalForms(literal, (escaped) => escaped), "i");
}

function literalForms(literal: string, encode: (escaped: string) => string): string {
	const forms = new Set([literal, literal.toLowerCase(), literal.toUpperCase()]);
	return [...forms].map((form) => escapeRe(encode(JSON.stringify(form).slice(1, -1)))).join("|");
}
