import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Checkpointer } from "../../source/checkpoints/checkpointer.js";
import { allCheckpoints, fileStateAt } from "../../source/checkpoints/records.js";
import { CheckpointStore, storeDirFor } from "../../source/checkpoints/store.js";
import { SessionStore } from "../../source/session/store.js";
import { files, hashTree, tempProject, userRepo } from "./helpers.js";

let at: ReturnType<typeof tempProject>;
beforeEach(() => {
	at = tempProject();
});
afterEach(() => at.done());

const write = (rel: string, text: string) => {
	fs.mkdirSync(path.dirname(path.join(at.cwd, rel)), { recursive: true });
	fs.writeFileSync(path.join(at.cwd, rel), text);
};
const session = () => SessionStore.create({ cwd: at.cwd, inMemory: true });
const user = (s: SessionStore, text: string) => s.appendMessage({ role: "user", content: text, timestamp: Date.now() });

describe("checkpoint store (real git in temp folders)", () => {
	it("snapshots and restores: changed, added and deleted files, modes and symlinks; the user's .git is never changed", async () => {
		userRepo(at.cwd);
		write("src/x.ts", "x1\n");
		fs.chmodSync(path.join(at.cwd, "src/x.ts"), 0o755);
		fs.symlinkSync("src/x.ts", path.join(at.cwd, "link"));
		const gitBefore = hashTree(path.join(at.cwd, ".git"));
		const store = new CheckpointStore(at.home, at.cwd);
		const first = await store.snapshot();
		const before = files(at.cwd);
		expect(first.files).toBe(4); // .gitignore, a.txt, src/x.ts, link
		// Changes as bash would make them: an edit, a new file in a new folder, a deletion, a mode change.
		write("src/x.ts", "x2\n");
		fs.chmodSync(path.join(at.cwd, "src/x.ts"), 0o644);
		write("new/deep/file.txt", "new\n");
		fs.rmSync(path.join(at.cwd, "a.txt"));
		fs.rmSync(path.join(at.cwd, "link"));
		const second = await store.snapshot();
		expect(await store.diff(first.tree, second.tree)).toEqual([
			{ path: "a.txt", status: "deleted" },
			{ path: "link", status: "deleted" },
			{ path: "new/deep/file.txt", status: "added" },
			{ path: "src/x.ts", status: "changed" },
		]);
		await store.restore(second.tree, first.tree);
		expect(files(at.cwd)).toEqual(before);
		expect(fs.statSync(path.join(at.cwd, "src/x.ts")).mode & 0o777).toBe(0o755);
		expect(fs.lstatSync(path.join(at.cwd, "link")).isSymbolicLink()).toBe(true);
		expect(fs.existsSync(path.join(at.cwd, "new"))).toBe(false);
		// And forward again.
		await store.restore((await store.snapshot()).tree, second.tree);
		expect(files(at.cwd)["new/deep/file.txt"]).toBe("new\n");
		expect(hashTree(path.join(at.cwd, ".git"))).toEqual(gitBefore);
		expect(execFileSync("git", ["stash", "list"], { cwd: at.cwd, encoding: "utf8" })).toContain("stash@{0}");
	});

	it("honours .gitignore, .git/info/exclude and .arborignore; ignored files are never touched by a restore", async () => {
		userRepo(at.cwd);
		write(".arborignore", "build/\n");
		write("debug.log", "log1\n");
		write("secret-local/key", "k1\n");
		write("build/out.js", "b1\n");
		const store = new CheckpointStore(at.home, at.cwd);
		const first = await store.snapshot();
		const listed = execFileSync("git", [`--git-dir=${store.place.gitDir}`, "ls-tree", "-r", "--name-only", first.tree], { encoding: "utf8" });
		expect(listed.split("\n").filter(Boolean).sort()).toEqual([".arborignore", ".gitignore", "a.txt"]);
		write("debug.log", "log2\n");
		write("secret-local/key", "k2\n");
		write("build/out.js", "b2\n");
		write("a.txt", "changed\n");
		await store.restore((await store.snapshot()).tree, first.tree);
		expect(files(at.cwd)).toMatchObject({ "a.txt": "one\n", "debug.log": "log2\n", "secret-local/key": "k2\n", "build/out.js": "b2\n" });
	});

	it("leaves out files over the cap and reports them; a restore never overwrites such a file", async () => {
		const store = new CheckpointStore(at.home, at.cwd, { maxFileBytes: 10, maxFiles: 1000, maxStoreBytes: 1e9 });
		write("small.txt", "small\n");
		write("big.bin", "x".repeat(5));
		const first = await store.snapshot();
		write("big.bin", "y".repeat(50));
		const second = await store.snapshot();
		expect(second.skipped).toEqual([{ path: "big.bin", reason: "over 10 B (50 B)" }]);
		expect(await store.diff(first.tree, second.tree)).toEqual([{ path: "big.bin", status: "deleted" }]);
		const done = await store.restore(second.tree, first.tree);
		expect(done.kept).toEqual(["big.bin"]);
		expect(files(at.cwd)["big.bin"]).toBe("y".repeat(50));
	});

	it("refuses the home folder and too many files with one clear reason", async () => {
		write("a", "1");
		write("b", "2");
		await expect(new CheckpointStore(at.home, at.cwd, { maxFileBytes: 100, maxFiles: 1, maxStoreBytes: 1e9 }).snapshot()).rejects.toThrow(/has more than 1 files/);
		const home = process.env.HOME;
		process.env.HOME = at.cwd;
		try {
			await expect(new CheckpointStore(at.home, at.cwd).snapshot()).rejects.toThrow(/the home folder/);
		} finally {
			process.env.HOME = home;
		}
		await expect(new CheckpointStore(at.home, "/").snapshot()).rejects.toThrow(/file system root/);
	});

	it("a restore whose objects are missing changes no file", async () => {
		const store = new CheckpointStore(at.home, at.cwd);
		write("a.txt", "version one\n");
		const first = await store.snapshot();
		write("a.txt", "version two\n");
		write("c.txt", "new\n");
		const second = await store.snapshot();
		const blob = execFileSync("git", ["hash-object", "--stdin"], { input: "version one\n", encoding: "utf8" }).trim();
		fs.rmSync(path.join(store.place.gitDir, "objects", blob.slice(0, 2), blob.slice(2)));
		await expect(store.restore(second.tree, first.tree)).rejects.toThrow(/is missing/);
		expect(files(at.cwd)).toEqual({ "a.txt": "version two\n", "c.txt": "new\n" });
	});

	it("refuses a new snapshot while the store is over its cap", async () => {
		write("a.txt", "x".repeat(10_000));
		await new CheckpointStore(at.home, at.cwd, { maxFileBytes: 1e6, maxFiles: 100, maxStoreBytes: 1 }).snapshot();
		write("a.txt", "y".repeat(10_000));
		await expect(new CheckpointStore(at.home, at.cwd, { maxFileBytes: 1e6, maxFiles: 100, maxStoreBytes: 1 }).snapshot()).rejects.toThrow(/is over its cap \(1 bytes\); run arbor checkpoints --gc/);
	});

	it("ignores the user's GIT_* variables", async () => {
		userRepo(at.cwd);
		const gitBefore = hashTree(path.join(at.cwd, ".git"));
		const saved = { ...process.env };
		process.env.GIT_DIR = path.join(at.cwd, ".git");
		process.env.GIT_INDEX_FILE = path.join(at.cwd, ".git", "index");
		process.env.GIT_WORK_TREE = at.cwd;
		try {
			write("b.txt", "b\n");
			await new CheckpointStore(at.home, at.cwd).snapshot();
		} finally {
			for (const key of ["GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE"]) delete process.env[key];
			Object.assign(process.env, saved);
		}
		expect(hashTree(path.join(at.cwd, ".git"))).toEqual(gitBefore);
		expect(fs.existsSync(path.join(storeDirFor(at.home, at.cwd), "git", "HEAD"))).toBe(true);
	});

	it("a snapshot with nothing changed is the last one; a change by another arbor on the same project is seen", async () => {
		write("a.txt", "1\n");
		const one = new CheckpointStore(at.home, at.cwd);
		const first = await one.snapshot();
		expect(await one.snapshot()).toEqual(first);
		write("a.txt", "2\n");
		const other = await new CheckpointStore(at.home, at.cwd).snapshot();
		expect(other.tree).not.toBe(first.tree);
		expect((await one.snapshot()).tree).toBe(other.tree);
		write("b.txt", "b\n");
		expect(await one.snapshot()).toMatchObject({ files: 2, bytes: 4 });
	});

	it("gc drops the trees no session references and keeps the others", async () => {
		const store = new CheckpointStore(at.home, at.cwd);
		write("keep.txt", "keep\n");
		const kept = await store.snapshot();
		write("drop.txt", "x".repeat(100_000));
		const dropped = await store.snapshot();
		fs.rmSync(path.join(at.cwd, "drop.txt"));
		await store.snapshot();
		const result = await store.gc(new Set([kept.tree]));
		expect(result.dropped).toBe(1); // the third snapshot is the first tree again
		expect(await store.has(kept.tree)).toBe(true);
		expect(await store.has(dropped.tree)).toBe(false);
		expect(result.after).toBeLessThan(result.before);
	});
});

