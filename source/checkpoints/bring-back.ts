/**
 * A copy's changes brought back into the folder it was made from (docs/tasks.md): a 3-way merge per
 * file in the project's private checkpoint store — never the user's `.git`. The base is the tree the
 * copy started from, "theirs" the copy's end, "ours" the folder as it is now. A file only the copy
 * changed takes the copy's version; one both changed is merged line by line (`git merge-file`) and
 * taken when the merge is clean; anything else (overlapping lines, a binary file, a file deleted on
 * one side and changed on the other) is left as the folder has it and named in `notApplied`. The
 * merged tree is then written through the store's restore (temp file and rename per file).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readBlobs, runGit, type GitPlace } from "./git.js";
import { loadModes, saveModes } from "./modes.js";
import type { CheckpointStore, FileChange } from "./store.js";

/** What came back: the files written, and those left as they were (conflicts, and what restore keeps). */
export type BroughtBack = { applied: FileChange[]; notApplied: string[] };

/** One side of a file: its mode and blob, or absent. */
type Side = { mode: string; id: string } | undefined;
type Change = { path: string; before: Side; after: Side };

/** Brings the changes from tree `base` to tree `end` into `target`'s folder (see the module comment). */
export async function bringBack(target: CheckpointStore, base: string, end: string): Promise<BroughtBack> {
	if (base === end) return { applied: [], notApplied: [] };
	const now = (await target.snapshot()).tree;
	const place = target.place;
	const ours = new Map((await changes(target, base, now)).map((c) => [c.path, c.after]));
	const sets = new Map<string, Side>();
	const notApplied: string[] = [];
	for (const theirs of await changes(target, base, end)) {
		const mine = ours.has(theirs.path) ? ours.get(theirs.path) : theirs.before;
		if (same(mine, theirs.before)) sets.set(theirs.path, theirs.after);
		else if (same(mine, theirs.after)) continue;
		else {
			const merged = await mergeFile(place, theirs, mine);
			if (merged) sets.set(theirs.path, merged);
			else notApplied.push(theirs.path);
		}
	}
	if (sets.size === 0) return { applied: [], notApplied };
	const merged = await treeWith(target, now, sets);
	const modes = loadModes(target.dir, now);
	const endModes = loadModes(target.dir, end);
	for (const p of sets.keys()) {
		const mode = endModes.get(p);
		if (mode === undefined) modes.delete(p);
		else modes.set(p, mode);
	}
	saveModes(target.dir, merged, modes);
	const done = await target.restore(now, merged);
	return { applied: done.changes, notApplied: [...notApplied, ...done.kept, ...done.outside].sort() };
}

function same(a: Side, b: Side): boolean {
	return a === undefined ? b === undefined : b !== undefined && a.mode === b.mode && a.id === b.id;
}

/** The files that differ from tree `from` to tree `to`, each side's mode and blob (absent: a mode of zeros). */
async function changes(store: CheckpointStore, from: string, to: string): Promise<Change[]> {
	const side = (mode: string, id: string): Side => (/^0+$/.test(mode) ? undefined : { mode, id });
	return (await store.treeChanges(from, to)).map((c) => ({ path: c.path, before: side(c.oldMode, c.oldId), after: side(c.newMode, c.newId) }));
}

const TEXT_FILE = /^100(644|755)$/;

/** The line merge of a file both sides changed; undefined when it conflicts or cannot be merged. */
async function mergeFile(place: GitPlace, theirs: Change, mine: Side): Promise<Side> {
	const { before, after } = theirs;
	if (!before || !after || !mine || ![before, after, mine].every((s) => TEXT_FILE.test(s.mode))) return undefined;
	const blobs = await readBlobs(place, [mine.id, before.id, after.id]);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-merge-"));
	try {
		const files = (["ours", "base", "theirs"] as const).map((name, k) => {
			const file = path.join(dir, name);
			fs.writeFileSync(file, blobs.get([mine.id, before.id, after.id][k] ?? "") ?? Buffer.alloc(0), { mode: 0o600 });
			return file;
		});
		// Exit 0: clean; a positive exit counts the conflicts; binary files fail.
		const text = await runGit(place, ["merge-file", "-p", ...files]).catch(() => undefined);
		if (!text) return undefined;
		const id = (await runGit(place, ["hash-object", "-w", "--stdin"], text)).toString("utf8").trim();
		return { mode: before.mode === after.mode ? mine.mode : after.mode, id };
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Tree `now` with the files of `sets` (absent: removed), built in an index of its own. */
async function treeWith(target: CheckpointStore, now: string, sets: ReadonlyMap<string, Side>): Promise<string> {
	const place = { ...target.place, indexFile: path.join(target.dir, `bring-back-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.index`) };
	try {
		await runGit(place, ["read-tree", now]);
		const zero = "0".repeat(now.length);
		const lines = [...sets].map(([p, side]) => (side ? `${side.mode} ${side.id}\t${p}` : `0 ${zero}\t${p}`));
		await runGit(place, ["update-index", "-z", "--index-info"], `${lines.join("\0")}\0`);
		return (await runGit(place, ["write-tree"])).toString("utf8").trim();
	} finally {
		fs.rmSync(place.indexFile, { force: true });
	}
}
