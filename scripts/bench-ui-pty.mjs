// The pseudo-terminal part of scripts/bench-ui.mjs: the built CLI started under `script` (a real
// pty), timed from spawn to the first output holding the chat screen's status line.
import "./bench-env.mjs";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const stripAnsi = (s) => s.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "").replace(/\u001b[()][A-Z0-9]/g, "");
/** The status line's tail: `… tokens · empty` or `… tokens · leaf 1a2b3c4d`. */
const STATUS = /tokens · (empty|leaf [0-9a-f]{8})/;
const quote = (s) => `'${s.replace(/'/g, "'\\''")}'`;
// Generous: the old transcript rendering took many seconds on a busy machine.
const TIMEOUT_MS = Number(process.env.ARBOR_BENCH_TIMEOUT_MS ?? 120_000);

const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function copyInto(home, sessionFile) {
	const copy = path.join(home, "s.jsonl");
	fs.copyFileSync(sessionFile, copy);
	return copy;
}

/** The CLI in a `cols`×`rows` pty (`script`), its home `home`, a model that is never called; `session` opened if given. */
function spawnCli(opts, home, session) {
	const args = ["--model", "compat:bench", "--base-url", "http://127.0.0.1:9/v1"];
	if (session) args.push("--session", session);
	// `script` gives the child a 0×0 pty without a controlling terminal of our own: size it first.
	const cmd = `stty cols ${opts.cols} rows ${opts.rows} 2>/dev/null; exec ${quote(process.execPath)} ${quote(opts.cli)} ${args.map(quote).join(" ")}`;
	return spawn("script", ["-qfec", cmd, "/dev/null"], {
		cwd: home,
		env: { ...process.env, ARBOR_HOME: home, COLUMNS: String(opts.cols), LINES: String(opts.rows), TERM: "xterm-256color" },
		stdio: ["pipe", "pipe", "pipe"],
		detached: true,
	});
}

/**
 * Spawns the CLI under `script` and resolves with ms until the status line shows.
 * opts: { cli, cols, rows, sessionFile? } (the file is copied first, outside the timing).
 */
export function timeFirstFrame(opts) {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-ui-"));
	const session = opts.sessionFile ? copyInto(home, opts.sessionFile) : undefined;
	return new Promise((resolve, reject) => {
		const start = process.hrtime.bigint();
		const child = spawnCli(opts, home, session);
		// Only the tail is searched: a long transcript must not make the bench itself quadratic.
		let tail = "";
		let done = false;
		const finish = (error, value) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			try {
				process.kill(-child.pid, "SIGKILL");
			} catch (e) {
				if (e.code !== "ESRCH") throw e;
			}
			fs.rmSync(home, { recursive: true, force: true });
			if (error) reject(error);
			else resolve(value);
		};
		const timer = setTimeout(() => finish(new Error(`no status line after ${TIMEOUT_MS / 1000} s; output: ${stripAnsi(tail).slice(-300)}`)), TIMEOUT_MS);
		child.stdout.on("data", (data) => {
			tail = (tail + data).slice(-8192);
			if (STATUS.test(stripAnsi(tail))) finish(null, Number(process.hrtime.bigint() - start) / 1e6);
		});
		child.on("error", (e) => finish(e));
		child.on("exit", () => setImmediate(() => finish(new Error(`exited before the status line; output: ${stripAnsi(tail).slice(-300)}`))));
	});
}

/** `arbor context FILE` to /dev/null: ms from spawn to exit. */
function timeContext(cli, sessionFile) {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-ctx-"));
	try {
		const copy = copyInto(home, sessionFile);
		const start = process.hrtime.bigint();
		const r = spawnSync(process.execPath, [cli, "context", copy], { cwd: home, env: { ...process.env, ARBOR_HOME: home }, stdio: "ignore" });
		const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
		if (r.status !== 0) throw new Error(`arbor context exited ${r.status}`);
		return elapsed;
	} finally {
		fs.rmSync(home, { recursive: true, force: true });
	}
}

/** Medians of `runs` interactive opens and `arbor context` runs on the same file, interleaved. */
export async function openFigures(opts) {
	const open = [];
	const context = [];
	for (let i = 0; i < opts.runs; i++) {
		context.push(timeContext(opts.cli, opts.sessionFile));
		open.push(await timeFirstFrame(opts));
	}
	return { open: median(open), context: median(context) };
}

/** The paste the editor bench makes: 100,000 characters on one line (a minified file), then a 300-line log. */
const PASTE = `${"word ".repeat(20_000)}END\n${Array.from({ length: 300 }, (_, i) => `2026-11-26 INFO request ${i} handled`).join("\n")}`;

/** One run: ms from a bracketed paste of PASTE to its end on the screen, and from one key after it to that key on the screen. */
function timePaste(opts) {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-paste-"));
	const child = spawnCli(opts, home);
	let tail = "";
	let waiting;
	child.stdout.on("data", (data) => {
		tail = (tail + data).slice(-8192);
		if (waiting?.test(stripAnsi(tail))) waiting.done();
	});
	const until = (pattern) =>
		new Promise((resolve, reject) => {
			const start = process.hrtime.bigint();
			const timer = setTimeout(() => reject(new Error(`bench-ui paste: no ${pattern} after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
			waiting = { test: (s) => pattern.test(s), done: () => (clearTimeout(timer), (waiting = undefined), resolve(Number(process.hrtime.bigint() - start) / 1e6)) };
			if (pattern.test(stripAnsi(tail))) waiting.done();
		});
	const end = () => {
		try {
			process.kill(-child.pid, "SIGKILL");
		} catch (e) {
			if (e.code !== "ESRCH") throw e;
		}
		fs.rmSync(home, { recursive: true, force: true });
	};
	return (async () => {
		try {
			await until(STATUS);
			tail = "";
			const pasted = until(/request 299 handled/);
			child.stdin.write(`\u001b[200~${PASTE}\u001b[201~`);
			const paste = await pasted;
			const keyed = until(/request 299 handled!/);
			child.stdin.write("!");
			return { paste, key: await keyed };
		} finally {
			end();
		}
	})();
}

/** Medians of `runs` pastes into a new session's editor (see timePaste). */
export async function pasteFigures(opts) {
	const paste = [];
	const key = [];
	for (let i = 0; i < opts.runs; i++) {
		const r = await timePaste(opts);
		paste.push(r.paste);
		key.push(r.key);
	}
	return { paste: median(paste), key: median(key) };
}
