#!/usr/bin/env node
// Reading a long session back (issue 37): `node scripts/bench-transcript.mjs [--quick]` (run by `npm run bench`).
// A 2,000-message session (500 turns: prompt, a call with its thinking, its output, a reply; the last
// output 300 lines), resumed at 120×40 under a pseudo-terminal (`script`): `arbor -c`, then keys
// typed into the editor, Ctrl+O (expand every item, the 300-line output the largest) and back, /tree
// with ↑/↓ and Esc. Per keystroke: the program's cpu (user+sys from /proc; typing: per batch of 20 keys,
// the median batch; Ctrl+O and the tree's keys: medians of a few presses) and the time to its first
// output; resident memory after start, halfway through the typing, after it, after Ctrl+O and /tree.
// pi 1.6 runs the same keys on the same file in the same run when a node >= 22.19 is at hand
// (bench-lib.mjs's modernNode). Prints medians; never asserts: machines are shared and noisy.
// Target: a keystroke's redraw within one frame, <= 16 ms of cpu; memory flat over the keys.
import "./bench-env.mjs";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { benchSessionLines, median, modernNode, processCpuMs, rssMiB } from "./bench-lib.mjs";
import { ms, startPty } from "./bench-pty.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = process.env.ARBOR_BENCH_CLI ?? path.join(ROOT, "dist/cli.js");
const PI_CLI = path.join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
const quick = process.argv.includes("--quick");
const TURNS = 500;
const KEYS = quick ? 100 : 200;
const BATCH = 20;
const [COLS, ROWS] = [120, 40];
/** A redraw has settled once nothing more is printed for this long. */
const QUIET_MS = 40;


/** The session file in `cwd`'s session folder under `home/sessions` (arbor's and, with PI_CODING_AGENT_DIR=home, pi's). */
function writeSession(home, cwd) {
	const dir = path.join(home, "sessions", `--${cwd.replace(/^\//, "").replace(/[/\\:]/g, "-")}--`);
	fs.mkdirSync(dir, { recursive: true });
	const lines = benchSessionLines({ id: "0193e7a0-0000-7000-8000-00000000cafe", cwd, turns: TURNS, thoughts: 4, outputLines: (i) => (i === TURNS - 1 ? 300 : 12), provider: "bench" });
	fs.writeFileSync(path.join(dir, "2026-11-22T09-00-00-000Z_0193e7a0-0000-7000-8000-00000000cafe.jsonl"), `${lines.join("\n")}\n`);
}

/** The program's pid: `script`'s child (the shell execs the program). */
function programPid(scriptPid) {
	const children = fs.readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, "utf8").trim().split(/\s+/);
	return Number(children[0]);
}

/** Writes `bytes`, then waits until something is printed and nothing more for QUIET_MS; resolves with the ms to the first output. */
async function press(pty, bytes) {
	const first = await pty.timed(bytes, (out) => out.length > 0);
	await quiet(pty);
	return first;
}

/** Resolves once nothing has been printed for QUIET_MS. */
async function quiet(pty) {
	for (let seen = -1; seen !== pty.output().length; ) {
		seen = pty.output().length;
		await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
	}
}

/** cpu (ms) and first-output times of pressing each of `keys` in turn. */
async function measure(pty, pid, keys) {
	const cpu0 = processCpuMs(pid);
	const times = [];
	for (const key of keys) times.push(await press(pty, key));
	return { cpu: processCpuMs(pid) - cpu0, times };
}

const letters = (n) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26)));

