/**
 * A snapshot without git (docs/checkpoints.md, "A snapshot reads only what changed"). After a
 * snapshot saw every file (git's listing, or a look like this one), the store keeps what lstat said
 * of every file of its index (stamp.ts) and of every folder git looks into for new files — each
 * folder holding one of those files, and the others git does not ignore (`git check-ignore`
 * decides, once per folder while the ignore rules stay the same) — plus the ignore files git reads
 * that the index does not hold. A new, deleted or renamed file changes its folder's stamp; a
 * changed file (bytes, mode, a link retargeted: a new link) its own. So when no stamp changed and
 * every one lies safely before the moment of that snapshot, nothing changed: no git at all. When
 * only some files' own stamps changed, those are the only paths git need look at. Anything else —
 * a folder changed, an ignore file changed, a stamp too close to that moment — is git's full look.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit, type GitPlace } from "./git.js";
import { GitError } from "./spawn-git.js";
import { lstatOrNull, type IndexedFile } from "./snapshot-files.js";
import { OWN_LOOK_FILES, sameStamp, settled, stampFields, stampFrom, stampOf, type Stamp } from "./stamp.js";

/**
 * What a look compares with (see the module comment). `since`: the file system's time just before
 * that snapshot began; `bare`: the folders holding no file of the index, and whether git ignores each.
 */
export type Watch = { since: number; dirs: Map<string, Stamp>; extra: Map<string, Stamp | null>; bare: Map<string, boolean>; rules: string };

/** More folders than this and a look would cost more than git's: no watch then. */
const MAX_DIRS = 20_000;

const unchanged = (stamp: Stamp | null | undefined, stat: fs.Stats | null, since: number) =>
	stamp ? stat !== null && sameStamp(stamp, stat) && settled(stat, since) : stamp === null && stat === null;

/**
 * Looks at the stamps: `[]` when nothing changed, the paths of the files whose own stamp changed
 * when nothing else did (no folder, no ignore file; each still a file or a link), `"ask git"` when
 * no folder or ignore file changed and there are too many files to stat here, else undefined.
 */
export function look(root: string, files: ReadonlyMap<string, IndexedFile>, watch: Watch): string[] | "ask git" | undefined {
	for (const [rel, stamp] of watch.dirs) if (!unchanged(stamp, lstatOrNull(rel === "" ? root : `${root}/${rel}`), watch.since)) return undefined;
	for (const [full, stamp] of watch.extra) if (!unchanged(stamp, lstatOrNull(full), watch.since)) return undefined;
	if (files.size > OWN_LOOK_FILES) return "ask git";
	const changed: string[] = [];
	for (const [rel, file] of files) {
		const stat = lstatOrNull(`${root}/${rel}`);
		if (unchanged(file.stamp, stat, watch.since)) continue;
		if (!onlyItself(rel, stat)) return undefined;
		changed.push(rel);
	}
	return changed;
}

/** A file changed where its folder did not: still a file or a link, and not an ignore file (whose change changes what git sees). */
const onlyItself = (rel: string, stat: fs.Stats | null) => stat !== null && (stat.isFile() || stat.isSymbolicLink()) && path.posix.basename(rel) !== ".gitignore";

/** The files git finds changed against the store's index (no folder changed: see {@link look}); undefined when one changed more than itself. */
export async function askGit(place: GitPlace, root: string): Promise<string[] | undefined> {
	const out = (await runGit(place, ["ls-files", "-z", "--modified", "--deleted"])).toString("utf8");
	const changed = [...new Set(out.split("\0").filter(Boolean))];
	return changed.every((rel) => onlyItself(rel, lstatOrNull(path.join(root, rel)))) ? changed : undefined;
}

/**
 * The watch after a snapshot that saw every file (`files`: the index's, all measured; `since`: the
 * file system's time before it began), reusing `old`'s answers of which folders git ignores while
 * the rules are the same; undefined when a folder cannot be read or there are too many.
 */
export async function buildWatch(place: GitPlace, root: string, files: ReadonlyMap<string, IndexedFile>, since: number, old: Watch | undefined, rulesChanged: boolean): Promise<Watch | undefined> {
	const held = new Set<string>([""]);
	for (const p of files.keys()) for (let d = path.posix.dirname(p); d !== "." && !held.has(d); d = path.posix.dirname(d)) held.add(d);
	const watch: Watch = { since, dirs: new Map(), extra: new Map(), bare: new Map(), rules: "" };
	globalIgnore(watch.extra);
	for (const [p, file] of files) if (path.posix.basename(p) === ".gitignore") watch.extra.set(path.join(root, p), file.stamp);
	const known = old && !rulesChanged ? old.bare : new Map<string, boolean>();
	for (let todo = [""]; todo.length > 0; ) {
		const bare: string[] = [];
		const next: string[] = [];
		for (const rel of todo) {
			const found = readFolder(root, rel, watch, files, held);
			if (!found) return undefined;
			for (const child of found) (held.has(child) ? next : bare).push(child);
		}
		const ask = bare.filter((b) => !known.has(b));
		const ignored = ask.length > 0 ? await checkIgnore(place, ask) : new Set<string>();
		if (!ignored) return undefined;
		for (const b of bare) {
			const isIgnored = known.get(b) ?? ignored.has(b);
			watch.bare.set(b, isIgnored);
			if (!isIgnored) next.push(b);
		}
		if (watch.dirs.size + next.length > MAX_DIRS) return undefined;
		todo = next;
	}
	// Every ignore file git read, as it is now: when one changed (or came or went), the answers kept were for other rules.
	watch.rules = JSON.stringify([...watch.extra].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([p, s]) => [p, s && stampFields(s)]));
	if (known.size > 0 && watch.rules !== old?.rules) return buildWatch(place, root, files, since, undefined, true);
	return watch;
}

