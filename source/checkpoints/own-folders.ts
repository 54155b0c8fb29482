/**
 * ARBOR_HOME inside the project (sessions, the store itself) is never part of a snapshot, however
 * either is named (a link, a relative path): both are compared with links resolved. A store that
 * took them in before (older arbor) drops them from its index the next time its rules change.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit, type GitPlace } from "./git.js";

function real(p: string): string {
	try {
		return fs.realpathSync(p);
	} catch {
		return path.resolve(p);
	}
}

/** The folders (relative to `cwd`, `/`-separated) of `dirs` that lie inside `cwd`. */
export function ownFolders(cwd: string, dirs: readonly string[]): string[] {
	const root = real(cwd);
	const inside = new Set<string>();
	for (const dir of dirs) {
		const rel = path.relative(root, real(dir));
		if (rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel)) inside.add(rel.split(path.sep).join("/"));
	}
	return [...inside];
}

/** Exclude rules (gitignore syntax, anchored) for those folders. */
export function excludeRules(folders: readonly string[]): string {
	return folders.map((rel) => `/${rel.replace(/[\\*?[\]!# ]/g, (c) => `\\${c}`)}/\n`).join("");
}

/** Drops those folders' files from the store's index (they stay on disk). */
export async function dropFromIndex(place: GitPlace, folders: readonly string[]): Promise<void> {
	if (folders.length === 0) return;
	await runGit(place, ["rm", "-q", "-r", "-f", "--cached", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], `${folders.map((f) => `:(literal)${f}`).join("\0")}\0`);
}
