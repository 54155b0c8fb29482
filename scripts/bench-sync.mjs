#!/usr/bin/env node
// Over 200 lines: the worlds, the runs and their floors share the helpers above main(); one script per figure would repeat them.
// Sync benchmark: `node scripts/bench-sync.mjs [--quick]` (issue 40). Against a bare remote on this machine:
//   first sync of 100 sessions / 100k entries (10 / 10k with --quick) from clone A, then clone B's first sync
//   incremental sync after one new turn (A pushes it, B fetches it): time, and the bytes the remote
//   received (its packs are kept as they came: receive.unpackLimit=1) against the new entries' bytes
//   the same bytes as one plain commit: `git push` + `git fetch` between two scratch clones (the floor)
//   merge: one 100k-entry session (10k with --quick) continued 1k entries on each side, synced by both;
//   B's sync against reading and JSON-parsing both files
//   peak RSS (getrusage, through scripts/bench-rss.mjs) of the first syncs and the merge against one
//   node process reading and JSON-parsing the largest session once
// Times are medians of several runs, each against floors measured in the same run.
// Targets: incremental bytes <= 2x the new entries' bytes + git's overhead; time <= 1.5x push + fetch;
// merge <= 1.5x reading and parsing both files. Figures only; nothing asserts.
import "./bench-env.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = process.env.ARBOR_BENCH_CLI ?? path.join(ROOT, "dist/cli.js"); // ARBOR_BENCH_CLI measures another build
const quick = process.argv.includes("--quick");
const SESSIONS = quick ? 10 : 100;
const PER = 1_000;
const MERGE = quick ? 10_000 : 100_000;
const ms = (x) => `${x.toFixed(0)} ms`;
const git = (cwd, ...args) => execFileSync("git", args, { cwd, stdio: "pipe", env: { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@x", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@x" } }).toString().trim();
const time = (fn) => {
	const t = process.hrtime.bigint();
	fn();
	return Number(process.hrtime.bigint() - t) / 1e6;
};
const sessionDir = (cwd, home) => path.join(home, "sessions", `--${cwd.replace(/^\//, "").replace(/[/\\:]/g, "-")}--`);

let clock = Date.parse("2026-01-01T00:00:00Z");
/** A user/assistant pair of entry lines under `parent`, ~600 bytes; returns [lines, lastId]. */
function turn(parent, n, tag) {
	const at = () => new Date((clock += 1000)).toISOString();
	const u = `${tag}${String(n).padStart(6, "0")}u`;
	const a = `${tag}${String(n).padStart(6, "0")}a`;
	// Text that compresses about as well as a conversation does (not a repeated phrase).
	const text = `step ${n} of the work on ${tag}: ${randomBytes(80).toString("base64")} `.padEnd(220, "lorem ipsum dolor sit amet ");
	return [
		[
			JSON.stringify({ type: "message", id: u, parentId: parent, timestamp: at(), message: { role: "user", content: text, timestamp: clock } }),
			JSON.stringify({ type: "message", id: a, parentId: u, timestamp: at(), message: { role: "assistant", content: [{ type: "text", text }], stopReason: "stop", timestamp: clock } }),
		],
		a,
	];
}

function writeSession(dir, cwd, index, entries, tag) {
	const id = `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
	const file = path.join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`);
	const lines = [JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd })];
	let parent = null;
	for (let n = 0; n < entries / 2; n++) {
		const [pair, last] = turn(parent, n, tag);
		lines.push(...pair);
		parent = last;
	}
	writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
	return { file, leaf: parent };
}

const RSS = path.join(ROOT, "scripts/bench-rss.mjs");
/** Runs node with `args` (cwd, env added), preloading bench-rss.mjs; its time, output and peak RSS (MB). */
function node(args, cwd, env = {}) {
	const rssFile = path.join(tmpdir(), `arbor-bench-rss-${process.pid}`);
	let out;
	const t = time(() => (out = spawnSync(process.execPath, ["--import", RSS, ...args], { cwd, env: { ...process.env, ...env, ARBOR_BENCH_RSS_FILE: rssFile } })));
	const rss = Number(readFileSync(rssFile, "utf8")) / 1024;
	rmSync(rssFile, { force: true });
	return { ms: t, out, rss };
}

