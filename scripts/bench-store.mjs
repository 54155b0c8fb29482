#!/usr/bin/env node
// Session store benchmark: `node scripts/bench-store.mjs [--quick] [--json] [--runs N]`.
// Bundles the session store (store.ts, fork.ts) to .bench/session.mjs, generates synthetic sessions once
// (cached in .bench/), then measures each file in fresh child processes (so RSS is per run) and
// prints medians plus ratios to a plain read+split+JSON.parse baseline. `runStoreBench()` is
// exported for scripts/bench.mjs. With ARBOR_BENCH_PI=<pi-coding-agent package folder> (installed
// outside the repo, e.g. npm install --prefix /tmp/pi @mariozechner/pi-coding-agent@0.73.1) pi's
// SessionManager.open + getTree() is measured the same way (time, peak RSS growth, heapUsed).
import "./bench-env.mjs";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
const BUNDLE = path.join(BENCH, "session.mjs");
const KINDS = ["linear", "bushy", "bushy-deep"];

function genScript() {
	return path.join(ROOT, "scripts/gen-session.mjs");
}

async function bundle() {
	const { build } = await import("esbuild");
	const contents = 'export { SessionStore } from "./source/session/store.ts";\nexport { forkToFile } from "./source/session/fork.ts";';
	await build({ stdin: { contents, resolveDir: ROOT, loader: "ts" }, bundle: true, format: "esm", platform: "node", outfile: BUNDLE, logLevel: "warning" });
}

