/**
 * The excerpt shown for a search hit. Built only for the hits that are shown (after ranking across
 * files), never for every hit: a common word hits most lines, and only `--limit` are printed.
 */
import { oneLine } from "../text/one-line.js";
import { stripControls } from "../text/terminal-text.js";
import { firstMatch, type Query } from "./query.js";

const SNIPPET = 100;

/** A one-line excerpt around the first match; control characters and runs of blanks become one space. */
export function snippetOf(query: Query, text: string): string {
	return snippets.build(query, text);
}

/** What builds snippets, as an object so a test can count the calls (vi.spyOn). */
export const snippets = { build: buildSnippet };

function buildSnippet(query: Query, text: string): string {
	const flat = oneLine(stripControls(text));
	const at = firstMatch(query, flat)?.index ?? 0;
	const from = Math.max(0, at - Math.floor(SNIPPET / 3));
	const cut = Array.from(flat.slice(from)).slice(0, SNIPPET).join("");
	return `${from > 0 ? "…" : ""}${cut}${from + cut.length < flat.length ? "…" : ""}`;
}
