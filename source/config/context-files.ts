/**
 * Project instructions: `AGENTS.md` (or `CLAUDE.md` where a folder has no `AGENTS.md`) from
 * `$ARBOR_HOME`, then from the filesystem root down to the working directory — the files pi reads,
 * in pi's order (outer first, so the closest folder speaks last). Each file is read once; a file
 * that cannot be read is a warning, never a failure.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { causeOf } from "../session/io-errors.js";
import type { Settings } from "./settings.js";

type ContextFile = { path: string; content: string };
export type ContextFiles = { files: ContextFile[]; warnings: string[] };

/** Names looked for in each folder, the first that exists wins. */
const CONTEXT_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

/** The folders searched, in the order their files are appended: home, then root → cwd. */
export function contextFolders(cwd: string, home: string): string[] {
	const chain: string[] = [];
	for (let dir = resolve(cwd); ; dir = dirname(dir)) {
		chain.unshift(dir);
		if (dirname(dir) === dir) break;
	}
	return [resolve(home), ...chain];
}

/** The file a folder contributes: AGENTS.md if it is there (even unreadable), else CLAUDE.md. */
function candidate(dir: string): string | undefined {
	for (const name of CONTEXT_FILE_NAMES) {
		const path = join(dir, name);
		try {
			if (statSync(path).isFile()) return path;
		} catch {
			// not there (or the folder cannot be listed): try the next name
		}
	}
	return undefined;
}

function realOrSame(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return path;
	}
}

export function loadContextFiles(opts: { cwd: string; home: string }): ContextFiles {
	const files: ContextFile[] = [];
	const warnings: string[] = [];
	const seen = new Set<string>();
	for (const dir of contextFolders(opts.cwd, opts.home)) {
		const path = candidate(dir);
		if (path === undefined) continue;
		const real = realOrSame(path);
		if (seen.has(real)) continue;
		seen.add(real);
		try {
			files.push({ path, content: readFileSync(path, "utf8") });
		} catch (error) {
			warnings.push(`cannot read ${path}: ${causeOf(error)}; left out of the system prompt`);
		}
	}
	return { files, warnings };
}

/** The chat modes' context files: none with `--no-context-files` or `"contextFiles": false`. */
export function chatContextFiles(flags: { contextFiles?: boolean }, settings: Settings, where: { cwd: string; home: string }): ContextFiles {
	if (flags.contextFiles === false || settings.contextFiles === false) return { files: [], warnings: [] };
	return loadContextFiles(where);
}

/** `~/…` under the user's home, relative under the working directory, absolute elsewhere. */
function shortPath(path: string, cwd: string): string {
	const inCwd = relative(cwd, path);
	if (!inCwd.startsWith("..") && !isAbsolute(inCwd)) return inCwd;
	const inHome = relative(homedir(), path);
	if (!inHome.startsWith("..") && !isAbsolute(inHome)) return join("~", inHome);
	return path;
}

/** One line for the status line and /session: which files are in the system prompt. */
export function contextFilesLine(context: ContextFiles, cwd: string): string {
	const loaded = context.files.length === 0 ? "no AGENTS.md / CLAUDE.md" : context.files.map((f) => shortPath(f.path, cwd)).join(", ");
	const unread = context.warnings.length === 0 ? "" : ` (${context.warnings.length} unreadable: ${context.warnings.join("; ")})`;
	return `instructions: ${loaded}${unread}`;
}
