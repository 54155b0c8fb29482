#!/usr/bin/env node
// Interactive UI benchmark: `node scripts/bench-ui.mjs [--quick] [--starts-only]` (run by `npm run bench`).
//  (a) time to first frame: `dist/cli.js` started under a pseudo-terminal (`script`), from spawn
//      to the first output holding the status line, on a new session and on the pi fixture;
//  (b) time to the tree's first frame on a 100k-entry bushy-deep session, beside the store's
//      open time: scripts/bench-ui-entry.tsx (bundled to .bench/bench-ui.mjs) renders the real
//      TreeScreen with ink-testing-library in a child process;
//  (c) one key press in that tree (↑, ↓, page keys): stdin.write to the next frame;
//  (d) opening a 100k-entry session interactively (spawn to the chat screen's status line) beside
//      `arbor context` on the same file in the same run (the bar: at most 1.3x);
//  (e) a filter toggle (Ctrl+U, Ctrl+O, Ctrl+T, Ctrl+L and back) in the 100k tree.
// Prints medians beside their targets. Never asserts: machines are shared and noisy.
import "./bench-env.mjs";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { openFigures, pasteFigures, timeFirstFrame } from "./bench-ui-pty.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
// ARBOR_BENCH_CLI times another bundle (e.g. one built with different settings) for comparison.
const CLI = process.env.ARBOR_BENCH_CLI ? path.resolve(process.env.ARBOR_BENCH_CLI) : path.join(ROOT, "dist/cli.js");
const ENTRY_BUNDLE = path.join(BENCH, "bench-ui.mjs");
const quick = process.argv.includes("--quick");
/** --starts-only: just (a), e.g. to compare bundles quickly. */
const startsOnly = process.argv.includes("--starts-only");
/** --tree-only: just (b), (c) and (e), the 100k tree. */
const treeOnly = process.argv.includes("--tree-only");
/** --open-only: just (d), the 100k-entry open against `arbor context` (ARBOR_BENCH_KINDS=linear,bushy). */
const openOnly = process.argv.includes("--open-only");
const STARTS = quick ? 5 : 9;
const TREE_RUNS = quick ? 3 : 5;
const PRESSES = 200;
const N = 100_000;
const COLS = 120;
const ROWS = 40;

