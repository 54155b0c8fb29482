#!/usr/bin/env node
// Checkpoints benchmark: `node scripts/bench-checkpoints.mjs [--quick] [--runs N]`.
// A generated tree of 20,000 files / 200 MB (2,000 files / 20 MB with --quick), and in the same run:
//   first snapshot (source/checkpoints/store.ts)  vs  `git add -A && git write-tree` in a scratch repo
//   a snapshot with nothing changed              (target <= 150 ms)
//   a turn that wrote one file: its snapshot      vs  `git add -A && git write-tree` after the same change
//     (git with its index from the first snapshot: the floor a stat cache allows)
//   restore of 100 changed files                  vs  `git checkout -- .` of the same 100 files
// Targets (issue 35 item 20): first snapshot <= 1.2x the git floor, one-file turn <= 1.2x git's
// snapshot of the same change, unchanged <= 150 ms; restore <= 1.5x git checkout (issue 20).
import "./bench-env.mjs";
import { median } from "./bench-lib.mjs";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const FILES = quick ? 2_000 : 20_000;
const BYTES = 10 * 1024; // 20,000 × 10 KiB = 200 MB
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : quick ? 3 : 5;

const ms = (x) => `${x.toFixed(0)} ms`;
const time = async (fn) => {
	const t = process.hrtime.bigint();
	await fn();
	return Number(process.hrtime.bigint() - t) / 1e6;
};

/** The tree: 200 folders of FILES/200 files, each BYTES of varied text (so git must hash them all). */
function generate(dir) {
	const per = FILES / 200;
	for (let d = 0; d < 200; d++) {
		const sub = path.join(dir, `dir${d}`);
		mkdirSync(sub, { recursive: true });
		for (let f = 0; f < per; f++) {
			const seed = `${d}-${f}-`;
			writeFileSync(path.join(sub, `file${f}.txt`), seed.repeat(Math.ceil(BYTES / seed.length)).slice(0, BYTES));
		}
	}
}

function change100(dir, tag) {
	for (let i = 0; i < 100; i++) writeFileSync(path.join(dir, `dir${i % 200}`, `file${Math.floor(i / 200)}.txt`), `changed ${tag} ${i}\n`.repeat(100));
}

async function bundleStore() {
	const { build } = await import("esbuild");
	const out = path.join(ROOT, ".bench", "bench-checkpoints.mjs");
	await build({ entryPoints: [path.join(ROOT, "source/checkpoints/store.ts")], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20", logLevel: "silent" });
	return import(pathToFileURL(out).href);
}

// No background gc/maintenance in the scratch repo: it would race the clean-up.
const git = (cwd, ...args) => execFileSync("git", ["-c", "gc.auto=0", "-c", "maintenance.auto=false", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b" } });

async function main() {
	const { CheckpointStore } = await bundleStore();
	const first = [];
	const floor = [];
	const noChange = [];
	const oneFile = [];
	const oneFileGit = [];
	const restore = [];
	const checkout = [];
	for (let run = 0; run < RUNS; run++) {
		const base = mkdtempSync(path.join(tmpdir(), "arbor-bench-ckpt-"));
		try {
			const work = path.join(base, "work");
			const scratch = path.join(base, "scratch");
			generate(work);
			generate(scratch);
			git(scratch, "init", "-q");
			floor.push(await time(() => git(scratch, "add", "-A") && git(scratch, "write-tree")));
			const store = new CheckpointStore(path.join(base, "home"), work);
			let snap;
			first.push(await time(async () => (snap = await store.snapshot())));
			noChange.push(await time(() => store.snapshot()));
			const one = (dir) => writeFileSync(path.join(dir, "dir7", "file3.txt"), `one change ${run}\n`);
			one(work);
			oneFile.push(await time(() => store.snapshot()));
			one(scratch);
			oneFileGit.push(await time(() => git(scratch, "add", "-A") && git(scratch, "write-tree")));
			change100(work, run);
			const changed = await store.snapshot();
			restore.push(await time(() => store.restore(changed.tree, snap.tree)));
			git(scratch, "commit", "-q", "-m", "base");
			change100(scratch, run);
			checkout.push(await time(() => git(scratch, "checkout", "--", ".")));
		} finally {
			rmSync(base, { recursive: true, force: true, maxRetries: 5 });
		}
	}
	const f = median(first);
	const g = median(floor);
	const r = median(restore);
	const c = median(checkout);
	console.log(`checkpoints: ${FILES.toLocaleString("en")} files / ${((FILES * BYTES) / 1e6).toFixed(0)} MB, medians of ${RUNS} runs`);
	console.log(`  first snapshot                        ${ms(f)}   (git add -A && git write-tree: ${ms(g)}; ${(f / g).toFixed(2)}x, target <= 1.2x)`);
	console.log(`  snapshot with nothing changed         ${ms(median(noChange))}   (target <= 150 ms)`);
	const o = median(oneFile);
	const og = median(oneFileGit);
	console.log(`  snapshot after a one-file turn        ${ms(o)}   (git add -A && git write-tree of the same change: ${ms(og)}; ${(o / og).toFixed(2)}x, target <= 1.2x)`);
	console.log(`  restore of 100 changed files          ${ms(r)}   (git checkout of the same: ${ms(c)}; ${(r / c).toFixed(2)}x, target <= 1.5x)`);
}

await main();
