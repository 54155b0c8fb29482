// node scripts/bench-mcp.mjs [--runs N]: what configured MCP servers add to a session's start
// (issue 39: ≤ 100 ms with 3 stdio servers). The session core starts them in the background, so the
// figure is the time from spawning `arbor --mode rpc` to its answer to the first `get_state` (the
// core is open: the moment the chat, on the same core, draws its first frame), with no server and
// with 3 stdio server-everything servers configured; then the time until their tools joined.
// Never asserts: the machines are shared and noisy.
import "./bench-env.mjs";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist/cli.js");
const everything = join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const i = process.argv.indexOf("--runs");
const RUNS = i !== -1 ? Number(process.argv[i + 1]) : process.argv.includes("--quick") ? 3 : 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => `${x.toFixed(1)} ms`;

function home(servers) {
	const dir = mkdtempSync(join(tmpdir(), "arbor-bench-mcp-"));
	mkdirSync(join(dir, "home"));
	const idle = process.env.BENCH_IDLE ? ["-e", "setInterval(() => {}, 1000)"] : [everything, "stdio"];
	const command = process.env.BENCH_SLEEP ? "sleep" : process.execPath;
	const mcpServers = Object.fromEntries(Array.from({ length: servers }, (_, n) => [`s${n}`, { command, args: process.env.BENCH_SLEEP ? ["5"] : idle }]));
	writeFileSync(join(dir, "home", "settings.json"), JSON.stringify({ mcpServers }));
	return dir;
}

/** Spawn → first get_state answer, and → the first get_state that lists an MCP tool (when servers are configured). */
function run(servers) {
	const dir = home(servers);
	const t0 = process.hrtime.bigint();
	const since = () => Number(process.hrtime.bigint() - t0) / 1e6;
	const child = spawn(process.execPath, [cli, "--mode", "rpc", "--model", "compat:bench", "--base-url", "http://127.0.0.1:9/v1", "--no-extensions"], { cwd: dir, env: { ...process.env, ARBOR_HOME: join(dir, "home") }, stdio: ["pipe", "pipe", "inherit"] });
	return new Promise((resolve) => {
		let open;
		let buffer = "";
		const ask = () => child.stdin.write(`${JSON.stringify({ type: "get_state", id: "s" })}\n`);
		child.stdout.on("data", (d) => {
			buffer += d;
			for (let nl; (nl = buffer.indexOf("\n")) !== -1; buffer = buffer.slice(nl + 1)) {
				const event = JSON.parse(buffer.slice(0, nl));
				if (event.type !== "response") continue;
				open ??= since();
				const joined = event.data.tools.filter((t) => t.startsWith("mcp__")).length;
				if (servers === 0 || joined >= servers * 10 || process.env.BENCH_IDLE || process.env.BENCH_SLEEP) {
					child.stdin.end();
					resolve({ open, joined: since() });
				} else setTimeout(ask, 5);
			}
		});
		ask();
	});
}

const results = {};
for (const servers of [0, 3]) {
	const opens = [];
	const joins = [];
	for (let n = 0; n < RUNS; n++) {
		const r = await run(servers);
		opens.push(r.open);
		joins.push(r.joined);
	}
	results[servers] = { open: median(opens), joined: median(joins) };
}
console.log(`MCP: session open (rpc get_state) with no server ${fmt(results[0].open)}, with 3 stdio servers ${fmt(results[3].open)} (+${fmt(results[3].open - results[0].open)}; their tools joined at ${fmt(results[3].joined)})`);
