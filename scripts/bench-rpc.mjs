// node scripts/bench-rpc.mjs [--turns N] [--print-runs N]: a scripted RPC session of N turns (default
// 50) against the local bench server, next to the same turns as `arbor -p -c` runs. Prints the
// median and p90 time per turn (prompt sent → agent_end) and the RPC process's resident memory
// after turn 1, 10 and N. Never asserts: the machines are shared and noisy.
import "./bench-env.mjs";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBenchServer } from "./bench-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist/cli.js");
const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const TURNS = arg("--turns", 50);
const PRINT_RUNS = arg("--print-runs", 15);

const quantile = (xs, q) => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (x) => `${x.toFixed(1)} ms`;
const rssMb = (pid) => {
	const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
	return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};

async function rpcSession(server) {
	const home = mkdtempSync(join(tmpdir(), "arbor-bench-rpc-"));
	const child = spawn(process.execPath, [cli, "--mode", "rpc", "--model", "compat:bench", "--base-url", server.url, "--no-extensions"], {
		cwd: home,
		env: { ...process.env, ARBOR_HOME: home },
		stdio: ["pipe", "pipe", "inherit"],
	});
	let buffer = "";
	let waiting;
	child.stdout.on("data", (d) => {
		buffer += d;
		let nl;
		while ((nl = buffer.indexOf("\n")) !== -1) {
			const event = JSON.parse(buffer.slice(0, nl));
			buffer = buffer.slice(nl + 1);
			if (event.type === "agent_end") waiting?.();
		}
	});
	const times = [];
	const memory = {};
	for (let turn = 1; turn <= TURNS; turn++) {
		const done = new Promise((resolve) => (waiting = resolve));
		const t = process.hrtime.bigint();
		child.stdin.write(`${JSON.stringify({ type: "prompt", message: `ping ${turn}` })}\n`);
		await done;
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
		if (turn === 1 || turn === 10 || turn === TURNS) memory[turn] = rssMb(child.pid);
	}
	const exited = new Promise((resolve) => child.on("exit", resolve));
	child.stdin.end();
	await exited;
	return { times, memory };
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

const server = await startBenchServer();
try {
	const rpc = await rpcSession(server);
	const print = await printTurns(server);
	console.log(`RPC session, ${TURNS} turns: per turn median ${fmt(quantile(rpc.times, 0.5))}, p90 ${fmt(quantile(rpc.times, 0.9))}, first ${fmt(rpc.times[0])}`);
	console.log(`print mode (arbor -p -c), ${PRINT_RUNS} runs: per turn median ${fmt(quantile(print, 0.5))}, p90 ${fmt(quantile(print, 0.9))}`);
	const m = rpc.memory;
	console.log(`RPC resident memory: after turn 1 ${m[1].toFixed(1)} MB, turn 10 ${m[10].toFixed(1)} MB, turn ${TURNS} ${m[TURNS].toFixed(1)} MB`);
} finally {
	await server.close();
}
