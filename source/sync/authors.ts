/**
 * Who wrote the entries a sync brought in: `$ARBOR_HOME/sync/authors/<session id>.json`, entry id →
 * `user@host` of the machine that pushed it. Kept beside the session, never in it, so the session
 * file stays exactly pi's; listings and the tree read it to mark synced entries.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Author } from "./write-remote.js";

const fileOf = (home: string, sessionId: string) => path.join(home, "sync", "authors", `${sessionId}.json`);

/** The recorded authors of a session's synced entries (entry id → `user@host`); empty when none. */
export function readAuthors(home: string, sessionId: string): Record<string, string> {
	try {
		const value: unknown = JSON.parse(fs.readFileSync(fileOf(home, sessionId), "utf8"));
		return value && typeof value === "object" ? (value as Record<string, string>) : {};
	} catch {
		return {};
	}
}

/** Adds the authors of entries just brought in (temp file and rename). */
export function recordAuthors(home: string, sessionId: string, entries: readonly { id: string; author?: Author }[]): void {
	const known = entries.filter((e) => e.author);
	if (known.length === 0) return;
	const all = readAuthors(home, sessionId);
	for (const e of known) all[e.id] = `${e.author?.user}@${e.author?.host}`;
	const file = fileOf(home, sessionId);
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	const temp = `${file}.${process.pid}.tmp`;
	fs.writeFileSync(temp, JSON.stringify(all), { mode: 0o600 });
	fs.renameSync(temp, file);
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
