// Over 200 lines: one git-backed store; snapshot, restore and undo share its git calls and temp files.
/**
 * A project's private checkpoint store: `$ARBOR_HOME/checkpoints/<hash of cwd>/`, a git directory
 * whose work tree is the cwd. A snapshot is `git add -A` + `git write-tree` (the project's ignore
 * rules, `.git/info/exclude` and `.arborignore` honoured, files over the size cap left out); a restore
 * writes a tree's files back with temp files and renames. The project's own `.git` is never written.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EMPTY_TREE, readBlobs, runGit, treePatch, type GitPlace } from "./git.js";
import { GitError } from "./spawn-git.js";
import { dropModes, loadModes, privateDir, saveModes } from "./modes.js";
import { staysInside } from "./inside.js";
import { loadMemo, saveMemo } from "./index-memo.js";
import { added, countDue, counted } from "./store-size.js";
import { dropFromIndex, excludeRules, ownFolders } from "./own-folders.js";
import { applyPlan, listFiles, lstatOrNull, planSnapshot, type IndexedFile, type Plan, type Skipped } from "./snapshot-files.js";
import { askGit, buildWatch, loadWatch, look, saveWatch, type Watch } from "./quiet-look.js";
import { fsNow } from "./stamp.js";
import { withStoreLock } from "./store-lock.js";
import { removedEmptyDir, removeFile, writeEntry } from "./write-entry.js";

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 100_000;
export const DEFAULT_MAX_STORE_BYTES = 5 * 1024 * 1024 * 1024;

/** Limits of a store (settings may change them). */
export type CheckpointLimits = { maxFileBytes: number; maxFiles: number; maxStoreBytes: number };


/** What a snapshot recorded. */
export type Snapshot = { tree: string; files: number; bytes: number; skipped: Skipped[] };

/** One file that differs between two states: `changed`, `added` (only in the newer), `deleted` (only in the older). */
export type FileChange = { path: string; status: "changed" | "added" | "deleted" };

/** A snapshot arbor will not take, with the reason (said once; arbor works on without checkpoints). */
class CheckpointRefused extends Error {}

/** One path that differs between two trees, as `git diff-tree --raw` names it (a mode of zeros: absent on that side). */
export type TreeChange = { path: string; status: "A" | "D" | "M" | "T"; oldMode: string; newMode: string; oldId: string; newId: string };


/** A checkpoint whose files this machine's store does not hold (see CheckpointStore.need). */
export class CheckpointMissing extends Error {
	override name = "CheckpointMissing";
}

/** The folder of a project's store under arbor's home. */
export function storeDirFor(home: string, cwd: string): string {
	return path.join(home, "checkpoints", createHash("sha256").update(cwd).digest("hex").slice(0, 16));
}

export class CheckpointStore {
	readonly place: GitPlace;
	/** The store's folder: the git directory, its index and the modes records. */
	readonly dir: string;
	private ready = false;
	/** The folder snapshots cover and restores write: the cwd, or `copy` (a fan-out branch's, with its own index). */
	readonly root: string;
	readonly inCopy: boolean; // a fan-out branch's copy: its checkpoints say so (`copy`), user-changes.ts skips them

	// prettier-ignore
	constructor(readonly home: string, readonly cwd: string, readonly limits: CheckpointLimits = { maxFileBytes: DEFAULT_MAX_FILE_BYTES, maxFiles: DEFAULT_MAX_FILES, maxStoreBytes: DEFAULT_MAX_STORE_BYTES }, copy?: { workTree: string; indexFile: string }) {
		this.dir = storeDirFor(home, cwd);
		this.root = copy?.workTree ?? cwd;
		this.inCopy = copy !== undefined;
		this.place = { gitDir: path.join(this.dir, "git"), workTree: this.root, indexFile: copy?.indexFile ?? path.join(this.dir, "index") };
	}

	/** Refuses folders a snapshot must not cover; creates the private git directory the first time. */
	private async open(): Promise<void> {
		const cwd = this.refuseFolder();
		if (this.ready) return;
		// The store holds copies of the project's files (a 0600 .env too): private, like its home.
		for (const dir of [this.home, path.join(this.home, "checkpoints"), this.dir]) privateDir(dir);
		if (!fs.existsSync(path.join(this.place.gitDir, "HEAD"))) {
			await runGit(this.place, ["init", "-q"]);
			fs.writeFileSync(path.join(this.dir, "cwd"), `${cwd}\n`, { mode: 0o600 });
		}
		this.ready = true;
	}

