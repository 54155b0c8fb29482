import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES_DIR } from "./shared.js";

/** The built CLI; ARBOR_TEST_CLI points the CLI tests at another build (e.g. a baseline, to see a test fail before a fix). */
export const CLI = process.env.ARBOR_TEST_CLI ?? join(import.meta.dirname, "../../dist/cli.js");

/**
 * The built CLI's path, checked: a missing bundle is one clear message, not node's loader error from
 * the child. `npm test` builds it first (test/helpers/build-once.ts); `npm run test:unit` runs no CLI.
 */
export function builtCli(): string {
	if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run npm run build first`);
	return CLI;
}
export const FIXTURES = FIXTURES_DIR;

export type CliRun = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** Runs the built CLI with piped stdio. `input` is written to stdin (then closed). */
export function runCli(
	args: string[],
	opts: {
		input?: string;
		env?: Record<string, string | undefined>;
		cwd?: string;
		onSpawn?: (pid: number) => void;
		/** Filled while the process runs, for tests that act on partial output. */
		live?: { stdout: string; stderr: string };
	} = {},
): Promise<CliRun> {
	return new Promise((resolve, reject) => {
		const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...opts.env };
		for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
		const child = spawn(process.execPath, [builtCli(), ...args], { cwd: opts.cwd, env: env as NodeJS.ProcessEnv, stdio: "pipe" });
		let stdout = "";
		let stderr = "";
		// Decoded across reads: a character split between two pipe reads stays whole (each read
		// turned into text on its own gave U+FFFD for it, depending on where the pipe cut).
		child.stdout.setEncoding("utf8");
		child.stderr.setEncoding("utf8");
		child.stdout.on("data", (d: string) => {
			stdout += d;
			if (opts.live) opts.live.stdout = stdout;
		});
		child.stderr.on("data", (d: string) => {
			stderr += d;
			if (opts.live) opts.live.stderr = stderr;
		});
		child.on("error", reject);
		child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
		opts.onSpawn?.(child.pid ?? -1);
		// A command that does not read stdin may exit before the input reaches the pipe: the write
		// then fails with EPIPE, which would be an uncaught error in the test worker. What the run
		// printed and its exit code are what tests check.
		child.stdin.on("error", (error: NodeJS.ErrnoException) => {
			if (error.code !== "EPIPE") reject(error);
		});
		child.stdin.end(opts.input ?? "");
	});
}

/** A temp folder holding a writable copy of a fixture, plus an empty ARBOR_HOME. */
export function fixtureCopy(name: string): { dir: string; file: string; home: string } {
	const dir = mkdtempSync(join(tmpdir(), "arbor-cli-"));
	const file = join(dir, name);
	copyFileSync(join(FIXTURES, name), file);
	return { dir, file, home: join(dir, "home") };
}
