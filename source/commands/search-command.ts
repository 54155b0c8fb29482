/**
 * `arbor search <query> [--all] [--json] [--limit N]`: hits across this folder's sessions (or all),
 * best first. Text output is two lines a hit; `--json` carries the exact snippet text.
 */
import { usageError } from "../config/errors.js";
import { allSessionFiles, type SearchHit } from "../search/search.js";
import { parseQuery } from "../search/query.js";
import { searchSessionsParallel } from "../search/parallel.js";
import { sessionFiles } from "../session/paths.js";
import { place, type CommonOptions } from "../config/options.js";
import { terminalText } from "../text/terminal-text.js";
import { counted } from "../text/count.js";
import { skipWarning } from "./skip-warning.js";
import { errorMessage } from "../text/error-text.js";
import { readAuthors } from "../sync/authors.js";

export type SearchOptions = CommonOptions & { limit?: string };

function parseLimit(value: string | undefined): number {
	if (value === undefined) return 20;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1 || n > 10_000) throw usageError(`--limit takes a whole number from 1 to 10000, not "${value}"`);
	return n;
}

/** The hits, each entry a sync brought in with its `author` (`user@host`, docs/sync.md). */
function withAuthors(hits: readonly SearchHit[], home: string): (SearchHit & { author?: string })[] {
	const bySession = new Map<string, Record<string, string>>();
	return hits.map((hit) => {
		const authors = bySession.get(hit.sessionId) ?? readAuthors(home, hit.sessionId);
		bySession.set(hit.sessionId, authors);
		const author = authors[hit.entryId];
		return author !== undefined ? { ...hit, author } : hit;
	});
}

function formatHit(hit: SearchHit & { author?: string }): string {
	const session = hit.sessionName ? `${hit.sessionName} (${hit.sessionId.slice(0, 8)})` : hit.sessionId.slice(0, 8);
	const when = hit.timestamp ? `${hit.timestamp.slice(0, 16).replace("T", " ")}  ` : "";
	const active = hit.onActivePath ? "  ● active path" : "";
	const by = hit.author !== undefined ? `  by ${hit.author}` : "";
	return `${when}${session}  ${hit.entryId}  ${hit.field}${by}${active}\n    ${hit.snippet}\n    ${hit.sessionFile}`;
}

export async function searchCommand(words: string[], opts: SearchOptions): Promise<number> {
	const text = words.join(" ").trim();
	if (text === "") throw usageError("no search query");
	const limit = parseLimit(opts.limit);
	const where = place(opts);
	const files = opts.all ? allSessionFiles(where.home) : sessionFiles(where.sessionDir);
	try {
		parseQuery(text);
	} catch (error) {
		throw usageError(errorMessage(error));
	}
	// Large searches run on more than one core (parallel.ts); the result is the same either way.
	const found = await searchSessionsParallel(files, text, limit, { onSkip: skipWarning });
	const result = { ...found.result, hits: withAuthors(found.result.hits, where.home) };
	if (opts.json) {
		process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
		return 0;
	}
	const shown = result.hits.map(formatHit);
	const scope = opts.all ? "all sessions" : where.sessionDir;
	const footer =
		result.total === 0
			? `no matches for ${JSON.stringify(text)} in ${counted(result.files, "session")} (${scope})`
			: `${result.hits.length} of ${counted(result.total, "hit")} in ${counted(result.files, "session")} searched (${scope})`;
	process.stdout.write(`${terminalText([...shown, footer].join("\n\n"))}\n`);
	return 0;
}