/** Generate (once) and return {file, stats}. */
function sessionFile(kind, n) {
	const file = path.join(BENCH, `${kind}-${n}.jsonl`);
	const statsFile = `${file}.stats.json`;
	if (!fs.existsSync(file) || !fs.existsSync(statsFile)) {
		const out = execFileSync(process.execPath, [genScript(), "--out", file, "--kind", kind, "--n", String(n)], { encoding: "utf8" });
		fs.writeFileSync(statsFile, out.trim().split("\n").at(-1));
	}
	return { file, stats: JSON.parse(fs.readFileSync(statsFile, "utf8")) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

// ---------- worker side (runs in a child process) ----------
async function worker(mode, file, deepest) {
	if (mode === "pi") return piWorker(file);
	const lib = mode === "baseline" ? undefined : await import(pathToFileURL(BUNDLE).href);
	const rss0 = process.memoryUsage().rss; // after loading code: only data growth counts
	const heap0 = heapNow();
	const peak = () => process.resourceUsage().maxRSS * 1024 - rss0;
	if (mode === "baseline") {
		const t0 = performance.now();
		const parsed = fs.readFileSync(file, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
		return { ms: performance.now() - t0, rss: peak(), n: parsed.length };
	}
	const { SessionStore, forkToFile } = lib;
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-"));
	try {
		const copy = path.join(tmp, "s.jsonl");
		fs.copyFileSync(file, copy);
		const t0 = performance.now();
		const store = SessionStore.open(copy, { write: true });
		const open = performance.now() - t0;
		const rss = peak();
		const heap = heapNow() - heap0;
		const view = store.snapshot();
		const t1 = performance.now();
		view.buildContext();
		const context = performance.now() - t1;
		const t2 = performance.now();
		const walked = walk(view);
		const traversal = performance.now() - t2;
		const t3 = performance.now();
		// What `arbor fork` does: the new file, complete and fsynced (no index built for it).
		forkToFile({ source: view, sourceFile: copy, entryId: deepest, sessionDir: path.join(tmp, "fork"), cwd: "/bench" });
		const fork = performance.now() - t3;
		const appends = [];
		for (let i = 0; i < 1000; i++) {
			const s = performance.now();
			store.appendMessage({ role: "user", content: `append ${i}`, timestamp: Date.now() });
			appends.push(performance.now() - s);
		}
		store.close();
		return { open, rss, heap, context, traversal, walked, fork, appendMedian: median(appends), appendP99: percentile(appends, 0.99) };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/** heapUsed after a full collection (node --expose-gc), else as it stands. */
function heapNow() {
	globalThis.gc?.();
	return process.memoryUsage().heapUsed;
}

async function piWorker(file) {
	const { SessionManager } = await import(pathToFileURL(path.join(process.env.ARBOR_BENCH_PI, "dist/core/session-manager.js")).href);
	const rss0 = process.memoryUsage().rss;
	const heap0 = heapNow();
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-pi-"));
	try {
		const copy = path.join(tmp, "s.jsonl");
		fs.copyFileSync(file, copy);
		const t0 = performance.now();
		const manager = SessionManager.open(copy, tmp);
		const open = performance.now() - t0;
		const rss = process.resourceUsage().maxRSS * 1024 - rss0;
		const heap = heapNow() - heap0;
		const t1 = performance.now();
		const roots = manager.getTree();
		const tree = performance.now() - t1;
		return { open, tree, rss, heap, roots: roots.length };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

function walk(view) {
	const stack = [...view.getRoots()];
	let count = 0;
	while (stack.length > 0) {
		const e = stack.pop();
		count++;
		for (const c of view.getChildren(e.id)) stack.push(c);
	}
	return count;
}

function runChild(mode, file, deepest) {
	const out = execFileSync(process.execPath, ["--max-old-space-size=8192", "--expose-gc", fileURLToPath(import.meta.url), "--worker", mode, file, deepest], {
		encoding: "utf8",
		maxBuffer: 1 << 20,
	});
	return JSON.parse(out);
}

// ---------- driver ----------
/** Run the benchmark; returns one result row per file. */
export async function runStoreBench({ quick = false, runs = 3, log = () => {} } = {}) {
	fs.mkdirSync(BENCH, { recursive: true });
	await bundle();
	const rows = [];
	for (const n of quick ? [10_000] : [10_000, 100_000]) {
		for (const kind of KINDS) {
			const { file, stats } = sessionFile(kind, n);
			const base = [];
			const store = [];
			const pi = [];
			for (let r = 0; r < runs; r++) {
				base.push(runChild("baseline", file, stats.deepestLeaf));
				store.push(runChild("store", file, stats.deepestLeaf));
				if (process.env.ARBOR_BENCH_PI) pi.push(runChild("pi", file, stats.deepestLeaf));
			}
			const m = (list, key) => median(list.map((x) => x[key]));
			const row = {
				file: path.basename(file),
				bytes: stats.bytes,
				entries: stats.entries,
				maxDepth: stats.maxDepth,
				baselineMs: m(base, "ms"),
				openMs: m(store, "open"),
				contextMs: m(store, "context"),
				traversalMs: m(store, "traversal"),
				forkMs: m(store, "fork"),
				appendMedianMs: m(store, "appendMedian"),
				appendP99Ms: m(store, "appendP99"),
				baselineRss: m(base, "rss"),
				openRss: m(store, "rss"),
				openHeap: m(store, "heap"),
				...(pi.length ? { piOpenMs: m(pi, "open"), piTreeMs: m(pi, "tree"), piRss: m(pi, "rss"), piHeap: m(pi, "heap") } : {}),
			};
			row.openRatio = row.openMs / row.baselineMs;
			row.memoryRatio = row.openRss / row.bytes;
			rows.push(row);
			log(row);
		}
	}
	return rows;
}

function table(rows) {
	const f = (x, d = 1) => x.toFixed(d);
	const lines = [
		"file                      MB     base ms  open ms  open/base  ctx ms  walk ms  fork ms  append med/p99 ms  mem MB  mem/file  base mem/file",
	];
	for (const r of rows) {
		lines.push(
			[
				r.file.padEnd(24),
				f(r.bytes / 1e6).padStart(6),
				f(r.baselineMs, 0).padStart(9),
				f(r.openMs, 0).padStart(8),
				`${f(r.openRatio, 2)}x`.padStart(10),
				f(r.contextMs).padStart(7),
				f(r.traversalMs).padStart(8),
				f(r.forkMs, 0).padStart(8),
				`${f(r.appendMedianMs, 3)}/${f(r.appendP99Ms, 3)}`.padStart(18),
				f(r.openRss / 1e6, 0).padStart(7),
				`${f(r.memoryRatio, 2)}x`.padStart(9),
				`${f(r.baselineRss / r.bytes, 2)}x`.padStart(14),
			].join(" "),
		);
	}
	if (rows.some((r) => r.piRss !== undefined)) {
		lines.push("", "file                      pi open ms  pi getTree ms  pi mem MB  pi heap MB  our heap MB  mem/pi  heap/pi");
		for (const r of rows) {
			if (r.piRss === undefined) continue;
			lines.push(
				[
					r.file.padEnd(24),
					f(r.piOpenMs, 0).padStart(11),
					f(r.piTreeMs, 0).padStart(14),
					f(r.piRss / 1e6, 0).padStart(10),
					f(r.piHeap / 1e6, 0).padStart(11),
					f(r.openHeap / 1e6, 0).padStart(12),
					`${f(r.openRss / r.piRss, 2)}x`.padStart(7),
					`${f(r.openHeap / r.piHeap, 2)}x`.padStart(8),
				].join(" "),
			);
		}
	}
	lines.push("targets: open <= 1.1x base, mem <= 3.5x file, linear-100k ctx < 50 ms, fork of 100k-deep < 1500 ms, append flat; mem <= 0.4x pi (issue 17 item 16)");
	return lines.join("\n");
}

const argv = process.argv.slice(2);
if (argv[0] === "--worker") {
	process.stdout.write(JSON.stringify(await worker(argv[1], argv[2], argv[3])));
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const json = argv.includes("--json");
	const runsAt = argv.indexOf("--runs");
	const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
	const log = json ? () => {} : (r) => process.stderr.write(`measured ${r.file}\n`);
	const rows = await runStoreBench({ quick: argv.includes("--quick"), runs, log });
	process.stdout.write(json ? `${JSON.stringify(rows, null, 2)}\n` : `${table(rows)}\n`);
}