function sync(side) {
	const { ms: t, out, rss } = node([CLI, "sync", "--json"], side.cwd, { ARBOR_HOME: side.home });
	if (out.status !== 0) throw new Error(`sync failed: ${out.stderr}`);
	return { ms: t, rss, report: JSON.parse(out.stdout.toString()) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = quick ? 3 : 5;
const MERGE_RUNS = 3;

const packBytes = (remote) => readdirSync(path.join(remote, "objects/pack")).filter((f) => f.endsWith(".pack")).reduce((n, f) => n + statSync(path.join(remote, "objects/pack", f)).size, 0);

function world(root, name) {
	const remote = path.join(root, `${name}.git`);
	git(root, "init", "-q", "--bare", "-b", "main", remote);
	git(remote, "config", "receive.unpackLimit", "1");
	const seed = path.join(root, `${name}-seed`);
	git(root, "init", "-q", "-b", "main", seed);
	writeFileSync(path.join(seed, "readme.txt"), "bench\n");
	git(seed, "add", "-A");
	git(seed, "commit", "-q", "-m", "first");
	git(seed, "push", "-q", remote, "HEAD:refs/heads/main");
	const side = (s) => {
		const cwd = path.join(root, name, s, "proj");
		mkdirSync(path.dirname(cwd), { recursive: true });
		git(root, "clone", "-q", "--no-local", remote, cwd);
		return { cwd, home: path.join(root, name, s, "home") };
	};
	return { remote, a: side("a"), b: side("b") };
}

/** The floor: the same bytes as one plain commit pushed from one scratch clone and fetched by another, RUNS times (a new file each). */
function plainFloor(root, bytes) {
	const w = world(root, "plain");
	writeFileSync(path.join(w.a.cwd, "base.txt"), "x".repeat(1000));
	git(w.a.cwd, "add", "-A");
	git(w.a.cwd, "commit", "-q", "-m", "base");
	git(w.a.cwd, "push", "-q", "origin", "HEAD:main");
	git(w.b.cwd, "fetch", "-q", "origin");
	const runs = [];
	for (let i = 0; i < RUNS; i++) {
		writeFileSync(path.join(w.a.cwd, `new-${i}.jsonl`), bytes);
		git(w.a.cwd, "add", "-A");
		git(w.a.cwd, "commit", "-q", "-m", "new");
		const before = packBytes(w.remote);
		const push = time(() => git(w.a.cwd, "push", "-q", "origin", "HEAD:main"));
		const fetch = time(() => git(w.b.cwd, "fetch", "-q", "origin"));
		runs.push({ push, fetch, wire: packBytes(w.remote) - before });
	}
	return { push: median(runs.map((r) => r.push)), fetch: median(runs.map((r) => r.fetch)), both: median(runs.map((r) => r.push + r.fetch)), wire: median(runs.map((r) => r.wire)) };
}

/** Peak RSS of reading and JSON-parsing one file in a node process (MB), and of node doing nothing. */
function readFloor(file) {
	const parse = `const fs=require("node:fs");for(const l of fs.readFileSync(${JSON.stringify(file)},"utf8").split("\\n"))if(l)JSON.parse(l)`;
	return { read: node(["-e", parse], ROOT).rss, idle: node(["-e", "0"], ROOT).rss, start: median(Array.from({ length: RUNS }, () => node(["-e", "0"], ROOT).ms)) };
}

function main() {
	const root = mkdtempSync(path.join(tmpdir(), "arbor-bench-sync-"));
	try {
		const w = world(root, "many");
		const dirA = sessionDir(w.a.cwd, w.a.home);
		mkdirSync(dirA, { recursive: true });
		const made = Array.from({ length: SESSIONS }, (_, i) => writeSession(dirA, w.a.cwd, i, PER, "a"));
		const total = made.reduce((n, s) => n + statSync(s.file).size, 0);
		const first = sync(w.a);
		const firstB = sync(w.b);
		console.log(`sync: first sync of ${SESSIONS} sessions / ${SESSIONS * PER} entries (${(total / 1e6).toFixed(1)} MB): A pushes ${ms(first.ms)}, B fetches ${ms(firstB.ms)}; remote packs ${(packBytes(w.remote) / 1e6).toFixed(1)} MB`);
		const largest = made.map((s) => s.file).sort((x, y) => statSync(y).size - statSync(x).size)[0];
		const floor0 = readFloor(largest);
		console.log(`sync: peak RSS of the first sync: A ${first.rss.toFixed(0)} MB, B ${firstB.rss.toFixed(0)} MB; reading and parsing the largest session (${(statSync(largest).size / 1e6).toFixed(2)} MB) once: ${floor0.read.toFixed(0)} MB (node doing nothing: ${floor0.idle.toFixed(0)} MB)`);

		let leaf = made[0].leaf;
		const runs = [];
		for (let i = 0; i < RUNS; i++) {
			const [pair, last] = turn(leaf, 900_000 + i, "n");
			leaf = last;
			const newBytes = `${pair.join("\n")}\n`;
			appendFileSync(made[0].file, newBytes);
			const before = packBytes(w.remote);
			const inc = sync(w.a);
			const wire = packBytes(w.remote) - before;
			const incB = sync(w.b);
			runs.push({ newBytes, inc, incB, wire });
		}
		const newBytes = runs[0].newBytes;
		const floor = plainFloor(root, newBytes);
		const a = median(runs.map((r) => r.inc.ms));
		const b = median(runs.map((r) => r.incB.ms));
		const both = median(runs.map((r) => r.inc.ms + r.incB.ms));
		const wire = median(runs.map((r) => r.wire));
		console.log(`sync: incremental after one turn (${newBytes.length} bytes of new entries), median of ${RUNS}: A ${ms(a)} (sent ${runs[0].inc.report.sent}), B ${ms(b)} (fetched ${runs[0].incB.report.received}); remote received ${wire} bytes (${(wire / newBytes.length).toFixed(2)}x the new entries; a plain commit of the same bytes: ${floor.wire})`);
		console.log(`sync: plain git push + fetch of the same bytes (median of ${RUNS}): ${ms(floor.push)} + ${ms(floor.fetch)} = ${ms(floor.both)}; arbor's A+B ${ms(both)} (${(both / floor.both).toFixed(2)}x, node's start included; node -e 0 takes ${ms(floor0.start)}, so without two starts ${((both - 2 * floor0.start) / floor.both).toFixed(2)}x)`);
		merge(root);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

/** One big session continued 1k entries on each side: B's merging sync against reading and parsing both files. */
function merge(root) {
	const w = world(root, "merge");
	const dirA = sessionDir(w.a.cwd, w.a.home);
	mkdirSync(dirA, { recursive: true });
	const s = writeSession(dirA, w.a.cwd, 1, MERGE, "m");
	sync(w.a);
	sync(w.b);
	const fileB = path.join(sessionDir(w.b.cwd, w.b.home), path.basename(s.file));
	const leaves = { x: s.leaf, y: s.leaf };
	const runs = [];
	for (let i = 0; i < MERGE_RUNS; i++) {
		for (const [file, tag] of [[s.file, "x"], [fileB, "y"]]) {
			let parent = leaves[tag];
			const lines = [];
			for (let n = 0; n < 500; n++) {
				const [pair, last] = turn(parent, i * 1000 + n, `${tag}${i}`);
				lines.push(...pair);
				parent = last;
			}
			leaves[tag] = parent;
			appendFileSync(file, `${lines.join("\n")}\n`);
		}
		sync(w.a);
		const b = sync(w.b);
		const parse = time(() => {
			for (const f of [s.file, fileB]) for (const line of readFileSync(f, "utf8").split("\n")) if (line) JSON.parse(line);
		});
		runs.push({ b, parse });
	}
	const b = median(runs.map((r) => r.b.ms));
	const parse = median(runs.map((r) => r.parse));
	const first = runs[0].b.report;
	console.log(`sync: merge of two ${MERGE}-entry copies 1k entries apart, median of ${MERGE_RUNS}: B's sync ${ms(b)} (fetched ${first.received}, sent ${first.sent}); reading and parsing both files ${ms(parse)} (${(b / parse).toFixed(2)}x)`);
	const read = readFloor(fileB);
	console.log(`sync: peak RSS of that merge: ${median(runs.map((r) => r.b.rss)).toFixed(0)} MB; reading and parsing the session (${(statSync(fileB).size / 1e6).toFixed(1)} MB) once: ${read.read.toFixed(0)} MB`);
}

main();
