/**
 * A branch's own copy of the project (docs/fanout.md): a file state of the project's private
 * checkpoint store (a tree id) checked out into a private folder under `$ARBOR_HOME/fanout/`, with
 * its own git index — never the user's `.git`. The copy's root keeps the project folder's name, so
 * relative paths read as they do in the project. The index it leaves is the one its checkpoints use.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit, type GitPlace } from "../checkpoints/git.js";
import { privateDir } from "../checkpoints/modes.js";
import { storeDirFor } from "../checkpoints/store.js";

/** One materialised copy: its folder (the tools' cwd), its git index, its private temp folder. */
export type WorkCopy = { cwd: string; indexFile: string; tmp: string; tree: string };

/** Where a fan-out's copies live: `$ARBOR_HOME/fanout/<session id>-<time>/`. */
export function fanoutDir(home: string, sessionId: string, now = new Date()): string {
	const stamp = now.toISOString().replace(/[:.]/g, "-");
	return path.join(home, "fanout", `${sessionId.slice(0, 8)}-${stamp}`);
}

/**
 * Checks tree `tree` of `projectCwd`'s checkpoint store out into `<dir>/<project folder name>`:
 * `git read-tree` into the copy's own index, then `git checkout-index -a` (the files, their modes
 * and links). `dir` must not exist yet or be empty.
 */
export async function materialiseCopy(opts: { home: string; projectCwd: string; tree: string; dir: string }): Promise<WorkCopy> {
	for (const d of [opts.home, path.join(opts.home, "fanout"), path.dirname(opts.dir), opts.dir]) privateDir(d);
	const cwd = path.join(opts.dir, path.basename(path.resolve(opts.projectCwd)) || "project");
	fs.mkdirSync(cwd, { recursive: true });
	const copy: WorkCopy = { cwd, indexFile: path.join(opts.dir, "index"), tmp: path.join(opts.dir, "tmp"), tree: opts.tree };
	const place = copyPlace(opts.home, opts.projectCwd, copy);
	await runGit(place, ["read-tree", opts.tree]);
	await runGit(place, ["checkout-index", "-a", "-f", "-q"]);
	return copy;
}

/** The git place of a copy: the project's store, the copy as work tree, the copy's index. */
export function copyPlace(home: string, projectCwd: string, copy: { cwd: string; indexFile: string }): GitPlace {
	return { gitDir: path.join(storeDirFor(home, projectCwd), "git"), workTree: copy.cwd, indexFile: copy.indexFile };
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


/** The unified diff between two trees (the comparison screen's `d`). */
export async function treePatch(place: GitPlace, from: string, to: string): Promise<string> {
	if (from === to) return "";
	return (await runGit(place, ["diff-tree", "-p", "-r", "--no-renames", "--no-color", from, to])).toString("utf8");
}