describe("Checkpointer: records on the session path", () => {
	it("records a checkpoint entry, skips one where nothing changed, and finds the file state of an entry", async () => {
		const s = session();
		const ck = Checkpointer.create({ session: s, home: at.home, cwd: at.cwd });
		write("a.txt", "1\n");
		const u1 = user(s, "first");
		const c1 = await ck.take("after-turn");
		expect(c1?.data).toMatchObject({ cwd: at.cwd, files: 1, bytes: 2, skipped: [] });
		expect(await ck.take("after-turn")).toEqual(c1);
		expect(allCheckpoints(s.snapshot())).toHaveLength(1);
		write("a.txt", "2\n");
		user(s, "second");
		const c2 = await ck.take("after-turn");
		expect(c2?.data.tree).not.toBe(c1?.data.tree);
		// The checkpoint taken right after an entry is its file state; before any, there is none.
		expect(fileStateAt(s.snapshot(), u1.id)?.data.tree).toBe(c1?.data.tree);
		expect(fileStateAt(s.snapshot(), null)).toBeUndefined();
		expect(fileStateAt(s.snapshot(), c1?.entryId ?? null)?.data.tree).toBe(c1?.data.tree);
		expect(fileStateAt(s.snapshot(), s.snapshot().leafId)?.data.tree).toBe(c2?.data.tree);
		// pi's context ignores the custom entries.
		expect(s.snapshot().buildContext().messages.map((m) => m.role)).toEqual(["user", "user"]);
	});

	it("a restore across two branches and back; an edit made outside arbor is kept by the safety snapshot", async () => {
		const s = session();
		const ck = Checkpointer.create({ session: s, home: at.home, cwd: at.cwd });
		write("a.txt", "base\n");
		user(s, "root");
		const base = await ck.take("after-turn");
		// Branch A
		write("a.txt", "branch A\n");
		write("only-a.txt", "A\n");
		const a = await ck.take("after-turn");
		// Branch B, from base
		s.moveLeaf(base?.entryId ?? null);
		await ck.restore(base?.entryId ?? null);
		expect(files(at.cwd)).toEqual({ "a.txt": "base\n" });
		write("a.txt", "branch B\n");
		const b = await ck.take("after-turn");
		// The user edits outside arbor, then goes back to A: the edit is kept on B by the safety snapshot.
		write("a.txt", "branch B, edited by hand\n");
		const toA = await ck.restore(a?.entryId ?? null);
		expect(toA?.changes).toEqual([
			{ path: "a.txt", status: "changed" },
			{ path: "only-a.txt", status: "added" },
		]);
		expect(files(at.cwd)).toEqual({ "a.txt": "branch A\n", "only-a.txt": "A\n" });
		expect(toA?.safety.entryId).not.toBe(b?.entryId);
		// Back to B as it was left (its tip's newest checkpoint is the safety one): the hand edit comes back.
		expect(fileStateAt(s.snapshot(), b?.entryId ?? null)?.entryId).toBe(toA?.safety.entryId);
		await ck.restore(b?.entryId ?? null);
		expect(files(at.cwd)).toEqual({ "a.txt": "branch B, edited by hand\n" });
	});

	it("turn hooks: one snapshot before the first file-changing tool, one after a turn whose tools ran", async () => {
		const s = session();
		const ck = Checkpointer.create({ session: s, home: at.home, cwd: at.cwd });
		write("a.txt", "1\n");
		user(s, "go");
		const hooks = ck.forTurn(["write", "edit", "bash"]);
		await hooks.beforeTool("read");
		expect(allCheckpoints(s.snapshot())).toHaveLength(0);
		await hooks.beforeTool("bash");
		write("a.txt", "2\n");
		await hooks.beforeTool("bash");
		await hooks.afterTurn();
		expect(allCheckpoints(s.snapshot()).map((c) => c.data.reason)).toEqual(["before-change", "after-turn"]);
		const idle = ck.forTurn(["write"]);
		write("a.txt", "3\n");
		await idle.afterTurn(); // no tool ran: no snapshot
		expect(allCheckpoints(s.snapshot())).toHaveLength(2);
	});

	it("a failure turns checkpoints off once with one notice", async () => {
		const notices: string[] = [];
		const s = session();
		const ck = Checkpointer.create({ session: s, home: at.home, cwd: "/", onNotice: (m) => notices.push(m) });
		expect(await ck.take("after-turn")).toBeUndefined();
		expect(await ck.take("after-turn")).toBeUndefined();
		expect(notices).toEqual(["checkpoints off: no checkpoints in / (the file system root)"]);
	});
});

