/**
 * Searches one session file without building its tree: only lines that can hold the query's
 * longest literal are decoded and parsed (regex-only queries parse every line).
 */
import { must } from "../text/must.js";
import { anchorPair, dense, linesWithAnchor } from "./anchor.js";
import { pairFinder, type Pair } from "./pair-scan.js";
import { PathCollector, type ActivePath } from "./ancestry.js";
import { forEachChunk, isWhole, lineAround, WHOLE, type Chunk, type Range } from "./chunks.js";
import { FIELD_WEIGHT, searchables, type Field } from "./fields.js";
import { decodedPrefilterPattern, matchCount, prefilterPattern, type Query } from "./query.js";

/**
 * One matching entry of one file (session-level facts are added by the caller). `text` is the
 * matched text: the caller builds the snippet from it for the hits it shows (snippet.ts).
 */
export type FileHit = {
	entryId: string;
	type: string;
	field: Field;
	text: string;
	timestamp?: string;
	score: number;
};

function parsed(line: string): unknown {
	try {
		return JSON.parse(line) as unknown;
	} catch {
		return undefined; // a damaged line is no entry (the store reports it when the file is opened)
	}
}

/**
 * Where a scan puts its hits: every hit is counted; only those scoring at least `floor` (the
 * keep-th best so far, once that many are kept) are made and kept: a lower one can never be shown.
 */
export type Sink = { hits: FileHit[]; total: number; floor: number };

function hitsOfLine(query: Query, line: string, sink: Sink): void {
	hitsOfEntry(query, parsed(line), sink);
}

export function hitsOfEntry(query: Query, parsed: unknown, sink: Sink): void {
	if (!parsed || typeof parsed !== "object") return;
	const entry = parsed as Record<string, unknown>;
	for (const s of searchables(entry)) {
		const count = matchCount(query, s.text);
		if (count === undefined) continue;
		sink.total++;
		const score = FIELD_WEIGHT[s.field] * (1 + Math.log2(1 + count));
		if (score < sink.floor) continue;
		sink.hits.push({
			entryId: s.entryId,
			type: String(entry.type),
			field: s.field,
			text: s.text,
			...(typeof entry.timestamp === "string" ? { timestamp: entry.timestamp } : {}),
			score,
		});
	}
}

type Filter = { first: RegExp; others: RegExp[]; pair?: Pair; literals: RegExp[] };

const filters = new WeakMap<Query, Filter | undefined>();

/**
 * The longest literal finds candidate lines; every other literal must also occur in the raw line.
 * Made once per query (its regexes compiled once, not once per file).
 */
export function filterOf(query: Query): Filter | undefined {
	if (!filters.has(query)) filters.set(query, makeFilter(query));
	return filters.get(query);
}

function makeFilter(query: Query): Filter | undefined {
	if (!query.prefilter) return undefined;
	const others = query.terms
		.filter((t) => t.kind !== "regex" && t.source !== query.prefilter)
		.map((t) => new RegExp(prefilterPattern(t.source).source, "i"));
	const pair = anchorPair(query.prefilter);
	const literals = query.terms.filter((t) => t.kind !== "regex").map((t) => decodedPrefilterPattern(t.source));
	return { first: prefilterPattern(query.prefilter), others, literals, ...(pair ? { pair } : {}) };
}

/**
 * Lines holding the anchor, then every literal in the line (decoded once, as JSON.parse needs it),
 * then parsed: the fast path.
 */
function scanChunkAnchored(chunk: Chunk, starts: readonly number[], filter: Filter, query: Query, isHeader: (offset: number) => boolean, sink: Sink): void {
	for (const start of starts) {
		if (isHeader(chunk.offset + start)) continue;
		let end = chunk.bytes.indexOf(0x0a, start);
		if (end === -1) end = chunk.bytes.length;
		const line = chunk.bytes.toString("utf8", start, end);
		if (!filter.literals.every((re) => re.test(line))) continue;
		hitsOfLine(query, line, sink);
	}
}

function scanChunkFiltered(chunk: Chunk, filter: Filter, query: Query, isHeader: (offset: number) => boolean, sink: Sink): void {
	const pattern = filter.first;
	pattern.lastIndex = 0;
	for (let m = pattern.exec(chunk.latin1); m; m = pattern.exec(chunk.latin1)) {
		const { start, end } = lineAround(chunk.latin1, m.index);
		pattern.lastIndex = end + 1;
		if (isHeader(chunk.offset + start)) continue;
		if (filter.others.length && !filter.others.every((re) => re.test(chunk.latin1.slice(start, end)))) continue;
		hitsOfLine(query, chunk.bytes.toString("utf8", start, end), sink);
	}
}

