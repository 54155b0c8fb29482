#!/usr/bin/env node
// Fan-out benchmark: `node scripts/bench-fanout.mjs [--quick] [--runs N]` (docs/fanout.md, issue 38's Speed).
//   a fan-out of 4 branches × 3 tool steps  vs  one branch alone, the stub model answering each request after 200 ms
//     (target: <= 1.3x: the branches really run at once)
//   CPU (user + system, arbor and its children: git, bwrap, bash) per branch  vs  one print-mode turn of the same steps
//     (target: <= 1.2x)
//   materialising a 20,000-file checkpoint (source/fanout/work-copy.ts)  vs  `git worktree add` of the same tree
//     (target: <= 1.5x)
import "./bench-env.mjs";
import { execFileSync, spawn } from "node:child_process";

function spawnAsync(file, args, opts) {
	return new Promise((resolve, reject) => {
		const child = spawn(file, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (d) => (stdout += d));
		child.stderr.on("data", (d) => (stderr += d));
		child.on("error", reject);
		child.on("close", () => resolve({ stdout, stderr }));
	});
}
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist/cli.js");
const quick = process.argv.includes("--quick");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : quick ? 1 : 3;
const FILES = quick ? 2_000 : 20_000;
const DELAY_MS = 200;
const STEPS = 3;

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(0)} ms`;

/** A stub model: every answer after DELAY_MS; STEPS bash calls, then a short text. */
function startSlowServer() {
	const chunk = (delta, finish = null) => `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "b", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	const usage = `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "b", choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } })}\n\n`;
	const server = createServer((req, res) => {
		let body = "";
		req.on("data", (d) => (body += d));
		req.on("end", () => {
			const steps = (JSON.parse(body).messages ?? []).filter((m) => m.role === "tool").length;
			setTimeout(() => {
				res.writeHead(200, { "content-type": "text/event-stream" });
				if (steps < STEPS) {
					const call = { index: 0, id: `c${steps}`, type: "function", function: { name: "bash", arguments: JSON.stringify({ command: `echo step ${steps} >> notes.txt` }) } };
					res.write(chunk({ role: "assistant", content: null, tool_calls: [call] }));
					res.write(chunk({}, "tool_calls"));
				} else {
					res.write(chunk({ role: "assistant", content: "done" }));
					res.write(chunk({}, "stop"));
				}
				res.end(`${usage}data: [DONE]\n\n`);
			}, DELAY_MS);
		});
	});
	return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}/v1`, close: () => new Promise((r) => server.close(r)) })));
}

/** Runs the CLI under bash (asynchronously: the stub server is in this process); returns wall time and the CPU (user + system) of it and its children (bash's `times`). */
async function timed(args, cwd, env) {
	const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
	const t = process.hrtime.bigint();
	const r = await spawnAsync("bash", ["-c", `${JSON.stringify(process.execPath)} ${quoted} >/dev/null 2>&1 || echo FAILED >&2; times`], { cwd, env: { ...process.env, ...env } });
	const wall = Number(process.hrtime.bigint() - t) / 1e6;
	if (r.stderr.includes("FAILED")) throw new Error(`arbor ${args.slice(1, 3).join(" ")} failed`);
	const line = r.stdout.trim().split("\n")[1] ?? "";
	const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
	return { wall, cpu: (secs[0] + secs[1]) * 1000 };
}

async function fanoutFigures() {
	const server = await startSlowServer();
	const base = mkdtempSync(path.join(tmpdir(), "arbor-bench-fanout-"));
	try {
		const cwd = path.join(base, "project");
		mkdirSync(cwd);
		writeFileSync(path.join(cwd, "a.txt"), "a\n");
		const env = { ARBOR_HOME: path.join(base, "home") };
		const model = ["--model", "compat:bench", "--base-url", server.url];
		const turn = [];
		const one = [];
		const four = [];
		for (let run = 0; run < RUNS; run++) {
			turn.push(await timed([CLI, "-p", ...model, "--tools", "bash", "go"], cwd, env));
			const sessions = path.join(env.ARBOR_HOME, "sessions");
			const folder = path.join(sessions, readdirSync(sessions)[0]);
			const file = path.join(folder, readdirSync(folder).filter((n) => n.endsWith(".jsonl")).sort().at(-1));
			one.push(await timed([CLI, "fanout", file, "-n", "1", ...model, "go"], cwd, env));
			four.push(await timed([CLI, "fanout", file, "-n", "4", ...model, "go"], cwd, env));
		}
		const pick = (xs, key) => median(xs.map((x) => x[key]));
		return { turn: pick(turn, "cpu"), one: pick(one, "wall"), four: pick(four, "wall"), oneCpu: pick(one, "cpu"), fourCpu: pick(four, "cpu") };
	} finally {
		await server.close();
		rmSync(base, { recursive: true, force: true, maxRetries: 5 });
	}
}

async function bundle() {
	const { build } = await import("esbuild");
	const out = path.join(ROOT, ".bench", "bench-fanout-copy.mjs");
	const entry = path.join(ROOT, ".bench", "bench-fanout-entry.ts");
	mkdirSync(path.dirname(out), { recursive: true });
	writeFileSync(entry, `export { materialiseCopy } from "../source/fanout/work-copy.ts";\nexport { CheckpointStore } from "../source/checkpoints/store.ts";\n`);
	await build({ entryPoints: [entry], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20", logLevel: "silent" });
	return import(pathToFileURL(out).href);
}

const git = (cwd, ...args) => execFileSync("git", ["-c", "gc.auto=0", "-c", "maintenance.auto=false", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b" } });
const time = async (fn) => {
	const t = process.hrtime.bigint();
	await fn();
	return Number(process.hrtime.bigint() - t) / 1e6;
};

async function copyFigures() {
	const { materialiseCopy, CheckpointStore } = await bundle();
	const ours = [];
	const worktree = [];
	for (let run = 0; run < RUNS; run++) {
		const base = mkdtempSync(path.join(tmpdir(), "arbor-bench-copy-"));
		try {
			const work = path.join(base, "project");
			for (let d = 0; d < 200; d++) {
				mkdirSync(path.join(work, `dir${d}`), { recursive: true });
				for (let f = 0; f < FILES / 200; f++) writeFileSync(path.join(work, `dir${d}`, `file${f}.txt`), `${d}-${f}\n`.repeat(50));
			}
			const home = path.join(base, "home");
			const { tree } = await new CheckpointStore(home, work).snapshot();
			ours.push(await time(() => materialiseCopy({ home, projectCwd: work, tree, dir: path.join(base, "copy") })));
			git(work, "init", "-q");
			git(work, "add", "-A");
			git(work, "commit", "-q", "-m", "base");
			worktree.push(await time(() => git(work, "worktree", "add", "-q", "--detach", path.join(base, "wt"), "HEAD")));
		} finally {
			rmSync(base, { recursive: true, force: true, maxRetries: 5 });
		}
	}
	return { ours: median(ours), worktree: median(worktree) };
}

async function main() {
	console.log(`fan-out: stub model answering after ${DELAY_MS} ms, ${STEPS} tool steps a branch; medians of ${RUNS} runs`);
	const f = await fanoutFigures();
	console.log(`  fan-out of 4 branches                 ${ms(f.four)}   (one branch alone: ${ms(f.one)}; ${(f.four / f.one).toFixed(2)}x, target <= 1.3x)`);
	console.log(`  CPU per branch (4 branches)           ${ms(f.fourCpu / 4)}   (one print-mode turn of the same steps: ${ms(f.turn)}; ${(f.fourCpu / 4 / f.turn).toFixed(2)}x, target <= 1.2x; one-branch fan-out: ${ms(f.oneCpu)})`);
	const c = await copyFigures();
	console.log(`  materialise a ${FILES.toLocaleString("en")}-file checkpoint   ${ms(c.ours)}   (git worktree add of the same tree: ${ms(c.worktree)}; ${(c.ours / c.worktree).toFixed(2)}x, target <= 1.5x)`);
}

await main();
