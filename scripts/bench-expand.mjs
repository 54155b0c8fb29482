#!/usr/bin/env node
// Ctrl+O benchmark: `node scripts/bench-expand.mjs [--quick]` (run by `npm run bench`).
//  (a) the built CLI under a pseudo-terminal (`script`) on a 2,000-turn session: from writing
//      Ctrl+O to the status line printed again after the clear (every item of the re-printed
//      tail in its expanded form), and the same for collapsing;
//  (b) the reducer's part (`transcript-toggled`) when all 2,000 turns are in the transcript (a
//      session chatted live for that long): the items printed again are bounded by the screen.
// Prints medians. Never asserts: machines are shared and noisy.
import "./bench-env.mjs";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { benchSessionLines } from "./bench-lib.mjs";
import { median, ms, startPty, stripAnsi } from "./bench-pty.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
const CLI = path.join(ROOT, "dist/cli.js");
const quick = process.argv.includes("--quick");
const TOGGLES = quick ? 6 : 14;
const TURNS = 2000;
const COLS = 120;
const ROWS = 40;
const TIMEOUT_MS = 60_000;

const STATUS = /tokens · (empty|leaf [0-9a-f]{8})/;
const CLEAR = "\u001b[2J\u001b[3J\u001b[H";

/** A linear session of TURNS turns: user, assistant (thinking + a tool call), tool result, assistant reply. */
function session() {
	fs.mkdirSync(BENCH, { recursive: true });
	const file = path.join(BENCH, `expand-${TURNS}-turns.jsonl`);
	if (fs.existsSync(file)) return file;
	const lines = benchSessionLines({ id: "0193e7a0-0000-7000-8000-00000000beef", cwd: ROOT, turns: TURNS, thoughts: 8, outputLines: () => 30, provider: "compat" });
	fs.writeFileSync(file, `${lines.join("\n")}\n`);
	return file;
}

/** The CLI on a copy of `file` under `script`; `toggle()` writes Ctrl+O and resolves with ms to the re-printed status line. */
function startCli(file) {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-expand-"));
	const copy = path.join(home, "s.jsonl");
	fs.copyFileSync(file, copy);
	const args = ["--model", "compat:bench", "--base-url", "http://127.0.0.1:9/v1", "--session", copy];
	const pty = startPty({ cli: CLI, args, cwd: home, home, cols: COLS, rows: ROWS, timeoutMs: TIMEOUT_MS });
	return {
		ready: () => pty.until((out) => STATUS.test(stripAnsi(out))),
		toggle: () => pty.timed("\u000f", (out) => out.includes(CLEAR) && STATUS.test(stripAnsi(out.slice(out.lastIndexOf(CLEAR))))),
		stop: () => pty.stop(),
	};
}

async function cliFigures(file) {
	const cli = startCli(file);
	try {
		await cli.ready();
		const expand = [];
		const collapse = [];
		for (let i = 0; i < TOGGLES; i++) (i % 2 === 0 ? expand : collapse).push(await cli.toggle());
		return { expand: median(expand), collapse: median(collapse) };
	} finally {
		cli.stop();
	}
}

/** The reducer bundled alone (esbuild), fed every item of the session's path. */
async function reducerFigures(file) {
	const { build } = await import("esbuild");
	const entry = path.join(BENCH, "bench-expand-entry.ts");
	fs.writeFileSync(entry, [
		`export { appReducer, initialAppState } from ${JSON.stringify(path.join(ROOT, "source/ui/chat/app-reducer.ts"))};`,
		`export { replay } from ${JSON.stringify(path.join(ROOT, "source/ui/chat/replay.ts"))};`,
		`export { SessionStore } from ${JSON.stringify(path.join(ROOT, "source/session/store.ts"))};`,
	].join("\n"));
	const out = path.join(BENCH, "bench-expand-entry.mjs");
	await build({ entryPoints: [entry], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" });
	const { appReducer, initialAppState, replay, SessionStore } = await import(out);
	const store = SessionStore.open(file);
	try {
		const view = store.snapshot();
		const path_ = view.getPath(view.leafId);
		const size = { rows: ROWS, cols: COLS };
		const state = { ...initialAppState([], { size }), items: replay(path_) };
		const times = [];
		let shown = 0;
		for (let i = 0; i < 21; i++) {
			const start = process.hrtime.bigint();
			const next = appReducer(state, { type: "transcript-toggled", size });
			times.push(Number(process.hrtime.bigint() - start) / 1e6);
			shown = next.items.length;
		}
		return { items: state.items.length, shown, toggle: median(times) };
	} finally {
		store.close();
	}
}

async function main() {
	if (!fs.existsSync(CLI)) throw new Error("dist/cli.js missing: run npm run build");
	console.log(`## Ctrl+O (expand / collapse) on a ${TURNS.toLocaleString("en-US")}-turn session (${COLS}×${ROWS}; medians)`);
	const file = session();
	try {
		execFileSync("script", ["--version"], { stdio: "ignore" });
		const cli = await cliFigures(file);
		console.log(`Ctrl+O to the expanded screen          ${ms(cli.expand)}   (pty: clear, last screens re-printed expanded)`);
		console.log(`Ctrl+O back to the short forms         ${ms(cli.collapse)}`);
	} catch (error) {
		console.log(`(pty figures skipped: ${error.message})`);
	}
	const r = await reducerFigures(file);
	console.log(`transcript-toggled, all ${r.items.toLocaleString("en-US")} items live  ${ms(r.toggle)}   (${r.shown} items printed again)`);
}

main().catch((error) => {
	console.error(`bench-expand: ${error.message}`);
	process.exitCode = 1;
});
