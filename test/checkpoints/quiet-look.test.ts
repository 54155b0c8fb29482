import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckpointStore } from "../../source/checkpoints/store.js";
import { loadMemo, saveMemo } from "../../source/checkpoints/index-memo.js";
import { loadWatch, saveWatch } from "../../source/checkpoints/quiet-look.js";
import { fsNow, settled, stampOf } from "../../source/checkpoints/stamp.js";
import { waitFor } from "../helpers/wait-for.js";
import { tempProject } from "./helpers.js";

// A snapshot that finds nothing changed runs no git, one that finds only files changed runs git
// for those files only (quiet-look.ts). Every kind of change must still be seen: each is made just
// after a snapshot that ran no git, and the next snapshot must equal a fresh store's.

let at: ReturnType<typeof tempProject>;
let gitLog: string;
let pathBefore: string | undefined;
beforeEach(() => {
	at = tempProject();
	// A `git` first on PATH that notes its arguments, then runs the real one.
	const bin = path.join(path.dirname(at.cwd), "bin");
	fs.mkdirSync(bin);
	gitLog = path.join(path.dirname(at.cwd), "git.log");
	fs.writeFileSync(path.join(bin, "git"), `#!/bin/sh\nfor a in "$@"; do case "$a" in -*|*=*) ;; *) echo "$a" >> '${gitLog}'; break;; esac; done\nPATH='${process.env.PATH}' exec git "$@"\n`, { mode: 0o755 });
	pathBefore = process.env.PATH;
	process.env.PATH = `${bin}:${process.env.PATH}`;
});
afterEach(() => {
	process.env.PATH = pathBefore;
	at.done();
});

const full = (rel: string) => path.join(at.cwd, rel);
const write = (rel: string, text: string) => {
	fs.mkdirSync(path.dirname(full(rel)), { recursive: true });
	fs.writeFileSync(full(rel), text);
};
/** The git commands run since the last call (their subcommands). */
const gitRuns = () => {
	const text = fs.existsSync(gitLog) ? fs.readFileSync(gitLog, "utf8") : "";
	fs.rmSync(gitLog, { force: true });
	return text.split("\n").filter(Boolean);
};

/** Waits until every path of the project lies a clock tick behind the file system's clock (else a look must ask git). */
async function settle(): Promise<void> {
	const paths: string[] = [];
	const walk = (dir: string) => {
		paths.push(dir);
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) (e.isDirectory() ? walk : (p: string) => paths.push(p))(path.join(dir, e.name));
	};
	walk(at.cwd);
	await waitFor(() => paths.every((p) => settled(fs.lstatSync(p), fsNow(at.home))), { what: "the file system's clock to pass the project's files", intervalMs: 30 });
}

const limits = { maxFileBytes: 2048, maxFiles: 1000, maxStoreBytes: 1e9 };

/** Changes as a tool or the user makes them, each just after a snapshot that ran no git. */
const changes: [string, () => void][] = [
	["a file rewritten with the same size (the same second: only its stamp tells)", () => write("a.txt", "two\n")],
	["a new file in a folder", () => write("src/new.ts", "n\n")],
	["a file deleted", () => fs.rmSync(full("b.txt"))],
	["a chmod +x", () => fs.chmodSync(full("c.txt"), 0o755)],
	["a chmod to 0600", () => fs.chmodSync(full("a.txt"), 0o600)],
	["a symlink retargeted", () => (fs.rmSync(full("link")), fs.symlinkSync("c.txt", full("link")))],
	["a file in a new folder", () => write("fresh/deep/x.ts", "x\n")],
	["a file in an empty folder", () => write("empty/y.ts", "y\n")],
	["a file in a folder of ignored files only", () => write("build/keep.c", "c\n")],
	["an ignored file", () => write("build/more.o", "o\n")],
	["an ignored folder's file", () => write("node_modules/pkg/index.js", "i\n")],
	["an ignored .gitignore that stops ignoring a file", () => write("sub/.gitignore", "!keep.o\n")],
	["a .gitignore that stops ignoring", () => write(".gitignore", "node_modules/\nsub/.gitignore\n")],
	["a file grown over the cap", () => write("src/new.ts", "x".repeat(3000))],
	["the big file shrunk back", () => write("src/new.ts", "n\n")],
	["nothing", () => {}],
];

