// Search figures: `arbor search` over about 1 GB of sessions (7 × 100k-entry bushy files) against
// reading the same bytes: `cat > /dev/null` (the yardstick; on Linux it may splice without
// copying), `cat | wc -c` (the bytes copied into a process), a plain Node read loop, the read+parse
// floor (a node process that reads every file, splits it into lines and JSON.parses each: what a
// word on every line cannot avoid) and, per query, `cat | grep -ci` of its first word.
//   node scripts/bench-search.mjs [--quick] [--runs N] [--query Q]...   (--quick: 2 × 10k-entry files;
//   --query: only these queries, e.g. --query xylophone)
//   ARBOR_BENCH_CLI=path/to/cli.js measures another build (e.g. the one before a change).
// Each query is measured as the CLI runs it (on every core, up to 4, above 64 MB) and, beside it,
// on one thread (ARBOR_SEARCH_THREADS=1): the machine is shared, so both are worth seeing.
import "./bench-env.mjs";
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = process.env.ARBOR_BENCH_CLI ?? join(root, "dist/cli.js");
const quick = process.argv.includes("--quick");
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 3;
const FILES = quick ? 2 : 7;
const N = quick ? 10_000 : 100_000;

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const time = (fn) => {
	const xs = [];
	for (let i = 0; i < RUNS; i++) {
		const t = process.hrtime.bigint();
		fn();
		xs.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	return median(xs);
};

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/**
 * Medians of a node process's wall time and CPU time (user+sys, from the same runs; NaN without
 * /usr/bin/time). CPU time is the steadier figure on a shared machine.
 */
function measure(args, env = process.env) {
	const out = join(tmpdir(), `arbor-bench-cpu-${process.pid}`);
	const walls = [];
	const cpus = [];
	for (let i = 0; i < RUNS; i++) {
		const t = process.hrtime.bigint();
		if (TIME) spawnSync(TIME, ["-f", "%U %S", "-o", out, process.execPath, ...args], { env, stdio: "ignore" });
		else spawnSync(process.execPath, args, { env, stdio: "ignore" });
		walls.push(Number(process.hrtime.bigint() - t) / 1e6);
		if (!TIME) continue;
		const [user, sys] = readFileSync(out, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
		cpus.push((user + sys) * 1000);
	}
	rmSync(out, { force: true });
	return { wall: median(walls), cpu: TIME ? median(cpus) : Number.NaN };
}

function corpus() {
	const home = join(root, ".bench", `search-home-${N}`);
	const dir = join(home, "sessions", "--bench--");
	mkdirSync(dir, { recursive: true });
	const gen = join(root, "scripts/gen-session.mjs");
	const files = [];
	for (let i = 0; i < FILES; i++) {
		const file = join(dir, `s${i}.jsonl`);
		if (!existsSync(file)) spawnSync(process.execPath, [gen, "--out", file, "--kind", "bushy", "--n", String(N), "--seed", String(100 + i)], { stdio: "ignore" });
		files.push(file);
	}
	return { home, files };
}

function nodeRead(files) {
	const buf = Buffer.allocUnsafe(8 << 20);
	let total = 0;
	for (const f of files) {
		const fd = openSync(f, "r");
		for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) total += n;
		closeSync(fd);
	}
	return total;
}

const { home, files } = corpus();
const bytes = nodeRead(files);
console.log(`## search (${FILES} files, ${(bytes / 1e9).toFixed(2)} GB; medians of ${RUNS} runs, warm page cache; "the" and "async path offset" occur on most lines, so most lines are parsed)`);
const sh = (cmd) => spawnSync("sh", ["-c", cmd], { stdio: "ignore" });
const quoted = files.map((f) => `'${f}'`).join(" ");
const cat = time(() => sh(`cat ${quoted} > /dev/null`));
const catWc = time(() => sh(`cat ${quoted} | wc -c > /dev/null`));
const node = time(() => spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" }));
const read = time(() => nodeRead(files));
// Line by line from each file's Buffer, as the store and search decode: the cost of parsing it all.
const PARSE = `const fs=require("fs");let n=0;for(const f of process.argv.slice(1)){const b=fs.readFileSync(f);for(let s=0;s<b.length;){let e=b.indexOf(10,s);if(e<0)e=b.length;if(e>s){JSON.parse(b.toString("utf8",s,e));n++}s=e+1}}`;
const { wall: parse, cpu: parseCpu } = measure(["-e", PARSE, ...files]);
console.log(`cat > /dev/null                 ${cat.toFixed(0)} ms`);
console.log(`cat | wc -c                     ${catWc.toFixed(0)} ms`);
console.log(`node read loop (in process)     ${read.toFixed(0)} ms   (+ ${node.toFixed(0)} ms node start-up)`);
console.log(`read+parse floor (node process) ${parse.toFixed(0)} ms   (cpu ${parseCpu.toFixed(0)} ms)`);
const asked = process.argv.flatMap((a, i) => (process.argv[i - 1] === "--query" ? [a] : []));
const queries = asked.length ? asked : ["xylophone", "zebra sync", "re:xylo\\w+ zebra", "the", "async path offset"];
for (const q of queries) {
	const word = q.replace(/^re:/, "").split(" ")[0].replace(/\\w\+$/, "");
	const grep = time(() => sh(`cat ${quoted} | grep -ciF '${word}' > /dev/null`));
	const args = [cli, "search", "--all", "--json", q];
	for (const threads of [undefined, "1"]) {
		const env = { ...process.env, ARBOR_HOME: home, ...(threads ? { ARBOR_SEARCH_THREADS: threads } : {}) };
		const { wall: t, cpu } = measure(args, env);
		const label = `${JSON.stringify(q)}${threads ? " 1 thread" : ""}`;
		console.log(
			`arbor search ${label.padEnd(29)} ${t.toFixed(0)} ms   (${(t / cat).toFixed(2)}× cat, ${(t / catWc).toFixed(2)}× cat|wc, ${(t / parse).toFixed(2)}× read+parse; cpu ${cpu.toFixed(0)} ms = ${(cpu / parseCpu).toFixed(2)}× read+parse cpu; cat|grep -ci ${JSON.stringify(word)} ${grep.toFixed(0)} ms)`,
		);
	}
}
