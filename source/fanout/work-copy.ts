/**
 * A branch's own copy of the project (docs/fanout.md): a file state of the project's private
 * checkpoint store (a tree id) checked out into a private folder under `$ARBOR_HOME/fanout/`, with
 * its own git index — never the user's `.git`. The copy's root keeps the project folder's name, so
 * relative paths read as they do in the project. The index it leaves is the one its checkpoints use.
 * The copy itself is made by checkpoints/work-copy.ts (tasks make theirs there too); here, where
 * a fan-out keeps its copies and what a branch changed.
 */
import * as path from "node:path";
import { runGit, type GitPlace } from "../checkpoints/git.js";

/** Where a fan-out's copies live: `$ARBOR_HOME/fanout/<session id>-<time>/`. */
export function fanoutDir(home: string, sessionId: string, now = new Date()): string {
	const stamp = now.toISOString().replace(/[:.]/g, "-");
	return path.join(home, "fanout", `${sessionId.slice(0, 8)}-${stamp}`);
}

/** Lines added and removed per file between two trees of the project's store (`git diff-tree --numstat`). */
export async function treeNumstat(place: GitPlace, from: string, to: string): Promise<FileStat[]> {
	if (from === to) return [];
	const out = (await runGit(place, ["diff-tree", "-r", "-z", "--numstat", "--no-renames", from, to])).toString("utf8");
	const stats: FileStat[] = [];
	for (const item of out.split("\0")) {
		const match = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(item);
		if (match) stats.push({ path: match[3] ?? "", added: Number(match[1]) || 0, removed: Number(match[2]) || 0 });
	}
	return stats;
}

/** One file a branch changed. */
export type FileStat = { path: string; added: number; removed: number };

