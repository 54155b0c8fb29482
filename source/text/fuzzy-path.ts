/**
 * Fuzzy matching of file paths for `@` completion: the query's characters in order, anywhere in the
 * path (case-insensitive). Matches in the file name, right after a `/`, `.`, `-` or `_`, and in runs
 * rank higher; shorter paths break ties. Pure and allocation-light: 50,000 paths take a few ms.
 */

const BOUNDARY = new Set(["/", ".", "-", "_", " "]);

/** A quick test without allocating: `query`'s (lower-case) characters in order in `path`, ASCII letters folded. */
function mayMatch(path: string, query: string): boolean {
	let j = 0;
	for (let i = 0; i < path.length && j < query.length; i++) {
		let c = path.charCodeAt(i);
		if (c >= 65 && c <= 90) c += 32;
		if (c === query.charCodeAt(j) || c > 127) j++;
	}
	return j === query.length;
}

/** The match score of `query` (lower-case) in `path`, or -1 when its characters are not all there in order. */
export function fuzzyScore(path: string, query: string): number {
	if (query === "") return 0;
	if (!mayMatch(path, query)) return -1;
	const lower = path.toLowerCase();
	const nameStart = lower.lastIndexOf("/") + 1;
	let score = 0;
	let at = -1;
	let run = 0;
	for (const ch of query) {
		const found = lower.indexOf(ch, at + 1);
		if (found === -1) return -1;
		run = found === at + 1 ? run + 1 : 0;
		score += 1 + run * 2;
		if (found === 0 || BOUNDARY.has(lower[found - 1] ?? "")) score += 3;
		if (found >= nameStart) score += 2;
		at = found;
	}
	// The whole query in the file name, or the name starting with it, is what people mean most.
	const name = lower.slice(nameStart);
	if (name.startsWith(query)) score += 10;
	else if (name.includes(query)) score += 5;
	return score;
}

/** The best `limit` paths for `query`, best first (equal scores: shorter, then alphabetical). */
export function fuzzyPaths(paths: readonly string[], query: string, limit: number): string[] {
	const q = query.toLowerCase();
	const best: { path: string; score: number }[] = [];
	const worse = (a: { path: string; score: number }, b: { path: string; score: number }) =>
		a.score !== b.score ? a.score < b.score : a.path.length !== b.path.length ? a.path.length > b.path.length : a.path > b.path;
	for (const path of paths) {
		const score = fuzzyScore(path, q);
		if (score < 0) continue;
		const item = { path, score };
		const last = best[best.length - 1];
		if (best.length === limit && last && !worse(last, item)) continue;
		let i = best.length;
		for (let prev = best[i - 1]; prev && worse(prev, item); prev = best[i - 1]) i--;
		best.splice(i, 0, item);
		if (best.length > limit) best.pop();
	}
	return best.map((b) => b.path);
}
