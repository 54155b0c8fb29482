// The built CLI under a pseudo-terminal (`script`) for the screen benchmarks (bench-expand, bench-at):
// keys are written to it, waits look at what it printed since the last timed write.
import "./bench-env.mjs";
import { spawn } from "node:child_process";
import * as fs from "node:fs";

export const stripAnsi = (s) => s.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "").replace(/\u001b[()][A-Z0-9]/g, "");
export const quote = (s) => `'${s.replace(/'/g, "'\\''")}'`;
export const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const ms = (x) => `${x.toFixed(1)} ms`.padStart(10);

/**
 * Starts `node cli args…` at cols×rows in `cwd` with ARBOR_HOME=`home` (removed by stop()).
 * `until(predicate)` resolves once predicate(output) holds (raw output, escape sequences kept);
 * `timed(bytes, predicate)` forgets the output, writes the bytes and resolves with the ms until
 * the predicate holds. `env` is added to the program's environment.
 */
export function startPty({ cli, args, cwd, home, cols, rows, timeoutMs = 60_000, node = process.execPath, env = {} }) {
	const cmd = `stty cols ${cols} rows ${rows} 2>/dev/null; exec ${quote(node)} ${quote(cli)} ${args.map(quote).join(" ")}`;
	const child = spawn("script", ["-qfec", cmd, "/dev/null"], {
		cwd,
		env: { ...process.env, ARBOR_HOME: home, COLUMNS: String(cols), LINES: String(rows), TERM: "xterm-256color", ...env },
		stdio: ["pipe", "pipe", "pipe"],
		detached: true,
	});
	let out = "";
	let waiter = null;
	child.stdout.on("data", (data) => {
		out = (out + data).slice(-65536);
		waiter?.();
	});
	const until = (predicate) =>
		new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`timed out; output: ${stripAnsi(out).slice(-300)}`)), timeoutMs);
			waiter = () => {
				if (!predicate(out)) return;
				clearTimeout(timer);
				waiter = null;
				resolve();
			};
			waiter();
		});
	return {
		/** The pid of `script`; its child is the program (the shell execs it). */
		pid: child.pid,
		/** What was printed since the last timed write. */
		output: () => out,
		until,
		async timed(bytes, predicate) {
			out = "";
			const start = process.hrtime.bigint();
			child.stdin.write(bytes);
			await until(predicate);
			return Number(process.hrtime.bigint() - start) / 1e6;
		},
		stop() {
			try {
				process.kill(-child.pid, "SIGKILL");
			} catch (e) {
				if (e.code !== "ESRCH") throw e;
			}
			fs.rmSync(home, { recursive: true, force: true });
		},
	};
}
