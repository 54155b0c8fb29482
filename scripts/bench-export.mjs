#!/usr/bin/env node
// HTML export benchmark: `node scripts/bench-export.mjs [--quick]` (needs `npm run build`).
// On a bushy 100k-entry session (10k with --quick) it prints, from the same run: `arbor export`
// time next to `arbor context` time (target: export <= 2x context), the page's size against the
// session's (target: <= 1.2x + a fixed part), and, when Chromium is installed, how the page
// behaves: load until the leaf's path shows, a row click, a filter switch, a search.
import "./bench-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist/cli.js");
const quick = process.argv.includes("--quick");
const RUNS = quick ? 3 : 5;
const N = quick ? 10_000 : 100_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

function sessionFile() {
	const dir = join(root, ".bench");
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `bushy-${N}.jsonl`);
	if (!existsSync(file)) {
		const gen = join(root, "scripts/gen-session.mjs");
		spawnSync(process.execPath, [gen, "--out", file, "--kind", "bushy", "--n", String(N)], { stdio: "ignore" });
	}
	return file;
}

function timed(args) {
	const t = process.hrtime.bigint();
	const r = spawnSync(process.execPath, [cli, ...args], { stdio: ["ignore", "ignore", "pipe"] });
	if (r.status !== 0) throw new Error(`arbor ${args[0]} exited ${r.status}: ${r.stderr}`);
	return Number(process.hrtime.bigint() - t) / 1e6;
}

async function pageFigures(html) {
	const chromium = "/usr/bin/chromium";
	if (!existsSync(chromium)) return "page: skipped (no /usr/bin/chromium)";
	const { chromium: driver } = await import("playwright-core");
	const browser = await driver.launch({ executablePath: chromium, args: ["--no-sandbox", "--disable-gpu"] });
	try {
		const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
		const t = Date.now();
		await page.goto(pathToFileURL(html).href);
		await page.waitForSelector("#conversation[data-selected-id]", { timeout: 300_000 });
		const load = Date.now() - t;
		const f = await page.evaluate(() => {
			/* global document -- this function runs in the page */
			const time = (fn) => { const t0 = performance.now(); fn(); return performance.now() - t0; };
			const rows = [...document.querySelectorAll("#tree .row")];
			const click = time(() => rows[0].click());
			const filter = time(() => document.querySelector('[data-filter="all"]').click());
			const back = time(() => document.querySelector('[data-filter="default"]').click());
			const rowCount = document.getElementById("tree").dataset.rowCount;
			return { click, filter, back, rowCount, dom: document.querySelectorAll("#tree .row").length };
		});
		return `page: load ${ms(load)} (until the leaf's path shows); row click ${ms(f.click)}; filter all ${ms(f.filter)}, back to default ${ms(f.back)}; ${f.rowCount} rows, ${f.dom} in the DOM`;
	} finally {
		await browser.close();
	}
}

async function main() {
	if (!existsSync(cli)) throw new Error("dist/cli.js missing: run npm run build");
	const file = sessionFile();
	const out = mkdtempSync(join(tmpdir(), "arbor-bench-export-"));
	try {
		const html = join(out, "page.html");
		const context = [];
		const exp = [];
		for (let i = 0; i < RUNS; i++) {
			// Alternate, so both see the same machine load.
			context.push(timed(["context", file]));
			exp.push(timed(["export", file, html]));
		}
		const c = median(context);
		const e = median(exp);
		const size = statSync(file).size;
		const pageSize = statSync(html).size;
		console.log(`## HTML export (bushy ${N / 1000}k entries, ${(size / 1e6).toFixed(1)} MB; medians of ${RUNS} runs)`);
		console.log(`arbor context                           ${ms(c)}`);
		console.log(`arbor export                            ${ms(e)}   (${(e / c).toFixed(2)}x context; target <= 2x)`);
		console.log(`page size                               ${(pageSize / 1e6).toFixed(1)} MB   (${(pageSize / size).toFixed(3)}x the session; ${((pageSize - size) / 1e3).toFixed(0)} kB more; target <= 1.2x + fixed)`);
		console.log(await pageFigures(html));
	} finally {
		rmSync(out, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(`bench-export: ${error.message}`);
	process.exitCode = 1;
});
