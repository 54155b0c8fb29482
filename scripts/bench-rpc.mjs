// node scripts/bench-rpc.mjs [--turns N] [--print-runs N] [--quick]: a scripted RPC session of N turns
// (default 200, 50 with --quick) against the local bench server, beside its floors in the same run:
// pi 1.6's RPC mode on the same server (when a node >= 22.19 is at hand, see bench-lib.mjs) and a
// bare `fetch` of the same server (one streamed request per turn, read to the end, in this process).
// Per turn: median and p90 time (prompt sent -> agent_end), cpu (user+sys of the process from turn 1's
// end to turn N's, per turn), resident memory growth per turn over the same span. Then the same turns
// as `arbor -p -c` runs. Never asserts: the machines are shared and noisy.
// Target (issue 35 item 19): arbor's cpu per turn <= 1.0x pi's, memory growth per turn <= pi's.
// arbor runs on this node, pi on one >= 22.19; ARBOR_BENCH_SAME_NODE=1 runs arbor's RPC sessions on pi's
// node too (Node 24's web streams and fetch cost less CPU: the comparison then is of the code alone).
import "./bench-env.mjs";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, modernNode, processCpuMs, quantile, rssMiB } from "./bench-lib.mjs";
import { startBenchServer } from "./bench-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// ARBOR_BENCH_CLI=path/to/cli.js measures another build (e.g. the one before a change).
const cli = process.env.ARBOR_BENCH_CLI ?? join(root, "dist/cli.js");
const piCli = join(root, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const quick = process.argv.includes("--quick");
const TURNS = arg("--turns", quick ? 50 : 200);
const PRINT_RUNS = arg("--print-runs", quick ? 5 : 15);
const fmt = (x) => `${x.toFixed(2)} ms`;

/** N prompt turns through one RPC process (pi's protocol: `prompt` in, `agent_end` out). */
async function rpcSession(command, args, env) {
	const home = mkdtempSync(join(tmpdir(), "arbor-bench-rpc-"));
	// The project: a few files, apart from ARBOR_HOME (a store inside the project would snapshot itself).
	const cwd = join(home, "project");
	mkdirSync(cwd);
	for (let i = 0; i < 20; i++) writeFileSync(join(cwd, `file${i}.txt`), `line ${i}\n`.repeat(50));
	const child = spawn(command, args, { cwd, env: { ...process.env, ARBOR_HOME: home, ...env(home) }, stdio: ["pipe", "pipe", "inherit"] });
	let buffer = "";
	let waiting;
	child.stdout.on("data", (d) => {
		buffer += d;
		let nl;
		while ((nl = buffer.indexOf("\n")) !== -1) {
			const line = buffer.slice(0, nl);
			buffer = buffer.slice(nl + 1);
			if (line.includes('"agent_end"') && JSON.parse(line).type === "agent_end") waiting?.();
		}
	});
	const times = [];
	let start;
	for (let turn = 1; turn <= TURNS; turn++) {
		const done = new Promise((resolve) => (waiting = resolve));
		const t = process.hrtime.bigint();
		child.stdin.write(`${JSON.stringify({ type: "prompt", message: `ping ${turn}` })}\n`);
		await done;
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
		if (turn === 1) start = { cpu: processCpuMs(child.pid), rss: rssMiB(child.pid) };
	}
	const end = { cpu: processCpuMs(child.pid), rss: rssMiB(child.pid) };
	const exited = new Promise((resolve) => child.on("exit", resolve));
	child.stdin.end();
	setTimeout(() => child.kill(), 5000).unref();
	await exited;
	const span = TURNS - 1;
	return { times, cpu: (end.cpu - start.cpu) / span, rssStart: start.rss, rssEnd: end.rss, growth: (end.rss - start.rss) / span };
}

/** pi's models.json naming the bench server as provider `bench`. */
function piEnv(server) {
	return (home) => {
		const dir = join(home, "pi-agent");
		mkdirSync(dir, { recursive: true });
		const models = { providers: { bench: { baseUrl: server.url, api: "openai-completions", apiKey: "bench", models: [{ id: "bench", contextWindow: 128000 }] } } };
		writeFileSync(join(dir, "models.json"), JSON.stringify(models));
		return { PI_CODING_AGENT_DIR: dir, PI_OFFLINE: "1" };
	};
}

/** The floor: the same streamed request, read to its end, in this process (time and this process's cpu). */
async function bareFetch(server) {
	const body = JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "ping" }] });
	const times = [];
	const cpu0 = process.cpuUsage();
	for (let i = 0; i < TURNS; i++) {
		const t = process.hrtime.bigint();
		const res = await fetch(`${server.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
		await res.text();
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	const used = process.cpuUsage(cpu0);
	return { times, cpu: (used.user + used.system) / 1000 / TURNS };
}

/** One `arbor -p -c` run (async: the bench server lives in this process's event loop). */
function printRun(server, home, i) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, "-p", "-c", "--model", "compat:bench", "--base-url", server.url, "--no-extensions", `ping ${i}`], {
			cwd: home,
			env: { ...process.env, ARBOR_HOME: home },
			stdio: ["ignore", "ignore", "inherit"],
		});
		child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`arbor -p exited ${code}`))));
	});
}

async function printTurns(server) {
	const home = mkdtempSync(join(tmpdir(), "arbor-bench-print-"));
	const times = [];
	for (let i = 0; i < PRINT_RUNS; i++) {
		const t = process.hrtime.bigint();
		await printRun(server, home, i);
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	return times;
}

const row = (name, r) =>
	`${name.padEnd(22)}${fmt(median(r.times)).padStart(10)}${fmt(quantile(r.times, 0.9)).padStart(11)}${fmt(r.cpu).padStart(11)}` +
	(r.growth === undefined ? "" : `${(r.growth * 1024).toFixed(0).padStart(9)} KiB  (${r.rssStart.toFixed(0)} -> ${r.rssEnd.toFixed(0)} MiB)`);

const server = await startBenchServer();
try {
	const node = modernNode(root);
	const arborNode = process.env.ARBOR_BENCH_SAME_NODE === "1" && node ? node : process.execPath;
	const arbor = await rpcSession(arborNode, [cli, "--mode", "rpc", "--model", "compat:bench", "--base-url", server.url, "--no-extensions"], () => ({}));
	const bareArbor = await rpcSession(arborNode, [cli, "--mode", "rpc", "--model", "compat:bench", "--base-url", server.url, "--no-extensions", "--no-checkpoints"], () => ({}));
	const pi = node ? await rpcSession(node, [piCli, "--mode", "rpc", "--provider", "bench", "--model", "bench", "--no-extensions"], piEnv(server)) : undefined;
	const bare = await bareFetch(server);
	const print = await printTurns(server);
	console.log(`## RPC turns (${TURNS} turns against an instant local server; cpu and memory per turn over turns 2..${TURNS}; arbor on node ${arborNode === process.execPath ? process.version : "of pi"})`);
	console.log(`${"".padEnd(22)}${"median".padStart(10)}${"p90".padStart(11)}${"cpu/turn".padStart(11)}${"rss/turn".padStart(13)}`);
	console.log(row("arbor --mode rpc", arbor));
	console.log(row("  --no-checkpoints", bareArbor));
	if (pi) console.log(row("pi 1.6 --mode rpc", pi));
	else console.log("pi 1.6: no node >= 22.19 (ARBOR_BENCH_NODE)");
	console.log(row("bare fetch (floor)", bare));
	if (pi) {
		const r = (a, b) => `${(a / b).toFixed(2)}x`;
		console.log(`arbor/pi: time ${r(median(arbor.times), median(pi.times))}, cpu ${r(arbor.cpu, pi.cpu)}, memory growth ${r(arbor.growth, pi.growth)}   (targets: cpu <= 1.0x, growth <= 1.0x)`);
		console.log(`arbor --no-checkpoints/pi: time ${r(median(bareArbor.times), median(pi.times))}, cpu ${r(bareArbor.cpu, pi.cpu)}, memory growth ${r(bareArbor.growth, pi.growth)}`);
	}
	console.log(`arbor/bare fetch: time ${(median(arbor.times) / median(bare.times)).toFixed(2)}x`);
	console.log(`print mode (arbor -p -c), ${PRINT_RUNS} runs: per turn median ${fmt(median(print))}, p90 ${fmt(quantile(print, 0.9))}`);
} finally {
	await server.close();
}
