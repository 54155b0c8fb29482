/**
 * How a search on several threads shares out its files (parallel.ts): a file large enough, whose
 * first chunk shows the query's anchor on few lines, is cut into byte ranges that threads take
 * one at a time (a range's lines are those begun in it: chunks.ts), so one big file at the end
 * does not leave a thread idle; any other file is one unit, searched whole. The outcomes of a
 * file's ranges, taken in order, give what searching it whole gives.
 */
import { statSync } from "node:fs";
import { must } from "../text/must.js";
import { firstLines, WHOLE, type Range } from "./chunks.js";
import type { Query } from "./query.js";
import { anchorPair, dense, linesWithAnchor } from "./anchor.js";
import { pairFinder, type Pair } from "./pair-scan.js";
import { byRank, filterOf } from "./scan.js";
import type { FileOutcome } from "./search.js";
import { errnoCode } from "../text/error-text.js";

/** One thread's piece of work: a file (its index), or a range of it with the anchor chosen for the file. */
export type Unit = { file: number; range: Range; pair?: Pair };

const MIN_UNIT = 16 * 1024;
const MAX_UNIT = 16 * 1024 * 1024;
/** Units per thread, about: enough that the threads finish within a unit's time of each other. */
const PER_THREAD = 16;

/** The size of a range for `total` bytes on `threads` threads: about 1/16 of a thread's share, from 16 KB to 16 MB. */
function unitSize(total: number, threads: number): number {
	return Math.min(MAX_UNIT, Math.max(MIN_UNIT, Math.ceil(total / (threads * PER_THREAD))));
}

function sizeOf(file: string): number {
	try {
		return statSync(file).size;
	} catch {
		return 0; // unreadable: one unit, whose search reports it
	}
}

/**
 * Whether `file` may be searched in ranges by several threads: only when its first chunk shows
 * the query's anchor on few lines, so the search reads only those lines wherever they are (a file
 * read whole collects its active path on the way: that needs every line, in order, in one thread).
 */
function splittable(file: string, query: Query): Pair | undefined {
	const filter = filterOf(query);
	if (!filter?.pair || !query.prefilter) return undefined;
	const finder = pairFinder();
	const bytes = firstLines(file, finder);
	if (!bytes) return undefined;
	const pair = anchorPair(query.prefilter, bytes) ?? filter.pair;
	return dense(bytes, linesWithAnchor(bytes, pair, finder)) ? undefined : pair;
}

/** The anchor of `file` when it may be cut into ranges (see splittable), else undefined. */
function canSplit(file: string, query: Query): Pair | undefined {
	try {
		return splittable(file, query);
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return undefined; // unreadable: one unit, whose search reports it
	}
}

/** The units of `files` for `threads` threads, in file order (a file's ranges in offset order). */
export function planUnits(files: readonly string[], query: Query, threads: number): Unit[] {
	if (threads < 2) return files.map((_, i) => ({ file: i, range: WHOLE })); // one thread: nothing to share out, nothing to stat
	const sizes = files.map(sizeOf);
	const unit = unitSize(
		sizes.reduce((a, b) => a + b, 0),
		threads,
	);
	return files.flatMap((file, i): Unit[] => {
		const size = must(sizes[i], "size of a file");
		const pair = size < 2 * unit ? undefined : canSplit(file, query);
		if (!pair) return [{ file: i, range: WHOLE }];
		const count = Math.ceil(size / unit);
		// The last range runs to the end of the file, however long it has grown since; every range looks for the anchor chosen from the file's start.
		return Array.from({ length: count }, (_, j) => ({ file: i, range: { start: j * unit, end: j === count - 1 ? Infinity : (j + 1) * unit }, pair }));
	});
}

/**
 * One file's outcome from those of its units, in offset order: skipped if any range could not be
 * read; else the header of the first, every range's hits ranked together (ties in file order,
 * as one scan ranks them) and cut to `limit`, and their totals summed.
 */
export function combineUnits(outcomes: readonly FileOutcome[], limit: number): FileOutcome {
	const [first] = outcomes;
	if (outcomes.length === 1 && first) return first;
	const skipped = outcomes.find((o) => o.kind === "skipped");
	if (skipped) return skipped;
	if (!first || first.kind !== "scanned") return { kind: "none" };
	const scans = outcomes.map((o) => (o.kind === "scanned" ? o.scan : { hits: [], total: 0 }));
	return {
		kind: "scanned",
		header: first.header,
		scan: {
			hits: scans
				.flatMap((s) => s.hits)
				.sort(byRank)
				.slice(0, limit),
			total: scans.reduce((n, s) => n + s.total, 0),
		},
	};
}
