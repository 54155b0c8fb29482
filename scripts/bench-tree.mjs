#!/usr/bin/env node
// `arbor tree` text on 100k-entry sessions beside its floors, measured in the same run: the
// read+parse floor (a node process that reads the file and JSON.parses every line) and, when pi is
// installed outside the repo (ARBOR_BENCH_PI=/tmp/pi/node_modules/@mariozechner/pi-coding-agent),
// pi's SessionManager.open + getTree() in a node process. Medians of fresh processes: wall time and,
// where /usr/bin/time exists, CPU time (user+sys; the steadier figure on a shared machine).
//   node scripts/bench-tree.mjs [--quick] [--runs N] [--kinds linear,bushy-deep]
//   ARBOR_BENCH_CLI=path/to/cli.js measures another build (e.g. the one before a change).
import "./bench-env.mjs";
import { median, timeProcess as timeCommand } from "./bench-lib.mjs";
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


function sessionFile(kind) {
	const file = path.join(BENCH, `${kind}-${N}.jsonl`);
	if (!fs.existsSync(file)) {
		fs.mkdirSync(BENCH, { recursive: true });
		const gen = path.join(ROOT, "scripts/gen-session.mjs");
		execFileSync(process.execPath, [gen, "--out", file, "--kind", kind, "--n", String(N)], { stdio: "ignore" });
	}
	return file;
}

const PARSE = `const fs=require("fs");const b=fs.readFileSync(process.argv[1]);let n=0;for(let s=0;s<b.length;){let e=b.indexOf(10,s);if(e<0)e=b.length;if(e>s){JSON.parse(b.toString("utf8",s,e));n++}s=e+1}`;

// For scale, not a target: the least a tree printer does beyond the parse floor. Every line parsed,
// each entry's parent found by id, a preview (a role and the first 100 characters of the first text
// part, white space folded, copied so the parsed line can go) kept per entry, and the rows written
// depth first. No checks, labels, filters, gutters or sanitizing.
const BARE = `const fs=require("fs");const b=fs.readFileSync(process.argv[1]);const at=new Map(),parent=[],prev=[];let n=0;
const own=(s)=>s.length<13?s:[s.slice(0,6),s.slice(6)].join("");
const txt=(c)=>{if(typeof c==="string")return c;if(Array.isArray(c))for(const p of c)if(p&&p.type==="text")return p.text;return ""};
for(let s=0;s<b.length;){let e=b.indexOf(10,s);if(e<0)e=b.length;if(e>s){const v=JSON.parse(b.toString("utf8",s,e));if(v.type!=="session"){at.set(v.id,n);parent.push(v.parentId==null?-1:(at.get(v.parentId)??-1));const m=v.message;prev.push(m?m.role+": "+own(txt(m.content).slice(0,100).replace(/\\s+/g," ")):v.type);n++}}s=e+1}
const kids=new Array(n);for(let i=0;i<n;i++){const p=parent[i];if(p>=0)(kids[p]??=[]).push(i)}
let out="";const parts=[];const st=[];for(let i=n-1;i>=0;i--)if(parent[i]<0)st.push(i);
while(st.length){const i=st.pop();out+=prev[i]+"\\n";if(out.length>32768){parts.push(Buffer.from(out));out=""}const k=kids[i];if(k)for(let j=k.length-1;j>=0;j--)st.push(k[j])}
parts.push(Buffer.from(out));fs.writeSync(1,Buffer.concat(parts));`;

function piScript(pi, file) {
	const sm = pathToFileURL(path.join(pi, "dist/core/session-manager.js")).href;
	return `const { SessionManager } = await import(${JSON.stringify(sm)}); const m = SessionManager.open(${JSON.stringify(file)}, ${JSON.stringify(path.dirname(file))}); const t = m.getTree(); if (!t.length) process.exit(3);`;
}



