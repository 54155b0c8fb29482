// recall figures: the `recall` tool's search over a 100k-entry session (docs/memory.md) against
// `arbor search` of the same file (goal: recall <= 1.5x the search).
//   node scripts/bench-recall.mjs [--quick] [--runs N]     (--quick: a 10k-entry session)
// Bundles source/recall/recall-search.ts with the store to .bench/recall.mjs and, in a child process,
// opens the session (as the chat holds it open: not timed) and times recallSearch(query, limit 10) —
// the file scan, then each hit placed on the tree — next to the engine alone in the same process
// (searchSessions of the one file, `arbor search`'s single-thread path). `arbor search --json` of the
// file as a process is printed beside them (its Node start-up included; ARBOR_SEARCH_THREADS=1 and
// as the CLI chooses). Never asserts: the machines are shared and noisy.
import "./bench-env.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bench = join(root, ".bench");
const bundle = join(bench, "recall.mjs");
const cli = process.env.ARBOR_BENCH_CLI ?? join(root, "dist/cli.js");
const quick = process.argv.includes("--quick");
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : quick ? 5 : 7;
const N = quick ? 10_000 : 100_000;
const QUERIES = ["xylophone", "zebra sync", "the", "re:xylo\\w+ zebra"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** In the child: open the session, then the medians of recall and of the engine alone per query. */
async function child(file) {
	const { SessionStore, recallSearch, searchSessions } = await import(pathToFileURL(bundle).href);
	const store = SessionStore.open(file);
	const view = store.snapshot();
	const out = {};
	for (const q of QUERIES) {
		const recall = [];
		const search = [];
		let hits = 0;
		for (let i = 0; i < RUNS; i++) {
			let t = performance.now();
			hits = recallSearch({ view, file }, q, 10).hits.length;
			recall.push(performance.now() - t);
			t = performance.now();
			searchSessions([file], q, 20);
			search.push(performance.now() - t);
		}
		out[q] = { recall: median(recall), search: median(search), hits };
	}
	store.close();
	process.stdout.write(JSON.stringify(out));
}

async function makeBundle() {
	const { build } = await import("esbuild");
	const contents = [
		'export { SessionStore } from "./source/session/store.ts";',
		'export { recallSearch } from "./source/recall/recall-search.ts";',
		'export { searchSessions } from "./source/search/search.ts";',
	].join("\n");
	await build({ stdin: { contents, resolveDir: root, loader: "ts" }, bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "warning" });
}

function session() {
	mkdirSync(bench, { recursive: true });
	const file = join(bench, `bushy-${N}.jsonl`);
	if (!existsSync(file)) execFileSync(process.execPath, [join(root, "scripts/gen-session.mjs"), "--out", file, "--kind", "bushy", "--n", String(N)], { stdio: "ignore" });
	// A folder of its own, so `arbor search --session-dir` searches this one file.
	const dir = mkdtempSync(join(tmpdir(), "arbor-bench-recall-"));
	copyFileSync(file, join(dir, "s.jsonl"));
	return { dir, file: join(dir, "s.jsonl") };
}

function cliSearch(dir, q, threads) {
	const env = { ...process.env, ...(threads ? { ARBOR_SEARCH_THREADS: threads } : {}) };
	const xs = [];
	for (let i = 0; i < RUNS; i++) {
		const t = process.hrtime.bigint();
		spawnSync(process.execPath, [cli, "search", "--json", "--session-dir", dir, q], { env, stdio: "ignore" });
		xs.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	return median(xs);
}

async function main() {
	if (process.argv[2] === "--child") return child(process.argv[3]);
	await makeBundle();
	const { dir, file } = session();
	const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", file, ...process.argv.slice(2)], { encoding: "utf8" });
	if (r.status !== 0) throw new Error(r.stderr);
	const figures = JSON.parse(r.stdout);
	console.log(`## recall (${N / 1000}k-entry bushy session; medians of ${RUNS} runs; the session open in memory, as in a chat)`);
	for (const q of QUERIES) {
		const f = figures[q];
		const one = cliSearch(dir, q, "1");
		const auto = cliSearch(dir, q);
		const label = JSON.stringify(q).padEnd(20);
		console.log(
			`recall ${label} ${f.recall.toFixed(0).padStart(5)} ms  = ${(f.recall / f.search).toFixed(2)}x the search engine in process (${f.search.toFixed(0)} ms)` +
				`, ${(f.recall / one).toFixed(2)}x \`arbor search\` (${one.toFixed(0)} ms 1 thread, ${auto.toFixed(0)} ms as chosen; goal <= 1.5x); ${f.hits} hits`,
		);
	}
}

main().catch((error) => {
	console.error(`bench-recall: ${error.message}`);
	process.exitCode = 1;
});