	/** The private exclude file: the project's `.git/info/exclude` and `.arborignore`, copied; true when it changed. */
	private writeExcludes(own: readonly string[]): boolean {
		const read = (file: string) => {
			try {
				return fs.readFileSync(file, "utf8");
			} catch {
				return "";
			}
		};
		const text = [read(path.join(this.cwd, ".git", "info", "exclude")), read(path.join(this.cwd, ".arborignore")), excludeRules(own)].join("\n");
		const file = path.join(this.place.gitDir, "info", "exclude");
		if (read(file) === text) return false;
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, text, { mode: 0o600 });
		return true;
	}

	/** Bytes the store's objects take (loose and packed). */
	async storeBytes(): Promise<number> {
		const out = (await runGit(this.place, ["count-objects", "-v"])).toString("utf8");
		const kib = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, "m").exec(out)?.[1] ?? 0);
		return (kib("size") + kib("size-pack")) * 1024;
	}

	/** The files the index holds as of this store's last snapshot (a run snapshots the same tree often). */
	private indexed = new Map<string, IndexedFile>();
	private last: Snapshot | undefined;
	private lastTree: string | undefined;
	private indexStamp = "";
	private watch: Watch | undefined;

	/** Refuses a store over its cap; counts at most once a minute for all processes while far from it (store-size.ts). */
	private async checkStoreSize(): Promise<void> {
		if (!countDue(this.dir, this.limits.maxStoreBytes)) return;
		const stored = await this.storeBytes();
		counted(this.dir, stored);
		if (stored > this.limits.maxStoreBytes) {
			throw new CheckpointRefused(`no checkpoints: the store ${path.dirname(this.place.gitDir)} is over its cap (${this.limits.maxStoreBytes} bytes); run arbor checkpoints --gc`);
		}
	}

	/**
	 * Snapshots the working tree: stores every file git would see and returns the tree id. One
	 * `git ls-files` lists every file with what changed since the store's index; with nothing changed
	 * since this store's last snapshot, that snapshot is the answer (no add, no write-tree).
	 */
	snapshot(): Promise<Snapshot> {
		return this.locked(() => this.snapshotLocked());
	}

	/** Another arbor in the same project uses the same index: one process at a time writes it. */
	private async locked<T>(work: () => Promise<T>): Promise<T> {
		this.refuseFolder();
		return withStoreLock(path.dirname(this.place.gitDir), work);
	}

	/** The cwd, unless it is a folder a snapshot must not cover. */
	private refuseFolder(): string {
		const cwd = path.resolve(this.cwd);
		if (cwd === path.parse(cwd).root) throw new CheckpointRefused(`no checkpoints in ${cwd} (the file system root)`);
		if (cwd === path.resolve(os.homedir()) || (process.env.HOME && cwd === path.resolve(process.env.HOME))) {
			throw new CheckpointRefused(`no checkpoints in ${cwd} (the home folder)`);
		}
		return cwd;
	}

	private async snapshotLocked(): Promise<Snapshot> {
		await this.open();
		const own = ownFolders(this.cwd, [this.home, this.dir]);
		const rules = this.writeExcludes(own);
		if (rules) await dropFromIndex(this.place, own);
		// Another arbor on the same project may have written the index since: then a full listing.
		const stamp = indexStamp(this.place.indexFile);
		if (this.lastTree === undefined) this.recall(stamp);
		const fresh = this.lastTree !== undefined && this.indexStamp === stamp;
		const since = fsNow(this.dir);
		// Nothing changed, or only files' own stamps (quiet-look.ts): no git, or git for those files only.
		const seen = fresh && !rules && this.watch && this.last ? look(this.root, this.indexed, this.watch) : undefined;
		const quick = seen === "ask git" ? await askGit(this.place, this.root) : seen;
		if (quick?.length === 0 && this.watch && this.last) return ((this.watch.since = since), this.last);
		const listing = quick ? { full: false, all: quick, changed: new Set(quick) } : await listFiles(this.place, !fresh);
		if (listing.full && new Set(listing.all).size > this.limits.maxFiles) throw this.tooMany();
		if (!listing.full && listing.changed.size === 0 && this.last) return (await this.rewatch(since, rules, this.indexed, false), this.last);
		const plan = planSnapshot(this.root, listing.full ? new Map() : this.indexed, listing, this.limits.maxFileBytes);
		if (plan.files.size > this.limits.maxFiles) throw this.tooMany();
		await this.checkStoreSize();
		this.indexStamp = ""; // written from here on: a failure leaves a full listing for next time
		await applyPlan(this.place, plan);
		added(this.dir, plan.update.reduce((sum, p) => sum + (plan.files.get(p)?.size ?? 0), 0));
		const same = !listing.full && plan.update.length === 0 && plan.remove.length === 0;
		const tree = same && this.lastTree ? this.lastTree : (await runGit(this.place, ["write-tree"])).toString("utf8").trim();
		await this.keep(tree);
		const snap = this.record(tree, plan);
		// Files left out stay untracked and are listed (and measured) again next time: no shortcut then.
		this.last = plan.skipped.length === 0 ? snap : undefined;
		this.indexed = plan.files;
		this.lastTree = tree;
		this.indexStamp = indexStamp(this.place.indexFile);
		if (!same) saveMemo(this.place.indexFile, this.indexStamp, { tree, whole: plan.skipped.length === 0, files: plan.files });
		await this.rewatch(since, rules, this.last && plan.files, quick !== undefined);
		return snap;
	}

	/** The snapshot of `tree`, its modes recorded. */
	private record(tree: string, plan: Plan): Snapshot {
		let bytes = 0;
		const modes = new Map<string, number>();
		for (const [p, file] of plan.files) {
			bytes += file.size;
			if (file.mode !== undefined) modes.set(p, file.mode);
		}
		saveModes(this.dir, tree, modes);
		return { tree, files: plan.files.size, bytes, skipped: plan.skipped };
	}

	/**
	 * What the next snapshot looks at, now that every file was seen (`files`; undefined: some were left
	 * out, no watch). After a look that found only files changed (`sameFolders`), the folders are as they were.
	 */
	private async rewatch(since: number, rules: boolean, files: ReadonlyMap<string, IndexedFile> | undefined, sameFolders: boolean): Promise<void> {
		if (!files) this.watch = undefined;
		else if (sameFolders && this.watch) this.watch.since = since;
		else this.watch = await buildWatch(this.place, this.root, files, since, this.watch, rules);
		saveWatch(this.place.indexFile, this.indexStamp, this.watch);
	}

	/** Starts from what an earlier arbor process knew of the index, when nobody wrote the index since (index-memo.ts). */
	private recall(stamp: string): void {
		const memo = loadMemo(this.place.indexFile, stamp);
		if (!memo) return;
		let bytes = 0;
		for (const file of memo.files.values()) bytes += file.size;
		this.indexed = memo.files;
		this.lastTree = memo.tree;
		this.indexStamp = stamp;
		this.last = memo.whole ? { tree: memo.tree, files: memo.files.size, bytes, skipped: [] } : undefined;
		this.watch = memo.whole ? loadWatch(this.place.indexFile, stamp) : undefined;
	}

	private tooMany(): CheckpointRefused {
		return new CheckpointRefused(`no checkpoints: ${this.root} has more than ${this.limits.maxFiles} files`);
	}

	/** A ref per tree, so `git gc` keeps every checkpoint until no session references it. */
	private refsReady = false;

	private async keep(tree: string): Promise<void> {
		if (fs.existsSync(path.join(this.place.gitDir, "refs", "arbor", tree))) return;
		if (!/^[0-9a-f]{40,64}$/.test(tree)) return void (await runGit(this.place, ["update-ref", `refs/arbor/${tree}`, tree]));
		// A loose ref is the id and a newline (git's own format): written here, it costs no git process.
		// Its folder private as the rest of the store (writeEntry would make it with the umask's mode),
		// made so once per store object (and again after a gc, whose pack-refs may remove it).
		if (!this.refsReady) privateDir(path.join(this.place.gitDir, "refs", "arbor"));
		this.refsReady = true;
		writeEntry(path.join(this.place.gitDir, "refs", "arbor", tree), "100644", Buffer.from(`${tree}\n`), 0o600);
	}

	/**
	 * Throws {@link CheckpointMissing} when the store lacks checkpoint `entryId`'s tree: the session
	 * was written with another ARBOR_HOME or on another machine, or `arbor checkpoints --gc` dropped it.
	 * Checked before anything is written, so a restore of it changes nothing.
	 */
	async need(tree: string, entryId: string): Promise<void> {
		if (tree === "" || (await this.has(tree))) return;
		throw new CheckpointMissing(
			`the files of checkpoint ${entryId} are not in this checkpoint store (${this.place.gitDir}): it was taken with another ARBOR_HOME or on another machine, or dropped by \`arbor checkpoints --gc\`; no file was changed`,
		);
	}

	/** Whether the store has this tree. */
	async has(tree: string): Promise<boolean> {
		await this.open();
		try {
			await runGit(this.place, ["cat-file", "-e", `${tree}^{tree}`]);
			return true;
		} catch (error) {
			if (error instanceof GitError && !error.missing) return false;
			throw error;
		}
	}

	/** The paths that differ from tree `from` to tree `to` (`""`: the empty tree), with both sides' modes and ids. */
	async treeChanges(from: string, to: string): Promise<TreeChange[]> {
		const out = (await runGit(this.place, ["diff-tree", "-r", "-z", "--no-renames", from || EMPTY_TREE, to || EMPTY_TREE])).toString("utf8");
		const parts = out.split("\0");
		const changes: TreeChange[] = [];
		for (let i = 0; i + 1 < parts.length; i += 2) {
			const [oldMode = "", newMode = "", oldId = "", newId = "", status = ""] = (parts[i] ?? "").replace(/^:/, "").split(" ");
			const p = parts[i + 1] ?? "";
			if (status === "A" || status === "D" || status === "M" || status === "T") changes.push({ path: p, status, oldMode, newMode, oldId, newId });
		}
		return changes;
	}

	/** The files that differ from tree `from` to tree `to`, sorted by path. */
	async diff(from: string, to: string): Promise<FileChange[]> {
		await this.open();
		const names = { A: "added", D: "deleted", M: "changed", T: "changed" } as const;
		return (await this.treeChanges(from, to)).map((c) => ({ path: c.path, status: names[c.status] }));
	}

	/** A unified diff of the files that differ (text; git's own format). */
	async patch(from: string, to: string, file?: string): Promise<string> {
		await this.open();
		return treePatch(this.place, from, to, file);
	}

	/**
	 * Makes the working tree (currently `current`, a snapshot just taken) match `target`: files only in
	 * `current` are removed, the others written through a temp file and a rename, with their modes and
	 * symlinks. A path that is on disk but in neither snapshot (ignored, over the cap) is never
	 * overwritten: it is returned in `kept`. A path whose folder leads out of the cwd through a link
	 * (checked with links resolved, just before each write or removal) is never touched: `outside`.
	 */
	restore(current: string, target: string): Promise<{ changes: FileChange[]; kept: string[]; outside: string[] }> {
		return this.locked(() => this.restoreLocked(current, target));
	}

	private async restoreLocked(current: string, target: string): Promise<{ changes: FileChange[]; kept: string[]; outside: string[] }> {
		await this.open();
		const changes = await this.treeChanges(current, target);
		const root = path.resolve(this.root);
		const realRoot = fs.realpathSync(root);
		const writes = changes.filter((c) => c.status !== "D" && c.newMode !== "160000");
		// Every blob is read before the first file changes: a missing object changes nothing.
		const blobs = await readBlobs(this.place, writes.map((c) => c.newId));
		const modes = loadModes(this.dir, target);
		const outside = new Set<string>();
		const inside = (rel: string) => {
			if (!outside.has(rel) && staysInside(realRoot, path.join(root, rel))) return true;
			outside.add(rel);
			return false;
		};
		for (const c of changes) if ((c.status === "D" || c.status === "T") && inside(c.path)) removeFile(root, c.path);
		const kept: string[] = [];
		for (const c of writes) {
			if (!inside(c.path)) continue;
			const full = path.join(root, c.path);
			const there = lstatOrNull(full);
			// On disk but in no snapshot (ignored, over the cap), or a folder that still holds such files.
			if ((c.status === "A" && there && !there.isDirectory()) || (there?.isDirectory() && !removedEmptyDir(full))) {
				kept.push(c.path);
				continue;
			}
			writeEntry(full, c.newMode, blobs.get(c.newId) ?? Buffer.alloc(0), modes.get(c.path));
		}
		const names = { A: "added", D: "deleted", M: "changed", T: "changed" } as const;
		const done = changes.filter((c) => !kept.includes(c.path) && !outside.has(c.path));
		return { changes: done.map((c) => ({ path: c.path, status: names[c.status] })), kept, outside: [...outside] };
	}

	/** Drops the refs of trees no session references, then `git gc --prune=now`; returns bytes freed. */
	gc(referenced: ReadonlySet<string>): Promise<{ before: number; after: number; dropped: number }> {
		return this.locked(() => this.gcLocked(referenced));
	}

	private async gcLocked(referenced: ReadonlySet<string>): Promise<{ before: number; after: number; dropped: number }> {
		await this.open();
		const refs = (await runGit(this.place, ["for-each-ref", "--format=%(objectname)", "refs/arbor/"])).toString("utf8").split("\n").filter(Boolean);
		const drop = refs.filter((tree) => !referenced.has(tree));
		if (drop.length > 0) await runGit(this.place, ["update-ref", "--stdin"], drop.map((tree) => `delete refs/arbor/${tree}\n`).join(""));
		dropModes(this.dir, drop);
		this.refsReady = false;
		// The index holds the newest snapshot's blobs; start it afresh so dropped files can go.
		fs.rmSync(this.place.indexFile, { force: true });
		const before = await this.storeBytes();
		await runGit(this.place, ["gc", "-q", "--prune=now"]);
		await runGit(this.place, ["reflog", "expire", "--expire=now", "--all"]);
		const after = await this.storeBytes();
		counted(this.dir, after);
		return { before, after, dropped: drop.length };
	}
}

/** The index file's identity and last change, to tell whether anyone wrote it since. */
function indexStamp(file: string): string {
	const stat = lstatOrNull(file);
	return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}` : "";
}
