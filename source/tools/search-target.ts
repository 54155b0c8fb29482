/** Resolves the `path` argument of grep/find to a file or directory, with one clear error. */
import { stat } from "node:fs/promises";
import path from "node:path";
import { isNotFound, resolvePath } from "./paths.js";
import { ToolError } from "./result.js";
import { walkFiles } from "./walk.js";
import { isInside, type Confinement } from "./confine.js";

/** The resolved search root and a lazy list of the files to search below it. */
type SearchTarget = { abs: string; isDir: boolean; files: AsyncIterable<string> };

/** Stats `shown` (relative to cwd) and returns the files to search: itself or a walk below it. */
export async function searchTarget(cwd: string, shown: string, signal?: AbortSignal, confinement?: Confinement): Promise<SearchTarget> {
	const abs = resolvePath(cwd, shown);
	let isDir: boolean;
	try {
		isDir = (await stat(abs)).isDirectory();
	} catch (error) {
		if (isNotFound(error)) throw new ToolError(`${shown}: no such file or directory`);
		throw error;
	}
	// Linked files whose target lies outside the allowed folders are skipped, not read.
	const acceptLink = confinement ? (file: string) => isInside(confinement, file) : undefined;
	const files = isDir ? walkFiles(abs, signal, acceptLink) : single(abs);
	return { abs, isDir, files };
}

async function* single(abs: string): AsyncGenerator<string> {
	yield abs;
}

/** Path of `file` relative to the search root, posix separators, for glob filtering. */
export function relToRoot(target: SearchTarget, file: string): string {
	const base = target.isDir ? target.abs : path.dirname(target.abs);
	return path.relative(base, file).split(path.sep).join("/");
}
