/**
 * A private copy of the project's files (docs/fanout.md, docs/tasks.md): a file state of the
 * project's private checkpoint store (a tree id) checked out into a private folder under
 * `$ARBOR_HOME`, with its own git index — never the user's `.git`. The copy's root keeps the project
 * folder's name, so relative paths read as they do in the project. The index it leaves is the one
 * its checkpoints use. Fan-out branches and tasks that may write work in one each.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit, type GitPlace } from "./git.js";
import { privateDir } from "./modes.js";
import { storeDirFor } from "./store.js";

/** One materialised copy: its folder (the tools' cwd), its git index, its private temp folder. */
export type WorkCopy = { cwd: string; indexFile: string; tmp: string; tree: string };

/**
 * Checks tree `tree` of `projectCwd`'s checkpoint store out into `<dir>/<project folder name>`:
 * `git read-tree` into the copy's own index, then `git checkout-index -a` (the files, their modes
 * and links). `dir` (under `home`) must not exist yet or be empty; the folders down to it are private.
 */
export async function materialiseCopy(opts: { home: string; projectCwd: string; tree: string; dir: string }): Promise<WorkCopy> {
	for (const d of foldersDown(opts.home, opts.dir)) privateDir(d);
	const cwd = path.join(opts.dir, path.basename(path.resolve(opts.projectCwd)) || "project");
	fs.mkdirSync(cwd, { recursive: true });
	const copy: WorkCopy = { cwd, indexFile: path.join(opts.dir, "index"), tmp: path.join(opts.dir, "tmp"), tree: opts.tree };
	const place = copyPlace(opts.home, opts.projectCwd, copy);
	await runGit(place, ["read-tree", opts.tree]);
	await runGit(place, ["checkout-index", "-a", "-f", "-q"]);
	return copy;
}

/** `home`, then each folder on the way to `dir` (`dir` itself last); just `dir` when it is not under `home`. */
function foldersDown(home: string, dir: string): string[] {
	const rel = path.relative(path.resolve(home), path.resolve(dir));
	if (rel.startsWith("..") || path.isAbsolute(rel)) return [dir];
	const parts = rel === "" ? [] : rel.split(path.sep);
	return [home, ...parts.map((_, i) => path.join(home, ...parts.slice(0, i + 1)))];
}

/** The git place of a copy: the project's store, the copy as work tree, the copy's index. */
export function copyPlace(home: string, projectCwd: string, copy: { cwd: string; indexFile: string }): GitPlace {
	return { gitDir: path.join(storeDirFor(home, projectCwd), "git"), workTree: copy.cwd, indexFile: copy.indexFile };
}
