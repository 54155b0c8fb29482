#!/usr/bin/env node
// `arbor tree` text on 100k-entry sessions beside its floors, measured in the same run: the
// read+parse floor (a node process that reads the file and JSON.parses every line) and, when pi is
// installed outside the repo (ARBOR_BENCH_PI=/tmp/pi/node_modules/@mariozechner/pi-coding-agent),
// pi's SessionManager.open + getTree() in a node process. Medians of fresh processes.
//   node scripts/bench-tree.mjs [--quick] [--runs N] [--kinds linear,bushy-deep]
//   ARBOR_BENCH_CLI=path/to/cli.js measures another build (e.g. the one before a change).
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
const cli = process.env.ARBOR_BENCH_CLI ?? path.join(ROOT, "dist/cli.js");
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(opt("--runs", quick ? 3 : 5));
const N = quick ? 10_000 : 100_000;
const KINDS = opt("--kinds", "linear,bushy,bushy-deep").split(",");
const PI = process.env.ARBOR_BENCH_PI;

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function sessionFile(kind) {
	const file = path.join(BENCH, `${kind}-${N}.jsonl`);
	if (!fs.existsSync(file)) {
		fs.mkdirSync(BENCH, { recursive: true });
		const gen = process.env.ARBOR_SHARED ? path.join(process.env.ARBOR_SHARED, "tools/gen-session.mjs") : path.join(ROOT, "../shared/tools/gen-session.mjs");
		execFileSync(process.execPath, [gen, "--out", file, "--kind", kind, "--n", String(N)], { stdio: "ignore" });
	}
	return file;
}

const PARSE = `const fs=require("fs");const b=fs.readFileSync(process.argv[1]);let n=0;for(let s=0;s<b.length;){let e=b.indexOf(10,s);if(e<0)e=b.length;if(e>s){JSON.parse(b.toString("utf8",s,e));n++}s=e+1}`;

function piScript(pi, file) {
	const sm = pathToFileURL(path.join(pi, "dist/core/session-manager.js")).href;
	return `const { SessionManager } = await import(${JSON.stringify(sm)}); const m = SessionManager.open(${JSON.stringify(file)}, ${JSON.stringify(path.dirname(file))}); const t = m.getTree(); if (!t.length) process.exit(3);`;
}

function timeProcess(args, opts = {}) {
	const t = process.hrtime.bigint();
	const r = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 30, ...opts });
	if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(" ")} exited ${r.status}: ${r.stderr}`);
	return Number(process.hrtime.bigint() - t) / 1e6;
}

console.log(`## arbor tree text (${N / 1000}k entries; medians of ${RUNS} fresh processes; stdout to /dev/null, width 100000)`);
console.log("file                        read+parse ms  arbor tree ms  tree/parse" + (PI ? "  pi open+getTree ms  tree/pi" : ""));
for (const kind of KINDS) {
	const file = sessionFile(kind);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-tree-"));
	try {
		// pi may write beside the file it opens: give it (and arbor) a copy.
		const copy = path.join(tmp, "s.jsonl");
		fs.copyFileSync(file, copy);
		const parse = [];
		const tree = [];
		const pi = [];
		for (let i = 0; i < RUNS; i++) {
			parse.push(timeProcess(["-e", PARSE, copy]));
			tree.push(timeProcess([cli, "tree", copy], { env: { ...process.env, ARBOR_HOME: tmp, NO_COLOR: "1" } }));
			if (PI) pi.push(timeProcess(["--input-type=module", "-e", piScript(PI, copy)]));
		}
		const p = median(parse);
		const t = median(tree);
		let line = `${path.basename(file).padEnd(28)}${p.toFixed(0).padStart(13)}${t.toFixed(0).padStart(15)}${`${(t / p).toFixed(2)}x`.padStart(12)}`;
		if (PI) line += `${median(pi).toFixed(0).padStart(20)}${`${(t / median(pi)).toFixed(2)}x`.padStart(9)}`;
		console.log(line);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}
console.log("targets (issue 17 item 15): arbor tree <= 1.5x read+parse, <= 0.5x pi open+getTree");