describe("a snapshot that runs no git still sees every change", () => {
	for (const [who, next] of [
		["one store object", (store: CheckpointStore) => store],
		["a new store object each time (a new arbor process)", (store: CheckpointStore) => new CheckpointStore(store.home, store.cwd, limits)],
	] as const)
		it(`${who}: after each change the snapshot equals a fresh store's`, async () => {
			write("a.txt", "one\n");
			write("b.txt", "bee\n");
			write("c.txt", "c\n");
			write(".gitignore", "*.o\nnode_modules/\nsub/.gitignore\n");
			write("sub/.gitignore", "\n");
			write("sub/keep.o", "k\n");
			write("build/x.o", "o\n");
			write("node_modules/dep/index.js", "d\n");
			fs.mkdirSync(full("empty"));
			fs.symlinkSync("a.txt", full("link"));
			let store = new CheckpointStore(at.home, at.cwd, limits);
			await store.snapshot();
			for (const [name, change] of changes) {
				await settle();
				store = next(store);
				const quiet = await store.snapshot(); // may ask git: the last change was too close to the snapshot before
				gitRuns();
				expect({ name, again: await next(store).snapshot() }).toEqual({ name, again: quiet });
				// Armed: no git at all (a file left out, over the cap, is listed by git every time).
				expect({ name, ran: gitRuns() }).toEqual({ name, ran: quiet.skipped.length === 0 ? [] : ["ls-files"] });
				change();
				store = next(store);
				const kept = await store.snapshot();
				const fresh = await new CheckpointStore(path.join(at.home, name.replace(/\W+/g, "-")), at.cwd, limits).snapshot();
				expect({ name, ...kept }).toEqual({ name, ...fresh });
			}
		});

	it("a change within the clock tick of the snapshot's record (its stamp unchanged) is seen: only stamps safely older count", async () => {
		write("a.txt", "one\n");
		write("src/b.txt", "b\n");
		const store = new CheckpointStore(at.home, at.cwd, limits);
		const before = await store.snapshot();
		// The same size, and the store's records rewritten to what lstat says now: as if the change came
		// in the very tick the snapshot recorded the file and its folder (a coarse clock gives both the same times).
		write("a.txt", "two\n");
		write("src/c.txt", "c\n");
		const indexFile = store.place.indexFile;
		const stamp = fs.readFileSync(`${indexFile}-files`, "utf8").split(" ")[0] ?? "";
		const memo = loadMemo(indexFile, stamp);
		const watch = loadWatch(indexFile, stamp);
		if (!memo || !watch) throw new Error("no memo or watch kept");
		memo.files.set("a.txt", { size: 4, stamp: stampOf(fs.lstatSync(full("a.txt"))) });
		saveMemo(indexFile, stamp, memo);
		watch.dirs.set("src", stampOf(fs.lstatSync(full("src"))));
		saveWatch(indexFile, stamp, watch);
		const after = await new CheckpointStore(at.home, at.cwd, limits).snapshot();
		expect(after).toEqual(await new CheckpointStore(path.join(at.home, "fresh"), at.cwd, limits).snapshot());
		expect(after.tree).not.toBe(before.tree);
		expect(after.files).toBe(3);
	});

	it("a turn that changed one file of a small project runs git for that file only: no listing", async () => {
		for (let i = 0; i < 20; i++) write(`f${i}.txt`, `${i}\n`);
		const store = new CheckpointStore(at.home, at.cwd, limits);
		await store.snapshot();
		await settle();
		await store.snapshot(); // may ask git: the files were new at the snapshot before
		gitRuns();
		await store.snapshot();
		expect(gitRuns()).toEqual([]);
		fs.writeFileSync(full("f3.txt"), "changed\n");
		const snap = await store.snapshot();
		expect(gitRuns()).toEqual(["update-index", "write-tree"]);
		expect(snap).toEqual(await new CheckpointStore(path.join(at.home, "fresh"), at.cwd, limits).snapshot());
	});

	it("over 1000 files git's ls-files --modified stats the files; the folders are still looked at here", async () => {
		for (let i = 0; i < 1001; i++) write(`d${i % 10}/f${i}.txt`, `${i}\n`);
		let store = new CheckpointStore(at.home, at.cwd, { ...limits, maxFiles: 5000 });
		await store.snapshot();
		await settle();
		await store.snapshot();
		gitRuns();
		store = new CheckpointStore(at.home, at.cwd, { ...limits, maxFiles: 5000 }); // from the memo, which keeps no stamps here
		await store.snapshot();
		expect(gitRuns()).toEqual(["ls-files"]);
		fs.writeFileSync(full("d3/f3.txt"), "changed\n");
		const fresh = () => new CheckpointStore(path.join(at.home, `fresh${Math.random()}`), at.cwd, { ...limits, maxFiles: 5000 }).snapshot();
		expect(await store.snapshot()).toEqual(await fresh());
		expect(gitRuns().slice(0, 3)).toEqual(["ls-files", "update-index", "write-tree"]);
		write("d4/new.txt", "new\n");
		expect(await store.snapshot()).toEqual(await fresh());
	});
});
