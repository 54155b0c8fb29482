// npm run bench: prints speed and memory figures (medians of several runs). Never asserts: the
// machines are shared and noisy, so figures are read by people, not by tests.
//   node scripts/bench.mjs [--quick] [--print-only]    (--quick: 10k-entry files only, fewer runs;
//   --print-only: start-up and print mode, not the other scripts)
import "./bench-env.mjs";
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./bench-lib.mjs";
import { startBenchServer } from "./bench-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = process.env.BENCH_CLI ?? join(root, "dist/cli.js");
const quick = process.argv.includes("--quick");
const RUNS = quick ? 5 : 7;

// The project the print runs start in: a few files, not this repository (its checkpoints would be measured).
const project = mkdtempSync(join(tmpdir(), "arbor-bench-project-"));
for (let i = 0; i < 20; i++) writeFileSync(join(project, `file${i}.txt`), `line ${i}\n`.repeat(50));
const ms = (x) => `${x.toFixed(1)} ms`;

function timeCommand(args) {
	const times = [];
	for (let i = 0; i < RUNS; i++) {
		const t = process.hrtime.bigint();
		spawnSync(process.execPath, args, { stdio: "ignore" });
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	return median(times);
}

/** Time from spawning `arbor -p` to the first byte of the reply on stdout. */
function firstByte(args, env) {
	return firstByteOf([cli, ...args], env);
}

// The floor of item 22: a fresh node process that POSTs the same streamed request and writes the
// first content it reads (what `arbor -p` does, minus arbor).
const BARE_FETCH = `const r=await fetch(process.argv[1]+"/chat/completions",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({model:"bench",stream:true,messages:[{role:"user",content:"ping"}]})});
for await(const c of r.body){const m=/"content":"([^"]*)"/.exec(Buffer.from(c).toString());if(m){process.stdout.write(m[1]);break}}`;

/** Time from spawning `node args` to the first byte on its stdout. */
function firstByteOf(args, env) {
	return new Promise((resolve, reject) => {
		const t = process.hrtime.bigint();
		const child = spawn(process.execPath, args, { cwd: project, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
		let first;
		let err = "";
		child.stdout.once("data", () => (first = Number(process.hrtime.bigint() - t) / 1e6));
		child.stderr.on("data", (d) => (err += d));
		child.on("close", (code) => (code === 0 && first !== undefined ? resolve(first) : reject(new Error(`exit ${code}: ${err}`))));
		child.stdin.end("ping");
	});
}

async function medianOf(fn) {
	const xs = [];
	for (let i = 0; i < RUNS; i++) xs.push(await fn());
	return median(xs);
}

function generate(kind, n) {
	const dir = join(root, ".bench");
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `${kind}-${n}.jsonl`);
	if (!existsSync(file)) {
		const gen = join(root, "scripts/gen-session.mjs");
		spawnSync(process.execPath, [gen, "--out", file, "--kind", kind, "--n", String(n)], { stdio: "ignore" });
	}
	return file;
}

async function printModeFigures() {
	const server = await startBenchServer();
	const home = mkdtempSync(join(tmpdir(), "arbor-bench-"));
	const base = ["-p", "--model", "compat:bench", "--base-url", server.url];
	try {
		// Interleaved rounds: arbor and its floor side by side, so the machine's load hits both.
		const pairs = [];
		for (let i = 0; i < RUNS; i++) {
			pairs.push([await firstByte([...base, "--no-session"], { ARBOR_HOME: home }), await firstByteOf(["--input-type=module", "-e", BARE_FETCH, server.url], {})]);
		}
		const fresh = median(pairs.map((p) => p[0]));
		const bare = median(pairs.map((p) => p[1]));
		// bushy: the active path is a few hundred entries, so the figure is the store's cost and not
		// the cost of sending a 100k-message context (a linear file's whole history) to the server.
		const n = quick ? 10_000 : 100_000;
		const big = generate("bushy", n);
		const cont = await medianOf(async () => {
			const dir = mkdtempSync(join(tmpdir(), "arbor-bench-c-"));
			copyFileSync(big, join(dir, "s.jsonl"));
			return firstByte([...base, "--session", join(dir, "s.jsonl")], { ARBOR_HOME: home });
		});
		return { fresh, bare, cont, n };
	} finally {
		await server.close();
	}
}

async function main() {
	if (!existsSync(cli)) throw new Error("dist/cli.js missing: run npm run build");
	console.log(`arbor bench (${quick ? "quick" : "full"}; medians of ${RUNS} runs; node ${process.version})\n`);
	console.log("## CLI start-up and print mode");
	const node = timeCommand(["-e", "0"]);
	const version = timeCommand([cli, "--version"]);
	console.log(`node -e 0 (this machine's floor)        ${ms(node)}`);
	console.log(`arbor --version                         ${ms(version)}   (target <= 80 ms; ${ms(version - node)} above node)`);
	const p = await printModeFigures();
	console.log(`print mode, first reply byte            ${ms(p.fresh)}   (target <= 300 ms; local server answering at once)`);
	console.log(`bare fetch, first byte (floor)          ${ms(p.bare)}   (arbor -p ${(p.fresh / p.bare).toFixed(2)}x, target <= 1.5x)`);
	console.log(`print mode on a ${p.n / 1000}k-entry session      ${ms(p.cont)}   (${ms(p.cont - p.fresh)} more: store open + append; bushy file)`);
	if (process.argv.includes("--print-only")) return;
	for (const script of ["bench-store.mjs", "bench-tree.mjs", "bench-sessions.mjs", "bench-ui.mjs", "bench-expand.mjs", "bench-transcript.mjs", "bench-at.mjs", "bench-search.mjs", "bench-recall.mjs", "bench-export.mjs", "bench-import.mjs", "bench-checkpoints.mjs", "bench-rpc.mjs", "bench-mcp.mjs", "bench-sync.mjs", "bench-fanout.mjs"]) {
		const path = join(root, "scripts", script);
		if (!existsSync(path)) continue;
		console.log("");
		const r = spawnSync(process.execPath, [path, ...(quick ? ["--quick"] : [])], { stdio: "inherit" });
		if (r.status !== 0) console.log(`(${script} exited ${r.status})`);
	}
}

main().catch((error) => {
	console.error(`bench: ${error.message}`);
	process.exitCode = 1;
});
