/**
 * Where the file tools (read, ls, grep, find, write, edit) may go: the working directory and the
 * folders given with --add-dir (or the settings key addDirs). Paths are judged after resolving
 * symlinks, so a link inside the project that points elsewhere is outside. bash is not confined.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { resolvePath } from "./paths.js";
import { errnoCode } from "../text/error-text.js";

/** The folders the file tools may use, each already resolved to its real path. */
export type Confinement = { roots: readonly string[] };

/** The confinement for `cwd` plus `addDirs` (absolute or relative to cwd; symlinks resolved). */
export async function confinementFor(cwd: string, addDirs: readonly string[] = []): Promise<Confinement> {
	const all = [cwd, ...addDirs.map((d) => resolvePath(cwd, d))];
	const roots = await Promise.all(all.map((d) => realTarget(d)));
	return { roots: [...new Set(roots)] };
}

/**
 * The real path `abs` refers to: symlinks resolved; for a path that does not exist yet (a file
 * `write` will create), the real path of its nearest existing folder plus the rest.
 */
async function realTarget(abs: string): Promise<string> {
	const rest: string[] = [];
	let at = path.resolve(abs);
	for (;;) {
		try {
			return path.join(await realpath(at), ...rest);
		} catch (error) {
			const code = errnoCode(error);
			const parent = path.dirname(at);
			// ENOENT/ENOTDIR: keep walking up; anything else (EACCES, a link loop) is judged as given.
			if ((code !== "ENOENT" && code !== "ENOTDIR") || parent === at) return path.join(at, ...rest);
			rest.unshift(path.basename(at));
			at = parent;
		}
	}
}

/** True when the real path of `abs` lies in one of the roots (or is one). */
export async function isInside(confinement: Confinement, abs: string): Promise<boolean> {
	const real = await realTarget(abs);
	return confinement.roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

/** The path argument a file tool works on ("." when it is optional and absent); undefined for bash. */
export function toolPathArg(name: string, args: unknown): string | undefined {
	if (name === "bash") return undefined;
	const p = (args as { path?: unknown } | null)?.path;
	return typeof p === "string" && p !== "" ? p : ".";
}
