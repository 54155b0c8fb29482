/**
 * `arbor search`: every session file of a folder (or of every folder) searched for a query,
 * hits ranked across files, each with the session, the entry, a snippet and whether the entry is
 * on the session's active path. Streams the files; never builds a tree.
 */
import { join } from "node:path";
import { readHeader } from "../session/parse.js";
import { projectDirs, sessionFiles } from "../session/paths.js";
import { activePath, type ActivePath } from "./ancestry.js";
import { parseQuery, type Query } from "./query.js";
import { byRank, scanFile, type FileHit, type FileScan } from "./scan.js";
import { must } from "../text/must.js";
import { errnoCode } from "../text/error-text.js";
import { snippetOf } from "./snippet.js";
import { WHOLE, type Range } from "./chunks.js";
import type { Pair } from "./pair-scan.js";

/** One search result: a file's hit (its snippet in place of the matched text) plus the session it is in. */
export type SearchHit = Omit<FileHit, "text"> & {
	snippet: string;
	sessionId: string;
	sessionFile: string;
	sessionName?: string;
	cwd?: string;
	onActivePath: boolean;
};

export type SearchResult = { query: string; files: number; total: number; hits: SearchHit[] };

/** Session files of every project folder under `<home>/sessions` (and any directly in it). */
export function allSessionFiles(home: string): string[] {
	return [join(home, "sessions"), ...projectDirs(home)].flatMap((dir) => sessionFiles(dir));
}

function headerOf(file: string): { id: string; cwd?: string } | undefined {
	const h = readHeader(file); // undefined: not a session file (or a damaged header), nothing to search
	return h && { id: h.id, ...(typeof h.cwd === "string" ? { cwd: h.cwd } : {}) };
}

/** What a search does with a file it cannot read (a dangling symlink, no permission): skip it and say so. */
export type SearchOptions = { onSkip?: (file: string, error: unknown) => void };

/**
 * What searching one file gave: skipped (an fs error: it could not be read), nothing to search (not
 * a session file), or its scan. Plain data, so a worker thread can hand it over (parallel.ts).
 */
export type FileOutcome =
	| { kind: "skipped"; error: unknown }
	| { kind: "none" }
	| { kind: "scanned"; header: { id: string; cwd?: string }; scan: FileScan };

/**
 * Reads `file`'s header and scans it (or the lines begun in `range` of it, for `pair` when given). Only an fs error
 * (errno code) skips the file; anything else is a bug and propagates.
 */
export function searchFile(file: string, query: Query, limit: number, range: Range = WHOLE, pair?: Pair): FileOutcome {
	try {
		const header = headerOf(file);
		return header ? { kind: "scanned", header, scan: scanFile(file, query, limit, range, pair) } : { kind: "none" };
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return { kind: "skipped", error };
	}
}

/**
 * Searches `files` for `queryText`; the best `limit` hits, best first. Throws on a bad query. A
 * file that cannot be read is skipped (reported to `onSkip`) and the rest are searched.
 */
export function searchSessions(files: readonly string[], queryText: string, limit: number, opts: SearchOptions = {}): SearchResult {
	const query = parseQuery(queryText);
	return mergeOutcomes(files, queryText, query, limit, (i) => searchFile(must(files[i], "file to search"), query, limit), opts);
}

/**
 * The result of searching `files` from each file's outcome (`outcomeOf(i)` for files[i], asked in
 * file order): the same whoever scanned the files, in whatever order they finished.
 */
export function mergeOutcomes(
	files: readonly string[],
	queryText: string,
	query: Query,
	limit: number,
	outcomeOf: (index: number) => FileOutcome,
	opts: SearchOptions = {},
): SearchResult {
	let total = 0;
	let searched = 0;
	const perFile: { file: string; header: { id: string; cwd?: string }; hits: FileHit[]; path?: ActivePath }[] = [];
	files.forEach((file, i) => {
		const outcome = outcomeOf(i);
		if (outcome.kind === "skipped") opts.onSkip?.(file, outcome.error);
		if (outcome.kind !== "scanned") return;
		const found = outcome.scan;
		searched++;
		total += found.total;
		if (found.hits.length) perFile.push({ file, header: outcome.header, hits: found.hits, ...(found.path ? { path: found.path } : {}) });
	});
	const ranked = perFile
		.flatMap((f) => f.hits.map((hit) => ({ f, hit })))
		.sort((a, b) => byRank(a.hit, b.hit))
		.slice(0, limit);
	const paths = new Map<string, ActivePath>();
	// Snippets only for the hits shown: building one per hit was most of a common word's cost.
	const hits = ranked.map(({ f, hit }) => {
		let path = paths.get(f.file);
		if (path === undefined) {
			path = f.path ?? activePath(f.file); // from the scan when it read every line
			paths.set(f.file, path);
		}
		return {
			sessionId: f.header.id,
			sessionFile: f.file,
			...(path.name !== undefined ? { sessionName: path.name } : {}),
			...(f.header.cwd !== undefined ? { cwd: f.header.cwd } : {}),
			entryId: hit.entryId,
			type: hit.type,
			field: hit.field,
			snippet: snippetOf(query, hit.text),
			...(hit.timestamp !== undefined ? { timestamp: hit.timestamp } : {}),
			score: hit.score,
			onActivePath: path.ids.has(hit.entryId),
		};
	});
	return { query: queryText, files: searched, total, hits };
}

