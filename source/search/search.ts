/**
 * `arbor search`: every session file of a folder (or of every folder) searched for a query,
 * hits ranked across files, each with the session, the entry, a snippet and whether the entry is
 * on the session's active path. Streams the files; never builds a tree.
 */
import { closeSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { activePath } from "./ancestry.js";
import type { Field } from "./fields.js";
import { parseQuery } from "./query.js";
import { byRank, scanFile, type FileHit } from "./scan.js";

/** One search result: a file's hit plus the session it is in. */
export type SearchHit = FileHit & {
	sessionId: string;
	sessionFile: string;
	sessionName?: string;
	cwd?: string;
	onActivePath: boolean;
};

export type SearchResult = { query: string; files: number; total: number; hits: SearchHit[] };

/** Session files (`*.jsonl`) directly in `dir`; a missing folder has none. */
export function sessionFilesIn(dir: string): string[] {
	try {
		return readdirSync(dir)
			.filter((n) => n.endsWith(".jsonl"))
			.sort()
			.map((n) => join(dir, n));
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
		throw error;
	}
}

/** Session files of every project folder under `<home>/sessions`. */
export function allSessionFiles(home: string): string[] {
	const root = join(home, "sessions");
	return sessionFilesIn(root).concat(
		(() => {
			try {
				return readdirSync(root, { withFileTypes: true })
					.filter((d) => d.isDirectory())
					.flatMap((d) => sessionFilesIn(join(root, d.name)));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
				throw error;
			}
		})(),
	);
}

function headerOf(file: string): { id: string; cwd?: string } | undefined {
	const fd = openSync(file, "r");
	try {
		const buf = Buffer.alloc(4096);
		const n = readSync(fd, buf, 0, buf.length, 0);
		const line = buf.toString("utf8", 0, n).split("\n")[0] ?? "";
		const h = JSON.parse(line) as Record<string, unknown>;
		if (h.type !== "session" || typeof h.id !== "string") return undefined;
		return { id: h.id, ...(typeof h.cwd === "string" ? { cwd: h.cwd } : {}) };
	} catch {
		return undefined; // not a session file (or a damaged header): nothing to search
	} finally {
		closeSync(fd);
	}
}

/** Searches `files` for `queryText`; the best `limit` hits, best first. Throws on a bad query. */
export function searchSessions(files: readonly string[], queryText: string, limit: number): SearchResult {
	const query = parseQuery(queryText);
	let total = 0;
	let searched = 0;
	const perFile: { file: string; header: { id: string; cwd?: string }; hits: FileHit[] }[] = [];
	for (const file of files) {
		const header = headerOf(file);
		if (!header) continue;
		searched++;
		const found = scanFile(file, query, limit);
		total += found.total;
		if (found.hits.length) perFile.push({ file, header, hits: found.hits });
	}
	const ranked = perFile
		.flatMap((f) => f.hits.map((hit) => ({ f, hit })))
		.sort((a, b) => byRank(a.hit, b.hit))
		.slice(0, limit);
	const paths = new Map<string, ReturnType<typeof activePath>>();
	const hits = ranked.map(({ f, hit }) => {
		let path = paths.get(f.file);
		if (path === undefined) {
			path = activePath(f.file);
			paths.set(f.file, path);
		}
		return {
			sessionId: f.header.id,
			sessionFile: f.file,
			...(path.name !== undefined ? { sessionName: path.name } : {}),
			...(f.header.cwd !== undefined ? { cwd: f.header.cwd } : {}),
			...hit,
			onActivePath: path.ids.has(hit.entryId),
		};
	});
	return { query: queryText, files: searched, total, hits };
}