/** Stamps folder `rel` and the ignore files in it the index lacks; returns its folders (not `.git`), or undefined when unreadable. */
function readFolder(root: string, rel: string, watch: Watch, files: ReadonlyMap<string, IndexedFile>, held: ReadonlySet<string>): string[] | undefined {
	const full = rel === "" ? root : path.join(root, rel);
	const stat = lstatOrNull(full);
	let names: string[];
	try {
		if (!stat?.isDirectory()) return undefined;
		names = fs.readdirSync(full);
	} catch {
		return undefined;
	}
	watch.dirs.set(rel, stampOf(stat));
	const folders: string[] = [];
	for (const name of names) {
		const child = rel === "" ? name : `${rel}/${name}`;
		if (name === ".git" || files.has(child)) continue;
		if (held.has(child)) folders.push(child);
		else {
			// Not the index's: an ignored file, or a folder holding none of its files.
			const there = lstatOrNull(path.join(full, name));
			if (there?.isDirectory()) folders.push(child);
			else if (name === ".gitignore") watch.extra.set(path.join(full, name), there && stampOf(there));
		}
	}
	return folders;
}

/**
 * The folders of `rels` that git ignores (the store's rules: .gitignore files, exclude files);
 * undefined when git cannot say (it reads a leading `:` as pathspec magic): no watch then.
 */
async function checkIgnore(place: GitPlace, rels: readonly string[]): Promise<Set<string> | undefined> {
	if (rels.some((r) => r.startsWith(":"))) return undefined;
	try {
		const out = await runGit(place, ["check-ignore", "-z", "--stdin"], `${rels.join("\0")}\0`);
		return new Set(out.toString("utf8").split("\0").filter(Boolean));
	} catch (error) {
		return error instanceof GitError && error.code === 1 ? new Set() : undefined; // 1: none ignored
	}
}

/**
 * The user's own ignore file, which git reads too (`$XDG_CONFIG_HOME/git/ignore`, else
 * `~/.config/git/ignore`): its stamp, or while it is absent, the stamps of the folders down to the
 * first that is there (its creation changes that one).
 */
function globalIgnore(extra: Map<string, Stamp | null>): void {
	const xdg = process.env.XDG_CONFIG_HOME;
	const home = process.env.HOME;
	let file = xdg ? path.join(xdg, "git", "ignore") : home ? path.join(home, ".config", "git", "ignore") : undefined;
	for (; file !== undefined; file = path.dirname(file) === file ? undefined : path.dirname(file)) {
		const stat = lstatOrNull(file);
		extra.set(file, stat && stampOf(stat));
		if (stat) break;
	}
}

const watchFile = (indexFile: string) => `${indexFile}-watch`;

/** Keeps the watch beside the index for the next arbor process (valid while the index is the one it was made for). */
export function saveWatch(indexFile: string, indexStamp: string, watch: Watch | undefined): void {
	if (!watch) return void fs.rmSync(watchFile(indexFile), { force: true });
	const stamps = (m: Map<string, Stamp | null>) => [...m].map(([p, s]) => [p, s && stampFields(s)]);
	const text = JSON.stringify({ indexStamp, since: watch.since, dirs: stamps(watch.dirs), extra: stamps(watch.extra), bare: [...watch.bare], rules: watch.rules });
	const temp = `${watchFile(indexFile)}.${process.pid}.tmp`;
	fs.writeFileSync(temp, text, { mode: 0o600 });
	fs.renameSync(temp, watchFile(indexFile));
}

/** The kept watch, when it was made for the index as it is now; else undefined. */
export function loadWatch(indexFile: string, indexStamp: string): Watch | undefined {
	try {
		const kept = JSON.parse(fs.readFileSync(watchFile(indexFile), "utf8")) as { indexStamp: string; since: number; dirs: [string, number[]][]; extra: [string, number[] | null][]; bare: [string, boolean][]; rules: string };
		if (kept.indexStamp !== indexStamp || indexStamp === "" || typeof kept.since !== "number") return undefined;
		const dirs = new Map<string, Stamp>();
		for (const [p, s] of kept.dirs) {
			const stamp = stampFrom(s);
			if (!stamp) return undefined;
			dirs.set(p, stamp);
		}
		const extra = new Map<string, Stamp | null>();
		for (const [p, s] of kept.extra) {
			const stamp = s === null ? null : stampFrom(s);
			if (stamp === undefined) return undefined;
			extra.set(p, stamp);
		}
		return { since: kept.since, dirs, extra, bare: new Map(kept.bare.filter(([p, no]) => typeof p === "string" && typeof no === "boolean")), rules: String(kept.rules) };
	} catch {
		return undefined;
	}
}
