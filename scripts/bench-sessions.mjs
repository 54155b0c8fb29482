#!/usr/bin/env node
// Listing sessions (`arbor sessions --json`, the same listing `-r`, `/resume` and `-s <id prefix>`
// read) beside its floor and pi, measured in the same run (issue 41): a folder of 300 sessions
// (~715 MiB; 30 with --quick) and a folder holding one 100k-entry session. The floor is a node
// process that reads every file whole, counts its lines and parses its header. pi is pi 1.6's
// `SessionManager.list(cwd, dir)` (node_modules/@earendil-works/pi-coding-agent) in a Node ≥ 22.19:
// this one, ARBOR_BENCH_NODE, or the node@24 the tests install (node_modules/.cache/arbor-node24);
// without one its column is left out. Medians of fresh processes, wall and cpu (user+sys) ms.
//   node scripts/bench-sessions.mjs [--quick] [--runs N]
import "./bench-env.mjs";
import { median, modernNode, timeProcess as timeCommand } from "./bench-lib.mjs";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
const cli = process.env.ARBOR_BENCH_CLI ?? path.join(ROOT, "dist/cli.js");
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const RUNS = Number(argv.includes("--runs") ? argv[argv.indexOf("--runs") + 1] : quick ? 3 : 5);
const MANY = quick ? 30 : 300;
const BIG = quick ? 10_000 : 100_000;



/** A folder of `count` generated sessions of `n` entries each (cached in .bench/), named as arbor names them. */
function folder(name, count, n) {
	const dir = path.join(BENCH, name);
	const done = path.join(dir, ".complete");
	if (fs.existsSync(done)) return dir;
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const gen = path.join(ROOT, "scripts/gen-session.mjs");
	for (let i = 0; i < count; i++) {
		const stamp = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(/[:.]/g, "-");
		const file = path.join(dir, `${stamp}_${String(i).padStart(4, "0")}.jsonl`);
		const kind = i % 3 === 0 ? "bushy" : "linear";
		execFileSync(process.execPath, [gen, "--out", file, "--kind", kind, "--n", String(n), "--seed", String(i + 1)], { stdio: "ignore" });
	}
	fs.writeFileSync(done, "");
	return dir;
}

const FLOOR = `const fs=require("fs"),p=require("path");const d=process.argv[1];let lines=0;for(const f of fs.readdirSync(d)){if(!f.endsWith(".jsonl"))continue;const b=fs.readFileSync(p.join(d,f));const nl=b.indexOf(10);JSON.parse(b.toString("utf8",0,nl<0?b.length:nl));for(let i=b.indexOf(10);i!==-1;i=b.indexOf(10,i+1))lines++}if(!lines)process.exit(3)`;

function piScript(dir) {
	const pi = pathToFileURL(path.join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/core/session-manager.js")).href;
	return `const { SessionManager } = await import(${JSON.stringify(pi)}); const l = await SessionManager.list("/home/dev/project", ${JSON.stringify(dir)}); if (!l.length) process.exit(3);`;
}


/** {wall, cpu} in ms of one fresh process. */
const timeProcess = (node, args, env) => timeCommand(node, args, { env: { ...process.env, ...env } });

const piNode = modernNode(ROOT);
const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-sessions-"));
const folders = [
	[`${MANY} sessions`, folder(`sessions-${MANY}`, MANY, 1500)],
	[`one ${BIG / 1000}k-entry session`, folder(`sessions-one-${BIG}`, 1, BIG)],
];
console.log(`## listing sessions (arbor sessions --json; medians of ${RUNS} fresh processes)`);
console.log("wall ms (cpu ms)              floor              arbor        arbor/floor" + (piNode ? "                  pi     arbor/pi" : "  (pi: no Node >= 22.19)"));
try {
	for (const [name, dir] of folders) {
		const mib = fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0) / 2 ** 20;
		const floor = [];
		const arbor = [];
		const pi = [];
		for (let i = 0; i < RUNS; i++) {
			floor.push(timeProcess(process.execPath, ["-e", FLOOR, dir]));
			arbor.push(timeProcess(process.execPath, [cli, "sessions", "--json", "--session-dir", dir], { ARBOR_HOME: home }));
			if (piNode) pi.push(timeProcess(piNode, ["--input-type=module", "-e", piScript(dir)]));
		}
		const m = (xs) => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) });
		const fig = (x) => `${x.wall.toFixed(0)} (${x.cpu.toFixed(0)})`.padStart(17);
		const ratio = (a, b) => `${(a.wall / b.wall).toFixed(2)}x (${(a.cpu / b.cpu).toFixed(2)}x)`.padStart(19);
		let line = `${`${name}, ${mib.toFixed(0)} MiB`.padEnd(26)}${fig(m(floor))}  ${fig(m(arbor))}${ratio(m(arbor), m(floor))}`;
		if (piNode) line += `  ${fig(m(pi))}${ratio(m(arbor), m(pi))}`;
		console.log(line);
	}
} finally {
	fs.rmSync(home, { recursive: true, force: true });
}
console.log("targets (issue 41): arbor <= 1.5x the floor, <= 0.2x pi");
