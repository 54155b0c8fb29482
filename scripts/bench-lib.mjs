// Shared by the bench scripts: medians, quantiles, one fresh process's wall and cpu time, and a
// running process's cpu time and resident memory (Linux /proc). Never asserts anything.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const quantile = (xs, q) => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/**
 * {wall, cpu} in ms of one fresh process `command ...args` (cpu: user+sys through /usr/bin/time,
 * NaN without it). `opts` go to spawnSync (env, cwd); stdout is dropped.
 */
export function timeProcess(command, args, opts = {}) {
	const out = path.join(os.tmpdir(), `arbor-bench-time-${process.pid}`);
	const [cmd, argv] = TIME ? [TIME, ["-f", "%U %S", "-o", out, command, ...args]] : [command, args];
	const t = process.hrtime.bigint();
	const r = spawnSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 30, ...opts });
	const wall = Number(process.hrtime.bigint() - t) / 1e6;
	if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(" ")} exited ${r.status}: ${r.stderr}`);
	if (!TIME) return { wall, cpu: Number.NaN };
	const [user, sys] = fs.readFileSync(out, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
	fs.rmSync(out, { force: true });
	return { wall, cpu: (user + sys) * 1000 };
}

/** Medians of {wall, cpu} samples. */
export const medianTimes = (xs) => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) });

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** A running process's cpu time so far (user+sys, ms), from /proc/<pid>/stat. */
export function processCpuMs(pid) {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A running process's resident memory (MiB), from /proc/<pid>/status. */
export function rssMiB(pid) {
	const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
	return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** A node that runs pi 1.6 (>= 22.19): this one, ARBOR_BENCH_NODE, or the cached node 24; else undefined. */
export function modernNode(root) {
	const [major, minor] = process.versions.node.split(".").map(Number);
	if (major > 22 || (major === 22 && minor >= 19)) return process.execPath;
	const cached = path.join(root, "node_modules/.cache/arbor-node24/node_modules/node/bin/node");
	return process.env.ARBOR_BENCH_NODE ?? (fs.existsSync(cached) ? cached : undefined);
}

const BENCH_USAGE = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/**
 * A linear session's JSONL lines: `turns` turns of user, assistant (thinking + a bash call), tool
 * result, assistant reply. `thoughts` lines of thinking, `outputLines(i)` lines of output in turn i.
 */
export function benchSessionLines({ id, cwd, turns, thoughts, outputLines, provider }) {
	const lines = [JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-11-22T09:00:00.000Z", cwd })];
	let parent = null;
	let n = 0;
	const add = (message) => {
		const entryId = (++n).toString(16).padStart(8, "0");
		lines.push(JSON.stringify({ type: "message", id: entryId, parentId: parent, timestamp: "2026-11-22T09:00:00.000Z", message }));
		parent = entryId;
	};
	const block = (what, i, count) => Array.from({ length: count }, (_, k) => `${what} ${i}.${k} ${"lorem ipsum ".repeat(4)}`).join("\n");
	const reply = { api: "openai-completions", provider, model: "bench", usage: BENCH_USAGE, timestamp: 1 };
	for (let i = 0; i < turns; i++) {
		add({ role: "user", content: [{ type: "text", text: `turn ${i}: please look` }], timestamp: 1 });
		add({ role: "assistant", content: [{ type: "thinking", thinking: block("thought", i, thoughts) }, { type: "toolCall", id: `c${i}`, name: "bash", arguments: { command: `cat file${i}.txt` } }], ...reply, stopReason: "toolUse" });
		add({ role: "toolResult", toolCallId: `c${i}`, toolName: "bash", content: [{ type: "text", text: block("output", i, outputLines(i)) }], isError: false, timestamp: 1 });
		add({ role: "assistant", content: [{ type: "text", text: `Turn ${i} done: **fine**.` }], ...reply, stopReason: "stop" });
	}
	return lines;
}
