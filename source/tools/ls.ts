/** `ls`: the entries of one directory, sorted, directories marked with a trailing `/`. */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isNotFound, resolvePath } from "./paths.js";
import { ToolError, type ToolResult } from "./result.js";
import { counted } from "../text/count.js";

const LS_MAX_ENTRIES = 500;

type LsArgs = { path?: string };
type LsDetails = { path: string; total: number; shown: number };

/** Lists `args.path` (default: cwd), including dot files. */
export async function lsTool(args: LsArgs, opts: { cwd: string }): Promise<ToolResult<LsDetails>> {
	const shownPath = args.path ?? ".";
	const abs = resolvePath(opts.cwd, shownPath);
	try {
		if (!(await stat(abs)).isDirectory()) throw new ToolError(`${shownPath} is not a directory`);
	} catch (error) {
		if (isNotFound(error)) throw new ToolError(`${shownPath}: no such file or directory`);
		throw error;
	}
	const entries = await readdir(abs, { withFileTypes: true });
	const names = await Promise.all(entries.map((e) => label(e, abs)));
	names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
	const shown = names.slice(0, LS_MAX_ENTRIES);
	const lines = shown.length === 0 ? ["(empty directory)"] : [...shown];
	if (names.length > shown.length) lines.push(`[... ${counted(names.length - shown.length, "more entry", "more entries")} not shown]`);
	return { output: lines.join("\n"), details: { path: abs, total: names.length, shown: shown.length } };
}

async function label(entry: Dirent, dir: string): Promise<string> {
	if (entry.isDirectory()) return `${entry.name}/`;
	if (!entry.isSymbolicLink()) return entry.name;
	try {
		return (await stat(path.join(dir, entry.name))).isDirectory() ? `${entry.name}/` : entry.name;
	} catch {
		// A dangling link is still an entry worth showing; it just is not a directory.
		return entry.name;
	}
}
