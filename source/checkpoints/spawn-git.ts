/**
 * The one place arbor starts `git` (checkpoints and sync): spawn, collect stdout and stderr, write
 * `input` to stdin, and turn a failure into a GitError whose text the caller words from git's stderr.
 */
import { spawn } from "node:child_process";

/** A git command that failed (exit code other than 0) or could not start. */
export class GitError extends Error {
	constructor(
		message: string,
		readonly code: number | null,
		readonly missing = false,
	) {
		super(message);
	}
}

/**
 * Where and how git runs. `input` is written to stdin and closed; or, a function, is handed stdin to
 * write and end as it likes (a conversation with `cat-file --batch`), `onStdout` seeing each chunk.
 */
export type SpawnGit = { cwd: string; env: NodeJS.ProcessEnv; input?: Buffer | string | ((stdin: NodeJS.WritableStream) => void); onStdout?: (chunk: Buffer) => void };

/** Runs `git args`; resolves to stdout, rejects with GitError (`failure` words an exit other than 0 from stderr). */
export function spawnGit(args: readonly string[], opts: SpawnGit, failure: (stderr: string, code: number | null) => string): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const child = spawn("git", args, { cwd: opts.cwd, env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout.on("data", (chunk: Buffer) => {
			out.push(chunk);
			opts.onStdout?.(chunk);
		});
		child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
		child.on("error", (error: NodeJS.ErrnoException) => {
			reject(new GitError(error.code === "ENOENT" ? "git was not found on PATH" : `git: ${error.message}`, null, error.code === "ENOENT"));
		});
		child.on("close", (code) => {
			if (code === 0) resolve(Buffer.concat(out));
			else reject(new GitError(failure(Buffer.concat(err).toString("utf8"), code), code));
		});
		child.stdin.on("error", () => {}); // git may exit before reading all of stdin; close reports it
		if (typeof opts.input === "function") opts.input(child.stdin);
		else child.stdin.end(opts.input ?? "");
	});
}