/** Best first: score, then newer. */
export function byRank(a: FileHit, b: FileHit): number {
	return b.score - a.score || (b.timestamp ?? "").localeCompare(a.timestamp ?? "");
}

/**
 * Every line of a chunk decoded once and (when the query has literals) checked for them on the
 * decoded text: for a word on most lines, where looking up the anchor first would only add work.
 * Each entry line also goes to `path`, so the active path needs no second read of the file.
 */
/**
 * How often the literal test let a line through, over a file's lines: once nearly every line
 * passes, the test only adds work and is left out (it is a shortcut before JSON.parse, not a
 * condition: a line without the literals yields no hit either way).
 */
type LiteralStats = { tested: number; passed: number };
const worthTesting = (s: LiteralStats) => s.tested < 1000 || s.passed < 0.95 * s.tested;

function scanChunkDense(chunk: Chunk, filter: Filter | undefined, query: Query, path: PathCollector | undefined, stats: LiteralStats, sink: Sink): void {
	const { bytes } = chunk;
	const literals = filter && worthTesting(stats) ? filter.literals : undefined;
	// Line by line: one string for the whole chunk would be a large object (an mmap) per chunk.
	for (let start = 0; start < bytes.length; ) {
		let end = bytes.indexOf(0x0a, start);
		if (end === -1) end = bytes.length;
		if (end > start && !(start === 0 && chunk.offset === 0)) {
			const line = bytes.toString("utf8", start, end);
			let pass = true;
			if (literals) {
				pass = literals.every((re) => re.test(line));
				stats.tested++;
				if (pass) stats.passed++;
			}
			if (pass) {
				const value = parsed(line);
				path?.addParsed(value); // the parse the search needs also gives the entry's id and parent
				hitsOfEntry(query, value, sink);
			} else path?.add(line, 0, line.length);
		}
		start = end + 1;
	}
}

/** What {@link scanFile} found: the best hits, how many in all, and the active path when the scan read every line. */
export type FileScan = { hits: FileHit[]; total: number; path?: ActivePath };

/**
 * The best `keep` hits of `file` (its header line excluded) and how many there were in all. The
 * first chunk decides how: a query without literals, or whose anchor is on most lines, reads
 * every line (and collects the active path on the way); otherwise only anchored lines are decoded.
 * With a `range` (a share of a file cut into ranges: units.ts), only the lines begun in it are searched,
 * by their anchor (`anchor`: the one chosen from the file's start, else from the range's).
 */
export function scanFile(file: string, query: Query, keep: number, range: Range = WHOLE, anchor?: Pair): FileScan {
	const filter = filterOf(query);
	const isHeader = (offset: number) => offset === 0;
	const sink: Sink = { hits: [], total: 0, floor: -Infinity };
	let path: PathCollector | undefined;
	let first = true;
	let pair: Pair | undefined;
	const stats: LiteralStats = { tested: 0, passed: 0 };
	const finder = pairFinder();
	const whole = isWhole(range);
	const onChunk = (chunk: Chunk) => {
		if (path || !filter) {
			path ??= new PathCollector();
			scanChunkDense(chunk, filter, query, path, stats, sink);
		} else if (filter.pair) {
			// The anchor is chosen by the pair counts of the file's first bytes (anchor.ts).
			if (first && query.prefilter) pair = anchor ?? anchorPair(query.prefilter, chunk.bytes) ?? filter.pair;
			const starts = linesWithAnchor(chunk.bytes, pair ?? filter.pair, finder);
			if (first && whole && dense(chunk.bytes, starts)) {
				path = new PathCollector();
				scanChunkDense(chunk, filter, query, path, stats, sink);
			} else scanChunkAnchored(chunk, starts, filter, query, isHeader, sink);
		} else scanChunkFiltered(chunk, filter, query, isHeader, sink);
		first = false;
		if (sink.hits.length > 4 * keep + 100) {
			sink.hits = sink.hits.sort(byRank).slice(0, keep);
			if (keep > 0 && sink.hits.length === keep) sink.floor = must(sink.hits.at(-1), "the keep-th hit").score;
		}
	};
	forEachChunk(file, onChunk, finder, range); // read straight into the finder's memory: no copy
	const hits = sink.hits.sort(byRank).slice(0, keep);
	const { total } = sink;
	return path && whole && hits.length ? { hits, total, path: path.result() } : { hits, total };
}
