import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixtureCopy } from "../helpers/cli.js";
import { trustProject } from "../../source/config/trust.js";

/** The pi tree fixture: its leaf, an assistant entry near the root, and a user message. */
export const TREE = "pi-tree-session.jsonl";
export const LEAF = "428890f6";
export const NEAR_ROOT = "474513f0";

/** The shipped examples, by name. */
export const EXAMPLE = (name: string) => join(import.meta.dirname, "../../examples/extensions", name);

/** A project folder holding a copy of the tree fixture and an empty ARBOR_HOME. */
export function project(): { cwd: string; file: string; home: string; env: Record<string, string> } {
	const { dir, file, home } = fixtureCopy(TREE);
	return { cwd: dir, file, home, env: { ARBOR_HOME: home } };
}

/**
 * Writes `text` to `<root>/<rel>` (folders created). Returns the path. A file of the project's
 * `.arbor/` is written by its user here: the project (its ARBOR_HOME is `<root>/home`, as
 * {@link project} makes it) is trusted with what it holds now, as `arbor trust` does (docs/trust.md).
 */
export function put(root: string, rel: string, text: string): string {
	const file = join(root, rel);
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, text);
	if (rel.startsWith(".arbor/")) trustProject({ cwd: root, home: join(root, "home") });
	return file;
}
