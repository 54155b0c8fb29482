/**
 * What a snapshot must hand git, found without re-reading unchanged files. The store remembers the
 * files its private index holds (size and extra mode, see modes.ts); one `git ls-files` — against
 * that index's stat cache — names what changed since. The first snapshot of a store object, or one
 * after another process wrote the index, lists every file (`--cached`) and measures the new ones;
 * the others list only the changes. Only the changed paths go to `git update-index`: unchanged files
 * are neither read nor walked again by a second git command.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit, type GitPlace } from "./git.js";
import { extraMode } from "./modes.js";
import { stampOf, type Stamp } from "./stamp.js";

/** A file a snapshot left out, and why. */
export type Skipped = { path: string; reason: string };

/** A file the index holds: its size, its mode when git would not give it back, and what lstat said as it was measured (quiet-look.ts). */
export type IndexedFile = { size: number; mode?: number; stamp: Stamp };

/** What one listing found: the paths that changed (or every path, `full`), and whether it was full. */
export type Listing = { full: boolean; all: string[]; changed: Set<string> };

/** The plan of a snapshot: the index's files afterwards, what to add or remove, what was left out. */
export type Plan = { files: Map<string, IndexedFile>; update: string[]; remove: string[]; skipped: Skipped[] };

/** Lists the working tree's files against the store's index: all of them (`full`) or only the changes. */
export async function listFiles(place: GitPlace, full: boolean): Promise<Listing> {
	const args = ["ls-files", "-z", "-t", ...(full ? ["--cached"] : []), "--modified", "--deleted", "--others", "--exclude-standard"];
	return parseListing((await runGit(place, args)).toString("utf8"), full);
}

/** `git ls-files -z -t` output as a Listing (any number of paths: none is spread into a call's arguments). */
export function parseListing(out: string, full: boolean): Listing {
	const all: string[] = [];
	const changed = new Set<string>();
	for (const item of out.split("\0")) {
		if (item.length < 3) continue;
		const p = item.slice(2);
		if (item[0] !== "H") changed.add(p);
		else all.push(p);
	}
	for (const p of changed) all.push(p);
	return { full, all, changed };
}

/**
 * Measures the changed (or, listed in full, unknown) paths and plans the index's update: files over
 * `maxFileBytes` and nested git repositories are left out (and dropped from the index when it held them).
 */
export function planSnapshot(root: string, known: ReadonlyMap<string, IndexedFile>, listing: Listing, maxFileBytes: number): Plan {
	const files = new Map<string, IndexedFile>(listing.full ? [] : known);
	const plan: Plan = { files, update: [], remove: [], skipped: [] };
	const folders = new Map<string, boolean>();
	for (const p of listing.full ? new Set(listing.all) : listing.changed) {
		if (p.endsWith("/")) {
			plan.skipped.push({ path: p.slice(0, -1), reason: "a nested git repository" });
			continue;
		}
		const had = known.get(p);
		if (had && !listing.changed.has(p)) {
			files.set(p, had);
			continue;
		}
		// Beyond a link (a folder that became one) a path is gone for git, whatever the link points to.
		const stat = throughLink(root, p, folders) ? null : lstatOrNull(path.join(root, p));
		if (stat && !stat.isDirectory() && stat.isFile() && stat.size > maxFileBytes) {
			plan.skipped.push({ path: p, reason: `over ${formatBytes(maxFileBytes)} (${formatBytes(stat.size)})` });
			files.delete(p);
			// Listed in full, any path may be in the index; else the known ones are.
			if (listing.full || had) plan.remove.push(p);
			continue;
		}
		if (!stat || stat.isDirectory()) {
			// Gone, or now a folder (its files are listed on their own): out of the index.
			files.delete(p);
			plan.remove.push(p);
			continue;
		}
		if (listing.changed.has(p)) plan.update.push(p);
		const mode = extraMode(stat);
		files.set(p, mode === undefined ? { size: stat.size, stamp: stampOf(stat) } : { size: stat.size, mode, stamp: stampOf(stat) });
	}
	return plan;
}

/**
 * Applies a plan to the index: paths gone, now folders or over the cap dropped first, then the changed
 * files added or updated (`--replace`: a file where a folder was, or the other way round).
 */
export async function applyPlan(place: GitPlace, plan: Plan): Promise<void> {
	if (plan.remove.length > 0) await runGit(place, ["update-index", "-z", "--force-remove", "--stdin"], `${plan.remove.join("\0")}\0`);
	if (plan.update.length > 0) await runGit(place, ["update-index", "-z", "--add", "--replace", "--stdin"], `${plan.update.join("\0")}\0`);
}

/** Whether a folder on the way to `rel` is a link (or not a folder); `folders` remembers the answers. */
function throughLink(root: string, rel: string, folders: Map<string, boolean>): boolean {
	const dir = path.posix.dirname(rel);
	if (dir === ".") return false;
	let known = folders.get(dir);
	if (known === undefined) {
		known = throughLink(root, dir, folders) || !lstatOrNull(path.join(root, dir))?.isDirectory();
		folders.set(dir, known);
	}
	return known;
}

export function lstatOrNull(file: string): fs.Stats | null {
	try {
		return fs.lstatSync(file);
	} catch {
		return null;
	}
}

/** 2 MiB, 512 KiB, 10 B. */
export function formatBytes(n: number): string {
	if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
	if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KiB`;
	return `${n} B`;
}
