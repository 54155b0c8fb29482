/**
 * Who wrote the entries a sync brought in: `$ARBOR_HOME/sync/authors/<session id>.jsonl`, a line
 * `{"by":"user@host","ids":[…]}` per author and sync (older syncs wrote `<session id>.json`, one
 * object entry id → `user@host`, which is still read). Kept beside the session, never in it, so the session
 * file stays exactly pi's; listings and the tree read it to mark synced entries.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Author } from "./write-remote.js";

const fileOf = (home: string, sessionId: string, ext: "json" | "jsonl") => path.join(home, "sync", "authors", `${sessionId}.${ext}`);

/** The recorded authors of a session's synced entries (entry id → `user@host`); empty when none. */
export function readAuthors(home: string, sessionId: string): Record<string, string> {
	const all: Record<string, string> = {};
	try {
		// Written by the first syncs (one object, rewritten each time); read as it is.
		const value: unknown = JSON.parse(fs.readFileSync(fileOf(home, sessionId, "json"), "utf8"));
		if (value && typeof value === "object") Object.assign(all, value);
	} catch {
		// none
	}
	let text: string;
	try {
		text = fs.readFileSync(fileOf(home, sessionId, "jsonl"), "utf8");
	} catch {
		return all;
	}
	for (const line of text.split("\n")) {
		const record = parseRecord(line);
		if (record) for (const id of record.ids) all[id] = record.by;
	}
	return all;
}

/** One line of the authors file: `{"by":"user@host","ids":[…]}`; undefined for a torn or foreign line. */
function parseRecord(line: string): { by: string; ids: string[] } | undefined {
	if (line === "") return undefined;
	try {
		const v = JSON.parse(line) as { by?: unknown; ids?: unknown };
		return typeof v.by === "string" && Array.isArray(v.ids) ? { by: v.by, ids: v.ids.filter((id): id is string => typeof id === "string") } : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Adds the authors of entries just brought in: one line per author appended (never a rewrite of what
 * earlier syncs recorded — a 100k-entry session's record is megabytes). Each line starts on a line of
 * its own, so a line a kill tore is skipped and loses nothing of the next one.
 */
export function recordAuthors(home: string, sessionId: string, entries: readonly { id: string; author?: Author }[]): void {
	const byAuthor = new Map<string, string[]>();
	for (const e of entries) {
		if (!e.author) continue;
		const by = `${e.author.user}@${e.author.host}`;
		const ids = byAuthor.get(by);
		if (ids) ids.push(e.id);
		else byAuthor.set(by, [e.id]);
	}
	if (byAuthor.size === 0) return;
	const file = fileOf(home, sessionId, "jsonl");
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	fs.appendFileSync(file, [...byAuthor].map(([by, ids]) => `\n${JSON.stringify({ by, ids })}`).join(""), { mode: 0o600 });
}

/** The distinct authors of a session's synced entries (`user@host`, sorted). */
function sessionAuthors(home: string, sessionId: string): string[] {
	return [...new Set(Object.values(readAuthors(home, sessionId)))].sort();
}

/** Session rows with `syncedFrom` (the authors of their synced entries) where there are any. */
export function withSyncAuthors<T extends { id: string }>(rows: readonly T[], home: string): (T & { syncedFrom?: string[] })[] {
	return rows.map((row) => {
		const from = sessionAuthors(home, row.id);
		return from.length > 0 ? { ...row, syncedFrom: from } : row;
	});
}

type Node = { id: string; children: Node[]; author?: string };

/** Marks the nodes of a tree (`arbor tree --json`) whose entries came by sync with their `author` (`user@host`). */
export function markAuthors<T extends { roots: Node[] }>(tree: T, home: string, sessionId: string): T {
	const authors = readAuthors(home, sessionId);
	if (Object.keys(authors).length === 0) return tree;
	const stack = [...tree.roots];
	for (let node = stack.pop(); node; node = stack.pop()) {
		const author = authors[node.id];
		if (author) node.author = author;
		stack.push(...node.children);
	}
	return tree;
}
