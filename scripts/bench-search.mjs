// Search figures: `arbor search` over about 1 GB of sessions (7 × 100k-entry bushy files) against
// reading the same bytes: `cat > /dev/null` (the yardstick; on Linux it may splice without
// copying), `cat | wc -c` (the bytes copied into a process) and a plain Node read loop.
//   node scripts/bench-search.mjs [--quick]   (--quick: 2 × 10k-entry files)
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist/cli.js");
const quick = process.argv.includes("--quick");
const RUNS = 3;
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
console.log(`## search (${FILES} files, ${(bytes / 1e9).toFixed(2)} GB; medians of ${RUNS} runs, warm page cache; "async path offset" occurs on most lines, so most lines are parsed)`);
const sh = (cmd) => spawnSync("sh", ["-c", cmd], { stdio: "ignore" });
const quoted = files.map((f) => `'${f}'`).join(" ");
const cat = time(() => sh(`cat ${quoted} > /dev/null`));
const catWc = time(() => sh(`cat ${quoted} | wc -c > /dev/null`));
const node = time(() => spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" }));
const read = time(() => nodeRead(files));
console.log(`cat > /dev/null                 ${cat.toFixed(0)} ms`);
console.log(`cat | wc -c                     ${catWc.toFixed(0)} ms`);
console.log(`node read loop (in process)     ${read.toFixed(0)} ms   (+ ${node.toFixed(0)} ms node start-up)`);
for (const q of ["xylophone", "zebra sync", "re:xylo\\w+ zebra", "async path offset"]) {
	const t = time(() => spawnSync(process.execPath, [cli, "search", "--all", "--json", q], { env: { ...process.env, ARBOR_HOME: home }, stdio: "ignore" }));
	console.log(`arbor search ${JSON.stringify(q).padEnd(20)} ${t.toFixed(0)} ms   (${(t / cat).toFixed(1)}× cat, ${(t / catWc).toFixed(1)}× cat|wc)`);
}