describe("daily gc", () => {
	it("starts the clock the first time, runs once a day after, only from the built CLI", async () => {
		const { maybeDailyGc } = await import("../../source/checkpoints/setup.js");
		const sessionFile = path.join(at.home, "s.jsonl");
		fs.writeFileSync(sessionFile, "");
		const argv = ["node", "/nonexistent/dist/cli.js"];
		const day = 24 * 60 * 60 * 1000;
		const now = Date.now();
		expect(maybeDailyGc({ home: at.home, cwd: at.cwd, sessionFile, argv: ["node", "vitest.mjs"], now })).toBe(false);
		expect(maybeDailyGc({ home: at.home, cwd: at.cwd, sessionFile, argv, now })).toBe(false); // first: the clock starts
		const stamp = path.join(storeDirFor(at.home, at.cwd), "last-gc");
		expect(fs.existsSync(stamp)).toBe(true);
		expect(maybeDailyGc({ home: at.home, cwd: at.cwd, sessionFile, argv, now: now + 1000 })).toBe(false);
		const old = new Date(now - day - 1000);
		fs.utimesSync(stamp, old, old);
		// A day later: spawned (a detached child of a missing cli.js, which exits at once).
		expect(maybeDailyGc({ home: at.home, cwd: at.cwd, sessionFile, argv, now })).toBe(true);
		expect(maybeDailyGc({ home: at.home, cwd: at.cwd, sessionFile, argv, now })).toBe(false);
	});
});
