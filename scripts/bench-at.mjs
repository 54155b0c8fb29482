#!/usr/bin/env node
// `@` completion benchmark: `node scripts/bench-at.mjs [--quick]` (run by `npm run bench`).
// On a generated 50,000-file project (cached in .bench/), the built CLI under a pseudo-terminal
// (`script`): the first background walk (from start-up to the first full list) and, after it, one
// keystroke from its write to the narrowed list on the screen; plus the matcher alone over the
// 50,000 paths. Prints medians. Never asserts: machines are shared and noisy.
import "./bench-env.mjs";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { median, ms, startPty, stripAnsi } from "./bench-pty.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, ".bench");
const CLI = path.join(ROOT, "dist/cli.js");
const quick = process.argv.includes("--quick");
const SAMPLES = quick ? 5 : 11;
const COLS = 80;
const ROWS = 24;
const TIMEOUT_MS = 120_000;

/** The newest frame: what was drawn between the last two status lines (every frame ends with one). */
const lastFrame = (s) => {
	const parts = s.split(/compat:bench · [^\n]*/);
	return parts.length >= 2 ? parts[parts.length - 2] : "";
};

/** 50,000 files in 100 folders and one file to find (`deep/er/zebra-target.md`). */
function project() {
	const root = path.join(BENCH, "at-50k");
	if (fs.existsSync(path.join(root, "deep/er/zebra-target.md"))) return root;
	for (let d = 0; d < 100; d++) {
		const dir = path.join(root, `pkg${d}`);
		fs.mkdirSync(dir, { recursive: true });
		for (let f = 0; f < 500; f++) fs.writeFileSync(path.join(dir, `module-${f}.ts`), "");
	}
	fs.mkdirSync(path.join(root, "deep/er"), { recursive: true });
	fs.writeFileSync(path.join(root, "deep/er/zebra-target.md"), "");
	return root;
}

function startCli(cwd) {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-bench-at-"));
	const args = ["--model", "compat:bench", "--base-url", "http://127.0.0.1:9/v1", "--no-session"];
	const pty = startPty({ cli: CLI, args, cwd, home, cols: COLS, rows: ROWS, timeoutMs: TIMEOUT_MS });
	// The waits here read the text on the screen, escape sequences left out.
	return { ...pty, until: (p) => pty.until((out) => p(stripAnsi(out))), timed: (bytes, p) => pty.timed(bytes, (out) => p(stripAnsi(out))) };
}

async function cliFigures(root) {
	const started = process.hrtime.bigint();
	const cli = startCli(root);
	try {
		await cli.until((s) => s.includes("compat:bench"));
		// The first walk: `@` opens the list, which fills as the background walk ends.
		await cli.timed("@", (s) => lastFrame(s).includes("pkg"));
		await cli.until((s) => lastFrame(s).includes("pkg") && !lastFrame(s).includes("listing the project's files"));
		const firstWalk = Number(process.hrtime.bigint() - started) / 1e6;
		const keystroke = [];
		const closed = (s) => { const f = lastFrame(s); return !f.includes("pkg") && !f.includes("zebra"); };
		await cli.timed("\u007f", closed);
		for (let i = 0; i < SAMPLES; i++) {
			// `@zeb`, then the timed key `t`, then Backspace ×5 empties the editor (and closes the list).
			await cli.timed("@zeb", (s) => lastFrame(s).includes("zebra-target"));
			keystroke.push(await cli.timed("t", (s) => lastFrame(s).includes("@zebt") && lastFrame(s).includes("zebra-target")));
			await cli.timed("\u007f".repeat(5), closed);
		}
		return { firstWalk, keystroke: median(keystroke) };
	} finally {
		cli.stop();
	}
}

async function matcherFigures(root) {
	const { build } = await import("esbuild");
	const entry = path.join(BENCH, "bench-at-entry.ts");
	fs.writeFileSync(entry, `export { fuzzyPaths } from ${JSON.stringify(path.join(ROOT, "source/text/fuzzy-path.ts"))};\n`);
	const out = path.join(BENCH, "bench-at-entry.mjs");
	await build({ entryPoints: [entry], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" });
	const { fuzzyPaths } = await import(out);
	const paths = [];
	for (const dir of fs.readdirSync(root)) for (const f of fs.readdirSync(path.join(root, dir), { recursive: true })) paths.push(`${dir}/${f}`);
	const times = [];
	for (let i = 0; i < SAMPLES; i++) {
		const start = process.hrtime.bigint();
		fuzzyPaths(paths, i % 2 ? "zebtar" : "pkg42mod49", 8);
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}
	return { n: paths.length, match: median(times) };
}

async function main() {
	if (!fs.existsSync(CLI)) throw new Error("dist/cli.js missing: run npm run build");
	console.log(`## @ completion on a 50,000-file project (${COLS}×${ROWS}; medians)`);
	const root = project();
	try {
		execFileSync("script", ["--version"], { stdio: "ignore" });
		const cli = await cliFigures(root);
		console.log(`first walk (start-up to the full list)  ${ms(cli.firstWalk)}   (in the background: the editor takes keys meanwhile)`);
		console.log(`one keystroke to the narrowed list     ${ms(cli.keystroke)}   (target <= 100 ms after the first walk)`);
	} catch (error) {
		console.log(`(pty figures skipped: ${error.message})`);
	}
	const m = await matcherFigures(root);
	console.log(`fuzzyPaths over ${m.n.toLocaleString("en-US")} paths         ${ms(m.match)}`);
}

main().catch((error) => {
	console.error(`bench-at: ${error.message}`);
	process.exitCode = 1;
});
