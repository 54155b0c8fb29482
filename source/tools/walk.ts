/**
 * Directory walker shared by `grep` and `find`: yields files in sorted order, honours every
 * .gitignore from the repository root down, and never enters `.git` or `node_modules`.
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isIgnored, loadGitignore, type IgnoreRule } from "./ignore.js";
import { throwIfAborted } from "./result.js";
import { errnoCode } from "../text/error-text.js";

const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

/** Finds the enclosing git work tree (a directory holding `.git`), if any. */
async function findRepoRoot(start: string): Promise<string | undefined> {
	let dir = start;
	for (;;) {
		if (await exists(path.join(dir, ".git"))) return dir;
		const parent = path.dirname(dir);
		if (parent === dir) return undefined;
		dir = parent;
	}
}

async function exists(p: string): Promise<boolean> {
	try {
		await stat(p);
		return true;
	} catch {
		// Any stat failure (missing, no permission) means we cannot use it as a marker.
		return false;
	}
}

function toPosixRel(root: string, abs: string): string {
	return path.relative(root, abs).split(path.sep).join("/");
}

/** Decides whether a symlinked file may be searched (confinement: its target must be inside). */
type LinkFilter = (abs: string) => Promise<boolean>;

type WalkState = { root: string; signal?: AbortSignal; acceptLink?: LinkFilter };

/** Yields absolute paths of the non-ignored files below `startDir`, sorted per directory. */
export async function* walkFiles(startDir: string, signal?: AbortSignal, acceptLink?: LinkFilter): AsyncGenerator<string> {
	const root = (await findRepoRoot(startDir)) ?? startDir;
	let rules: IgnoreRule[] = [];
	// Rules of the .gitignore files between the repo root and the start apply to the start too.
	const chain: string[] = [];
	for (let dir = startDir; ; dir = path.dirname(dir)) {
		chain.unshift(dir);
		if (dir === root || path.dirname(dir) === dir) break;
	}
	for (const dir of chain.slice(0, -1)) {
		rules = rules.concat(await loadGitignore(dir, toPosixRel(root, dir)));
	}
	yield* walkDir(startDir, rules, { root, signal, acceptLink });
}

async function* walkDir(dir: string, inherited: IgnoreRule[], state: WalkState): AsyncGenerator<string> {
	throwIfAborted(state.signal);
	const rules = inherited.concat(await loadGitignore(dir, toPosixRel(state.root, dir)));
	let entries: Dirent[];
	try {
		entries = await readdir(dir, { withFileTypes: true });
	} catch (error) {
		// Unreadable sub-directories are skipped, as grep -r / rg do; the start dir was checked.
		if (errnoCode(error) === "EACCES") return;
		throw error;
	}
	entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	for (const entry of entries) {
		if (ALWAYS_SKIPPED.has(entry.name)) continue;
		const abs = path.join(dir, entry.name);
		const kind = await entryKind(entry, abs, state.acceptLink);
		if (kind === "other") continue;
		const rel = toPosixRel(state.root, abs);
		if (isIgnored(rules, rel, kind === "dir")) continue;
		if (kind === "dir") yield* walkDir(abs, rules, state);
		else yield abs;
	}
}

async function entryKind(entry: Dirent, abs: string, acceptLink?: LinkFilter): Promise<"file" | "dir" | "other"> {
	if (entry.isDirectory()) return "dir";
	if (entry.isFile()) return "file";
	if (!entry.isSymbolicLink()) return "other";
	// Symlinked files are searched; symlinked directories are not followed (cycles).
	try {
		if (!(await stat(abs)).isFile()) return "other";
		return !acceptLink || (await acceptLink(abs)) ? "file" : "other";
	} catch {
		// A dangling symlink has nothing to search.
		return "other";
	}
}
