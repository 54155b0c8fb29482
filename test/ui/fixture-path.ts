import { readFileSync } from "node:fs";
import type { SessionEntry } from "../../source/session/types.js";
import { join } from "node:path";
import { FIXTURES_DIR } from "../helpers/shared.js";

/** Entries of a JSONL session fixture, header dropped (a reader independent of the store). */
export function fixtureEntries(file: string): SessionEntry[] {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((l) => l.trim() !== "")
		.map((l) => JSON.parse(l) as SessionEntry)
		.filter((e) => (e.type as string) !== "session");
}

/** root → leafId through parentId links. */
export function pathTo(entries: SessionEntry[], leafId: string): SessionEntry[] {
	const byId = new Map(entries.map((e) => [e.id, e]));
	const path: SessionEntry[] = [];
	for (let e = byId.get(leafId); e; e = e.parentId ? byId.get(e.parentId) : undefined) path.push(e);
	return path.reverse();
}

export const TREE_FIXTURE = join(FIXTURES_DIR, "pi-tree-session.jsonl");
