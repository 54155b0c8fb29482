#!/usr/bin/env node
// Import benchmark: `node scripts/bench-import.mjs [--quick] [--stages]` (needs `npm run build`).
// `arbor import` of a generated ~50 MB Claude Code session (scripts/gen-claude-code.mjs; 10 MB with
// --quick) beside its floor, measured in the same run: a node process that reads the file,
// JSON.parses each line and writes the same bytes (target: import <= 1.2x the floor). Medians of
// wall time and, on Linux, of CPU time (user + system of the child, from /proc: the figure that
// stays put when the shared machine is busy).
// --stages: instead, where the import's CPU goes, stage by stage, in process (see
// scripts/bench-import-stages-entry.ts, bundled to .bench/): the least CPU of the runs for each
// stage, and what each stage adds to the one before it.
import "./bench-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// ARBOR_BENCH_CLI=path/to/cli.js measures another build; ARBOR_BENCH_BASE=path/to/cli.js measures a
// second build in the same run, alternating with the first (e.g. the one before a change).
const cli = process.env.ARBOR_BENCH_CLI ?? join(root, "dist/cli.js");
const baseCli = process.env.ARBOR_BENCH_BASE;
const quick = process.argv.includes("--quick");
const RUNS = Number(process.env.ARBOR_BENCH_RUNS ?? (quick ? 3 : 7));
const MB = quick ? 10 : 50;

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(0)} ms`;

function source() {
	const dir = join(root, ".bench");
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `claude-code-${MB}mb.jsonl`);
	if (!existsSync(file)) {
		const r = spawnSync(process.execPath, [join(root, "scripts/gen-claude-code.mjs"), "--out", file, "--mb", String(MB)], { stdio: "inherit" });
		if (r.status !== 0) throw new Error("gen-claude-code.mjs failed");
	}
	return file;
}

// The floor: what any importer must do — read the bytes, parse every line, write that much.
const FLOOR = `
const fs = require("node:fs");
const [file, out] = process.argv.slice(1);
const text = fs.readFileSync(file, "utf8");
let n = 0;
for (const line of text.split("\\n")) if (line) { JSON.parse(line); n++; }
fs.writeFileSync(out, text);
`;

/** CPU ms of this process's finished children (cutime + cstime, in clock ticks of 10 ms); undefined off Linux. */
function childrenCpu() {
	try {
		const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
		return (Number(fields[13]) + Number(fields[14])) * 10;
	} catch {
		return undefined;
	}
}

function timed(args, env) {
	const cpu = childrenCpu();
	const t = process.hrtime.bigint();
	const r = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
	if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
	const wall = Number(process.hrtime.bigint() - t) / 1e6;
	const after = childrenCpu();
	return { wall, cpu: cpu === undefined || after === undefined ? undefined : after - cpu };
}

/** The stages' CPU ms (least of RUNS fresh processes each), and what each adds to the one before. */
async function stages() {
	const file = source();
	const entry = join(root, ".bench/bench-import-stages.mjs");
	const { build } = await import("esbuild");
	await build({
		entryPoints: [join(root, "scripts/bench-import-stages-entry.ts")],
		outfile: entry,
		bundle: true,
		format: "esm",
		platform: "node",
		target: "node20",
		logLevel: "warning",
	});
	const least = {};
	for (let i = 0; i < RUNS; i++) {
		for (const stage of ["decode", "parse", "convert", "encode", "hash"]) {
			const r = spawnSync(process.execPath, [entry, file, stage], { encoding: "utf8" });
			if (r.status !== 0) throw new Error(`${stage}: exited ${r.status}: ${r.stderr}`);
			const { cpu } = JSON.parse(r.stdout);
			least[stage] = Math.min(least[stage] ?? Infinity, cpu);
		}
	}
	console.log(`## Import stages (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB Claude Code session; CPU, least of ${RUNS})`);
	const row = (name, value, note) => console.log(`${name.padEnd(8)} ${ms(value).padStart(7)}   ${note}`);
	row("decode", least.decode, "lines decoded one at a time");
	row("parse", least.parse, `decode + JSON.parse (+${ms(least.parse - least.decode)})`);
	row("convert", least.convert, `parse + conversion, entries dropped (+${ms(least.convert - least.parse)})`);
	row("encode", least.encode, `convert + entries encoded into the output buffer (+${ms(least.encode - least.convert)})`);
	row("hash", least.hash, "sha256 of the bytes, on its own");
}

function main() {
	if (!existsSync(cli)) throw new Error("dist/cli.js missing: run npm run build");
	const file = source();
	const size = statSync(file).size;
	const work = mkdtempSync(join(tmpdir(), "arbor-bench-import-"));
	try {
		const floor = [];
		const imp = [];
		const base = [];
		for (let i = 0; i < RUNS; i++) {
			// Alternate, so both see the same machine load; every import goes to a fresh ARBOR_HOME.
			floor.push(timed(["-e", FLOOR, file, join(work, `floor-${i}.jsonl`)]));
			imp.push(timed([cli, "import", file], { ARBOR_HOME: join(work, `home-${i}`) }));
			rmSync(join(work, `home-${i}`), { recursive: true, force: true });
			rmSync(join(work, `floor-${i}.jsonl`), { force: true });
			if (baseCli) {
				base.push(timed([baseCli, "import", file], { ARBOR_HOME: join(work, `base-${i}`) }));
				rmSync(join(work, `base-${i}`), { recursive: true, force: true });
			}
		}
		const f = median(floor.map((x) => x.wall));
		const m = median(imp.map((x) => x.wall));
		console.log(`## Import (${(size / 1024 / 1024).toFixed(1)} MB Claude Code session; medians of ${RUNS})`);
		console.log(`floor: read + JSON.parse each line + write  ${ms(f)}`);
		console.log(`arbor import                               ${ms(m)}   (${(m / f).toFixed(2)}x the floor; target <= 1.2x)`);
		if (baseCli) {
			const b = median(base.map((x) => x.wall));
			console.log(`base (${baseCli})  ${ms(b)}   (${(b / f).toFixed(2)}x the floor)`);
		}
		if (floor[0].cpu !== undefined) {
			const fc = median(floor.map((x) => x.cpu));
			const mc = median(imp.map((x) => x.cpu));
			const bc = baseCli ? `, base ${ms(median(base.map((x) => x.cpu)))} (${(median(base.map((x) => x.cpu)) / fc).toFixed(2)}x)` : "";
			console.log(`CPU time: floor ${ms(fc)}, arbor import ${ms(mc)}   (${(mc / fc).toFixed(2)}x)${bc}`);
		}
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

if (process.argv.includes("--stages")) await stages();
else main();
