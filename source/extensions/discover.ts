import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { projectAllowed } from "../config/trust.js";

/** Where extensions come from; `enabled: false` is `--no-extensions`. */
type ExtensionSources = {
	cwd: string;
	home: string;
	/** `--extension <path>`, in order (relative to cwd). */
	flags?: readonly string[];
	/** Settings key `extensions` (relative to $ARBOR_HOME). */
	settings?: readonly string[];
	enabled?: boolean;
};

const MODULE = /\.(ts|mts|js|mjs)$/;
const INDEX = ["index.ts", "index.mts", "index.js", "index.mjs"];

/** The module of a folder extension (`index.*`), or undefined. */
function folderIndex(dir: string): string | undefined {
	return INDEX.map((name) => join(dir, name)).find((file) => existsSync(file));
}

/**
 * The extensions of a folder in name order: `*.ts`, `*.mts`, `*.js`, `*.mjs` files (not `*.d.ts`) and
 * sub-folders with an `index.*`. A missing folder has none.
 */
function extensionsIn(dir: string): string[] {
	if (!existsSync(dir)) return [];
	const found: string[] = [];
	for (const name of readdirSync(dir).sort()) {
		if (name.startsWith(".")) continue;
		const full = join(dir, name);
		if (statSync(full).isDirectory()) {
			const index = folderIndex(full);
			if (index) found.push(index);
		} else if (MODULE.test(name) && !name.endsWith(".d.ts")) {
			found.push(full);
		}
	}
	return found;
}

/** A path given explicitly: a file as is, a folder as its `index.*` (or as given, to fail on load). */
function explicit(path: string, base: string): string {
	const full = resolve(base, path);
	if (existsSync(full) && statSync(full).isDirectory()) return folderIndex(full) ?? full;
	return full;
}

/**
 * Every extension to load, in load order, each once: `<cwd>/.arbor/extensions/` (in a trusted
 * project only: config/trust.ts),
 * `$ARBOR_HOME/extensions/`, settings `extensions`, then `--extension` flags. Cheap (no imports).
 */
export function discoverExtensions(src: ExtensionSources): string[] {
	if (src.enabled === false) return [];
	const all = [
		...(existsSync(join(src.cwd, ".arbor", "extensions")) && projectAllowed(src) ? extensionsIn(join(src.cwd, ".arbor", "extensions")) : []),
		...extensionsIn(join(src.home, "extensions")),
		...(src.settings ?? []).map((p) => explicit(p, src.home)),
		...(src.flags ?? []).map((p) => explicit(p, src.cwd)),
	];
	return [...new Set(all)];
}