/** The whole run on one program: start, typing, Ctrl+O, /tree. */
async function run(name, start) {
	const { pty, ready } = start();
	try {
		const t0 = process.hrtime.bigint();
		await ready();
		const startMs = Number(process.hrtime.bigint() - t0) / 1e6;
		const pid = programPid(pty.pid);
		await quiet(pty);
		const rssStart = rssMiB(pid);
		const batches = [];
		let rssHalf = 0;
		const wall = [];
		for (let done = 0; done < KEYS; done += BATCH) {
			const r = await measure(pty, pid, [...letters(BATCH - 1), "\u0015"]); // letters, then Ctrl+U clears the editor
			batches.push(r.cpu / BATCH);
			wall.push(...r.times);
			if (done + BATCH === KEYS / 2) rssHalf = rssMiB(pid);
		}
		const rssTyped = rssMiB(pid);
		const expand = await measure(pty, pid, ["\u000f", "\u000f", "\u000f", "\u000f"]);
		const tree = { open: [], move: [], close: [] };
		for (let i = 0; i < 3; i++) {
			await measure(pty, pid, [..."/tree"]);
			tree.open.push((await measure(pty, pid, ["\r"])).cpu);
			const moves = [...Array(10).fill("\u001b[A"), ...Array(10).fill("\u001b[B")];
			tree.move.push((await measure(pty, pid, moves)).cpu / moves.length);
			tree.close.push((await measure(pty, pid, ["\u001b"])).cpu);
		}
		const at = (xs) => median(xs);
		return { name, startMs, rssStart, rssHalf, rssTyped, rssEnd: rssMiB(pid), key: median(batches), wall: median(wall), ctrlO: expand.cpu / 4, tree: { open: at(tree.open), move: at(tree.move), close: at(tree.close) } };
	} finally {
		pty.stop();
	}
}

function arbor(cwd, home) {
	return () => {
		const pty = startPty({ cli: CLI, args: ["-c", "--model", "compat:bench", "--base-url", "http://127.0.0.1:9/v1", "--no-extensions"], cwd, home, cols: COLS, rows: ROWS });
		return { pty, ready: () => pty.until((out) => out.includes("Turn 499 done") && /leaf [0-9a-f]{8}/.test(out)) };
	};
}

function pi(cwd, home, node) {
	return () => {
		fs.writeFileSync(path.join(home, "models.json"), JSON.stringify({ providers: { bench: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "bench", models: [{ id: "bench", contextWindow: 128000 }] } } }));
		const pty = startPty({ cli: PI_CLI, node, args: ["-c", "--provider", "bench", "--model", "bench", "--no-extensions"], cwd, home, cols: COLS, rows: ROWS, env: { PI_CODING_AGENT_DIR: home, PI_OFFLINE: "1" } });
		return { pty, ready: () => pty.until((out) => out.includes("Turn 499 done")) };
	};
}

/** A project folder with the session, and its home (removed by the pty's stop()). */
function place() {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-transcript-"));
	const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-transcript-project-"));
	writeSession(home, cwd);
	return { cwd, home };
}

const row = (r) =>
	`${r.name.padEnd(8)}${ms(r.startMs)}${ms(r.key)}${ms(r.wall)}${ms(r.ctrlO)}${ms(r.tree.open)}${ms(r.tree.move)}${ms(r.tree.close)}` +
	`   ${[r.rssStart, r.rssHalf, r.rssTyped, r.rssEnd].map((x) => x.toFixed(0)).join(" -> ")} MiB`;

async function main() {
	if (!fs.existsSync(CLI)) throw new Error("dist/cli.js missing: run npm run build");
	console.log(`## Reading back a ${(TURNS * 4).toLocaleString("en-US")}-message session (-c at ${COLS}×${ROWS}; ${KEYS} keys typed; cpu per key: median of batches of ${BATCH})`);
	const heads = ["open", "cpu/key", "key→draw", "Ctrl+O", "/tree ⏎", "tree ↑↓", "tree Esc"];
	console.log(`${"".padEnd(8)}${heads.map((h) => h.padStart(10)).join("")}   rss: start -> after ${KEYS / 2} keys -> ${KEYS} -> Ctrl+O, /tree`);
	const places = [];
	try {
		const a = place();
		places.push(a.cwd);
		console.log(row(await run("arbor", arbor(a.cwd, a.home))));
		const node = modernNode(ROOT);
		if (!node) console.log("pi 1.6: no node >= 22.19 (ARBOR_BENCH_NODE)");
		else {
			const p = place();
			places.push(p.cwd);
			console.log(row(await run("pi 1.6", pi(p.cwd, p.home, node))));
		}
	} finally {
		for (const dir of places) fs.rmSync(dir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(`bench-transcript: ${error.message}`);
	process.exitCode = 1;
});