const FIXTURE = path.join(ROOT, "test/fixtures/pi-tree-session.jsonl");
const GEN_SESSION = path.join(ROOT, "scripts/gen-session.mjs");

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	if (s.length === 0) return NaN;
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`.padStart(10);

/** Generated once and cached in .bench/ (the same files scripts/bench-store.mjs uses). */
function bigSession(kind = "bushy-deep") {
	fs.mkdirSync(BENCH, { recursive: true });
	const file = path.join(BENCH, `${kind}-${N}.jsonl`);
	if (!fs.existsSync(file)) {
		execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", kind, "--n", String(N)], { stdio: "ignore" });
	}
	return file;
}

async function bundleEntry() {
	const { build } = await import("esbuild");
	await build({
		entryPoints: [path.join(ROOT, "scripts/bench-ui-entry.tsx")],
		outfile: ENTRY_BUNDLE,
		bundle: true,
		format: "esm",
		platform: "node",
		target: "node20",
		// Ink imports its devtools only when DEV is set; without code splitting the import would be
		// hoisted, so the package (not installed) is replaced by an empty module.
		plugins: [
			{
				name: "no-devtools",
				setup(b) {
					b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "react-devtools-core", namespace: "stub" }));
					b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export default {};", loader: "js" }));
				},
			},
		],
		define: { "process.env.NODE_ENV": '"production"', "process.env.DEV": '"false"' },
		banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
		logLevel: "warning",
	});
}

async function startFigures() {
	const fresh = [];
	const fixture = [];
	// Interleaved so a noisy moment hurts both cases alike.
	for (let i = 0; i < STARTS; i++) {
		fresh.push(await timeFirstFrame({ cli: CLI, cols: COLS, rows: ROWS }));
		fixture.push(await timeFirstFrame({ cli: CLI, cols: COLS, rows: ROWS, sessionFile: FIXTURE }));
	}
	return { fresh: median(fresh), fixture: median(fixture) };
}

function treeRun(file) {
	const out = execFileSync(process.execPath, [ENTRY_BUNDLE, file, FIXTURE, String(PRESSES)], { encoding: "utf8", maxBuffer: 64 << 20 });
	return JSON.parse(out.trim().split("\n").at(-1));
}

async function treeFigures() {
	const file = bigSession();
	await bundleEntry();
	const runs = [];
	for (let i = 0; i < TREE_RUNS; i++) runs.push(treeRun(file));
	const keys = (name) => runs.flatMap((r) => r[name].ms);
	const noFrame = (name) => runs.reduce((n, r) => n + r[name].noFrame, 0);
	return {
		entries: runs[0].entries,
		open: median(runs.map((r) => r.open)),
		tree: median(runs.map((r) => r.tree)),
		up: median(keys("up")),
		down: median(keys("down")),
		page: median(keys("page")),
		filter: median(keys("filter")),
		filterMax: Math.max(...keys("filter")),
		noFrame: { up: noFrame("up"), down: noFrame("down"), page: noFrame("page"), filter: noFrame("filter") },
	};
}

/** (d): every kind in ARBOR_BENCH_KINDS (default all three), interactive open beside `arbor context`. */
async function printOpenFigures() {
	const kinds = (process.env.ARBOR_BENCH_KINDS ?? "linear,bushy,bushy-deep").split(",");
	const runs = quick ? 3 : 5;
	for (const kind of kinds) {
		const f = await openFigures({ cli: CLI, cols: COLS, rows: ROWS, sessionFile: bigSession(kind), runs });
		const ratio = (f.open / f.context).toFixed(2);
		console.log(`open ${N / 1000}k ${kind.padEnd(10)} to chat screen   ${ms(f.open)}   (arbor context same file ${ms(f.context).trim()}; ${ratio}x; target <= 1.3x; ${runs} runs)`);
	}
}

async function main() {
	if (!fs.existsSync(CLI)) throw new Error(`${CLI} missing: run npm run build`);
	console.log(`## Interactive UI (${quick ? "quick" : "full"}; ${COLS}x${ROWS} pty; medians)`);
	if (!startsOnly && !treeOnly) await printOpenFigures();
	if (openOnly) return;
	if (!treeOnly) {
		const s = await startFigures();
		console.log(`first frame, new session                ${ms(s.fresh)}   (target <= 300 ms; ${STARTS} starts)`);
		console.log(`first frame, pi-tree-session fixture    ${ms(s.fixture)}   (target <= 300 ms)`);
		const p = await pasteFigures({ cli: CLI, cols: 80, rows: 24, runs: quick ? 3 : 5 });
		console.log(`editor: 100 KB paste to the screen      ${ms(p.paste)}   (80x24; one 100,000-character line and a 300-line log)`);
		console.log(`editor: a key after that paste          ${ms(p.key)}   (stop 29's build: ~3.8 s)`);
	}
	if (startsOnly) return;
	const t = await treeFigures();
	const ratio = t.tree / t.open;
	console.log(`store open, ${t.entries / 1000}k bushy-deep entries       ${ms(t.open)}   (${TREE_RUNS} runs, each in a fresh process)`);
	console.log(`tree first frame (store open)           ${ms(t.tree)}   (${ratio.toFixed(2)}x store open; target <= 1.5x)`);
	console.log(`open + tree first frame                 ${ms(t.open + t.tree)}   (${((t.open + t.tree) / t.open).toFixed(2)}x store open)`);
	console.log(`key ↓ in the tree                       ${ms(t.down)}   (target < 16 ms; ${PRESSES} presses per run)`);
	console.log(`key ↑ in the tree                       ${ms(t.up)}   (target < 16 ms)`);
	console.log(`key PgDn/PgUp in the tree               ${ms(t.page)}   (target < 16 ms)`);
	console.log(`filter toggle (Ctrl+U/O/T/L, on and off) ${ms(t.filter)}   (target <= 100 ms; slowest ${ms(t.filterMax).trim()})`);
	const idle = t.noFrame.up + t.noFrame.down + t.noFrame.page + t.noFrame.filter;
	if (idle > 0) console.log(`(${idle} presses changed nothing on screen, e.g. at the list's end, and are not counted)`);
}

main().catch((error) => {
	console.error(`bench-ui: ${error.message}`);
	process.exitCode = 1;
});
