import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runGit } from "../../source/checkpoints/git.js";
import { CheckpointStore, storeDirFor } from "../../source/checkpoints/store.js";
import { tempProject } from "./helpers.js";

let at: ReturnType<typeof tempProject>;
beforeEach(() => {
	at = tempProject();
});
afterEach(() => at.done());

const full = (rel: string) => path.join(at.cwd, rel);
const write = (rel: string, text: string | Buffer) => {
	fs.mkdirSync(path.dirname(full(rel)), { recursive: true });
	fs.writeFileSync(full(rel), text);
};

/** Changes as a turn would make them, one step at a time. */
const steps: [string, () => void][] = [
	["an edit", () => write("a.txt", "two\n")],
	["a new file in a new folder", () => write("src/deep/x.ts", "x\n")],
	["a file that becomes a folder", () => (fs.rmSync(full("b.txt")), write("b.txt/inner.txt", "inner\n"))],
	["a folder that becomes a file", () => (fs.rmSync(full("b.txt"), { recursive: true }), write("b.txt", "file again\n"))],
	["a tracked file grown over the cap", () => write("big.bin", Buffer.alloc(3000, 1))],
	["the big file shrunk back", () => write("big.bin", "small\n")],
	["a private mode and a symlink", () => (fs.chmodSync(full("a.txt"), 0o600), fs.symlinkSync("a.txt", full("link")))],
	["a deletion and an edit of the same size", () => (fs.rmSync(full("src/deep/x.ts")), write("c.txt", "C\n"))],
	["a file in a folder", () => write("src/deep/y.ts", "y\n")],
	["a folder replaced by a link to a folder outside with the same files", () => {
		const outside = path.join(path.dirname(at.cwd), "outside");
		fs.mkdirSync(path.join(outside, "deep"), { recursive: true });
		fs.writeFileSync(path.join(outside, "deep", "y.ts"), "outside\n");
		fs.rmSync(full("src"), { recursive: true });
		fs.symlinkSync(outside, full("src"));
	}],
	["nothing", () => {}],
];

describe("snapshots of one store object list only the changes, and match a fresh store's", () => {
	for (const [who, next] of [
		["one store object", (store: CheckpointStore) => store],
		["a new store object each time (a new arbor process: it starts from the index's memo)", (store: CheckpointStore) => new CheckpointStore(store.home, store.cwd, store.limits)],
	] as const) it(`${who}: every kind of change gives the tree, counts and left-out files a full listing gives`, async () => {
		write("a.txt", "one\n");
		write("b.txt", "bee\n");
		write("c.txt", "c\n");
		write("big.bin", "tiny\n");
		const limits = { maxFileBytes: 2048, maxFiles: 1000, maxStoreBytes: 1e9 };
		let store = new CheckpointStore(at.home, at.cwd, limits);
		await store.snapshot();
		for (const [name, change] of steps) {
			change();
			store = next(store);
			const kept = await store.snapshot();
			const fresh = await new CheckpointStore(path.join(at.home, name.replace(/\W+/g, "-")), at.cwd, limits).snapshot();
			expect({ name, ...kept }).toEqual({ name, ...fresh });
		}
		expect(fs.existsSync(`${store.place.indexFile}-files`)).toBe(true);
	});

	it("a snapshot after another store object wrote the index sees its changes and its own", async () => {
		write("a.txt", "one\n");
		const mine = new CheckpointStore(at.home, at.cwd);
		const other = new CheckpointStore(at.home, at.cwd);
		await mine.snapshot();
		write("b.txt", "b\n");
		await other.snapshot();
		write("a.txt", "changed\n");
		const after = await mine.snapshot();
		const fresh = await new CheckpointStore(path.join(at.home, "fresh"), at.cwd).snapshot();
		expect(after).toEqual(fresh);
		expect(after.files).toBe(2);
	});

	it("a store that took in an ARBOR_HOME inside the project (older arbor) drops it at its next snapshot", async () => {
		write("a.txt", "one\n");
		const home = path.join(at.cwd, "home");
		const store = new CheckpointStore(home, at.cwd);
		await store.snapshot();
		fs.rmSync(path.join(store.place.gitDir, "info", "exclude")); // as an older arbor wrote it: no rule for the home
		await runGit(store.place, ["add", "-A"]);
		expect((await runGit(store.place, ["ls-files"])).toString()).toContain("home/");
		const snap = await new CheckpointStore(home, at.cwd).snapshot();
		expect((await runGit(store.place, ["ls-tree", "-r", "--name-only", snap.tree])).toString()).toBe("a.txt\n");
		expect(snap.files).toBe(1);
	});

	it("the store's size is counted once a minute for every process while far from the cap, and again once snapshots may have passed it", async () => {
		write("a.txt", "x".repeat(5000));
		const limits = (maxStoreBytes: number) => ({ maxFileBytes: 1e6, maxFiles: 100, maxStoreBytes });
		await new CheckpointStore(at.home, at.cwd, limits(1e9)).snapshot();
		const record = path.join(storeDirFor(at.home, at.cwd), "size");
		const first = JSON.parse(fs.readFileSync(record, "utf8")) as { at: number; bytes: number };
		expect(first.bytes).toBe(5000); // counted empty, then raised by the file handed to git
		write("b.txt", "y".repeat(3000));
		await new CheckpointStore(at.home, at.cwd, limits(1e9)).snapshot(); // a new process: no count within the minute
		expect(JSON.parse(fs.readFileSync(record, "utf8"))).toEqual({ at: first.at, bytes: 8000 });
		write("c.txt", "z");
		await expect(new CheckpointStore(at.home, at.cwd, limits(7000)).snapshot()).rejects.toThrow(/is over its cap/);
	});
});
