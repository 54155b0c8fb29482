/**
 * The search behind `recall`: the session's whole tree searched with `arbor search`'s engine — the
 * session file scanned as `arbor search` scans it (search/scan.ts), or, for a session with no file
 * yet, its entries in memory scored the same way — and each hit placed relative to the model's
 * context (places.ts). Hits the context no longer holds come first.
 */
import { existsSync } from "node:fs";
import type { SessionTreeView } from "../session/api.js";
import { parseQuery, type Query } from "../search/query.js";
import { searchFile } from "../search/search.js";
import { byRank, hitsOfEntry, type FileHit, type FileScan, type Sink } from "../search/scan.js";
import { placesOf, type Place } from "./places.js";

/** One recalled entry: the engine's hit (its whole matched text) and where the entry sits. */
export type RecallHit = FileHit & { place: Place; branchPoint?: string | null };

/** What recall found: the hits shown and how many matches there were in all. */
export type RecallResult = { hits: RecallHit[]; total: number };

/** The session recall searches: its tree as the store holds it, and its file when it has one on disk. */
type RecallSource = { view: SessionTreeView; file?: string };

/** The session's entries in memory, as the file scan would score their lines. */
function scanMemory(view: SessionTreeView, query: Query, keep: number): FileScan {
	const sink: Sink = { hits: [], total: 0, floor: -Infinity };
	for (const entry of view.entries) hitsOfEntry(query, entry, sink);
	return { hits: sink.hits.sort(byRank).slice(0, keep), total: sink.total };
}

function scanOf(source: RecallSource, query: Query, keep: number): FileScan {
	// Every entry the store holds is on disk once the file exists: appends are written at once.
	if (source.file === undefined || !existsSync(source.file)) return scanMemory(source.view, query, keep);
	const outcome = searchFile(source.file, query, keep);
	if (outcome.kind === "skipped") throw outcome.error;
	return outcome.kind === "scanned" ? outcome.scan : scanMemory(source.view, query, keep);
}

/**
 * The best `limit` entries matching `queryText` (the search language of `arbor search`), those
 * outside the context first, then by the engine's rank. Throws an Error with a one-line reason for
 * an empty query or a bad regular expression.
 */
export function recallSearch(source: RecallSource, queryText: string, limit: number): RecallResult {
	const query = parseQuery(queryText);
	// A pool larger than the limit, so that hits outside the context are not crowded out by
	// better-scoring ones the model already sees.
	const scan = scanOf(source, query, limit * 4 + 20);
	const places = placesOf(source.view);
	const placed: RecallHit[] = [];
	for (const hit of scan.hits) {
		const place = places.placeOf(hit.entryId);
		if (place === undefined) continue; // a line the store did not keep (damaged, orphaned)
		placed.push(place === "branch" ? { ...hit, place, branchPoint: places.branchPoint(hit.entryId) } : { ...hit, place });
	}
	const inContext = (h: RecallHit) => (h.place === "context" ? 1 : 0);
	placed.sort((a, b) => inContext(a) - inContext(b) || byRank(a, b));
	return { hits: placed.slice(0, limit), total: scan.total };
}