/** The whole row index of `file` (a big session's is built over a few runs: docs/sessions.md): its bytes. */
function currentIndex(file, env) {
	for (let run = 0; run < 20; run++) {
		const r = spawnSync(process.execPath, [cli, "tree", file], { env: { ...env, ARBOR_DEBUG_TREE_INDEX: "1" }, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
		if (r.stderr.includes("tree index: current")) return fs.readFileSync(`${file}.arbor-index`);
	}
	throw new Error(`no current row index for ${file} after 20 runs`);
}

/** {wall, cpu} in ms of one fresh node process. */
const timeProcess = (args, opts = {}) => timeCommand(process.execPath, args, opts);

const bareLines = [];
console.log(`## arbor tree text (${N / 1000}k entries; medians of ${RUNS} fresh processes; stdout to /dev/null, width 100000)`);
console.log("wall ms (cpu ms)            read+parse   tree (index off)         off/parse  tree (no index: 1st)       1st/off  tree (2nd run)             2nd/off  tree (index current)   indexed/parse" + (PI ? "  pi open+getTree     tree/pi" : ""));
for (const kind of KINDS) {
	const file = sessionFile(kind);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-tree-"));
	try {
		// pi may write beside the file it opens: give it (and arbor) a copy.
		const copy = path.join(tmp, "s.jsonl");
		fs.copyFileSync(file, copy);
		const parse = [];
		const off = [];
		const tree = [];
		const second = [];
		const indexed = [];
		const index = `${copy}.arbor-index`;
		const env = { ...process.env, ARBOR_HOME: tmp, NO_COLOR: "1" };
		const whole = currentIndex(copy, env);
		const pi = [];
		const bare = [];
		for (let i = 0; i < RUNS; i++) {
			parse.push(timeProcess(["-e", PARSE, copy]));
			// Today's path (the index neither read nor written); then without the index beside the
			// session (the run builds its first part) and the run after it (which adds more); then
			// with the whole index current.
			off.push(timeProcess([cli, "tree", copy], { env: { ...env, ARBOR_TREE_INDEX: "off" } }));
			fs.rmSync(index, { force: true });
			tree.push(timeProcess([cli, "tree", copy], { env }));
			second.push(timeProcess([cli, "tree", copy], { env }));
			fs.writeFileSync(index, whole, { mode: 0o600 });
			indexed.push(timeProcess([cli, "tree", copy], { env }));
			if (PI) pi.push(timeProcess(["--input-type=module", "-e", piScript(PI, copy)]));
			bare.push(timeProcess(["-e", BARE, copy]));
		}
		const m = (xs) => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) });
		const fig = (x) => `${x.wall.toFixed(0)} (${x.cpu.toFixed(0)})`.padStart(17);
		const ratio = (a, b) => `${(a.wall / b.wall).toFixed(2)}x (${(a.cpu / b.cpu).toFixed(2)}x)`.padStart(19);
		const p = m(parse);
		const o = m(off);
		const t = m(tree);
		const t2 = m(second);
		const ti = m(indexed);
		let line = `${path.basename(file).padEnd(24)}${fig(p)}  ${fig(o)}${ratio(o, p)}  ${fig(t)}${ratio(t, o)}  ${fig(t2)}${ratio(t2, o)}  ${fig(ti)}${ratio(ti, p)}`;
		if (PI) line += `  ${fig(m(pi))}${ratio(o, m(pi))}`;
		console.log(line);
		bareLines.push(`${path.basename(file).padEnd(24)}${fig(m(bare))}${ratio(m(bare), p)}`);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}
console.log("targets: arbor tree <= 0.5x read+parse with a current index beside the session (issue 35 item 21), 1st/off and 2nd/off <= 1.0x (never slower than today, ARBOR_TREE_INDEX=off, while it is built); <= 0.5x pi open+getTree");
console.log("for scale, a bare tree printer (parse, parents, a preview per entry, rows; nothing else):");
console.log("wall ms (cpu ms)                   bare     bare/parse");
for (const line of bareLines) console.log(line);
