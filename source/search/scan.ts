/**
 * Searches one session file without building its tree: only lines that can hold the query's
 * longest literal are decoded and parsed (regex-only queries parse every line).
 */
import { anchorNeedles, linesWithAnchor } from "./anchor.js";
import { forEachChunk, lineAround, type Chunk } from "./chunks.js";
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

function hitsOfLine(query: Query, line: string): FileHit[] {
	let entry: Record<string, unknown>;
	try {
		const parsed = JSON.parse(line) as unknown;
		if (!parsed || typeof parsed !== "object") return [];
		entry = parsed as Record<string, unknown>;
	} catch {
		return []; // a damaged line is no entry (the store reports it when the file is opened)
	}
	const hits: FileHit[] = [];
	for (const s of searchables(entry)) {
		const count = matchCount(query, s.text);
		if (count === undefined) continue;
		hits.push({
			entryId: s.entryId,
			type: String(entry.type),
			field: s.field,
			text: s.text,
			...(typeof entry.timestamp === "string" ? { timestamp: entry.timestamp } : {}),
			score: FIELD_WEIGHT[s.field] * (1 + Math.log2(1 + count)),
		});
	}
	return hits;
}

type Filter = { first: RegExp; others: RegExp[]; needles?: Buffer[]; literals: RegExp[] };

/** The longest literal finds candidate lines; every other literal must also occur in the raw line. */
function filterOf(query: Query): Filter | undefined {
	if (!query.prefilter) return undefined;
	const others = query.terms
		.filter((t) => t.kind !== "regex" && t.source !== query.prefilter)
		.map((t) => new RegExp(prefilterPattern(t.source).source, "i"));
	const needles = anchorNeedles(query.prefilter);
	const literals = query.terms.filter((t) => t.kind !== "regex").map((t) => decodedPrefilterPattern(t.source));
	return { first: prefilterPattern(query.prefilter), others, literals, ...(needles ? { needles } : {}) };
}

/**
 * Lines holding the anchor, then every literal in the line (decoded once, as JSON.parse needs it),
 * then parsed: the fast path.
 */
function scanChunkAnchored(chunk: Chunk, filter: Filter & { needles: Buffer[] }, query: Query, isHeader: (offset: number) => boolean): FileHit[] {
	const hits: FileHit[] = [];
	for (const start of linesWithAnchor(chunk.bytes, filter.needles)) {
		if (isHeader(chunk.offset + start)) continue;
		let end = chunk.bytes.indexOf(0x0a, start);
		if (end === -1) end = chunk.bytes.length;
		const line = chunk.bytes.toString("utf8", start, end);
		if (!filter.literals.every((re) => re.test(line))) continue;
		for (const h of hitsOfLine(query, line)) hits.push(h);
	}
	return hits;
}

function scanChunkFiltered(chunk: Chunk, filter: Filter, query: Query, isHeader: (offset: number) => boolean): FileHit[] {
	const hits: FileHit[] = [];
	const pattern = filter.first;
	pattern.lastIndex = 0;
	for (let m = pattern.exec(chunk.latin1); m; m = pattern.exec(chunk.latin1)) {
		const { start, end } = lineAround(chunk.latin1, m.index);
		pattern.lastIndex = end + 1;
		if (isHeader(chunk.offset + start)) continue;
		if (filter.others.length && !filter.others.every((re) => re.test(chunk.latin1.slice(start, end)))) continue;
		for (const h of hitsOfLine(query, chunk.bytes.toString("utf8", start, end))) hits.push(h);
	}
	return hits;
}

function scanChunkAll(chunk: Chunk, query: Query, isHeader: (offset: number) => boolean): FileHit[] {
	const hits: FileHit[] = [];
	const text = chunk.bytes.toString("utf8");
	for (let start = 0; start < text.length; ) {
		let end = text.indexOf("\n", start);
		if (end === -1) end = text.length;
		if (end > start && !(start === 0 && isHeader(chunk.offset))) for (const h of hitsOfLine(query, text.slice(start, end))) hits.push(h);
		start = end + 1;
	}
	return hits;
}

/** Best first: score, then newer. */
export function byRank(a: FileHit, b: FileHit): number {
	return b.score - a.score || (b.timestamp ?? "").localeCompare(a.timestamp ?? "");
}

/** The best `keep` hits of `file` (its header line excluded) and how many there were in all. */
export function scanFile(file: string, query: Query, keep: number): { hits: FileHit[]; total: number } {
	const filter = filterOf(query);
	const isHeader = (offset: number) => offset === 0;
	let hits: FileHit[] = [];
	let total = 0;
	forEachChunk(file, (chunk) => {
		const found = filter?.needles
			? scanChunkAnchored(chunk, { ...filter, needles: filter.needles }, query, isHeader)
			: filter
				? scanChunkFiltered(chunk, filter, query, isHeader)
				: scanChunkAll(chunk, query, isHeader);
		total += found.length;
		for (const hit of found) hits.push(hit);
		if (hits.length > 4 * keep + 100) hits = hits.sort(byRank).slice(0, keep);
	});
	return { hits: hits.sort(byRank).slice(0, keep), total };
}
