/**
 * git for sync: the private store (the project's checkpoint store, `--git-dir` only, the checkpoints'
 * clean environment: no user config, hooks or `GIT_*`) and read-only questions to the user's own
 * repository (`rev-parse`, `config --get`). Nothing here writes the user's `.git`.
 */
import { gitArgs, gitEnv, type GitPlace } from "../checkpoints/git.js";
import { GitError, spawnGit } from "../checkpoints/spawn-git.js";
import { childEnvironment } from "../text/secrets.js";

/**
 * What went wrong, in one line, from git's stderr: a push's rejection (`[remote rejected] … (why)`)
 * with what the remote said (`remote: …`), else the first `fatal:`/`error:` line, else the last line.
 */
export function reasonOf(stderr: string): string {
	const lines = stderr.split("\n").map((l) => l.trim()).filter(Boolean);
	const rejected = lines.find((l) => /^! \[(remote )?rejected\]/.test(l));
	if (rejected) {
		const said = lines.filter((l) => l.startsWith("remote:")).map((l) => l.replace(/^remote:\s*/, "")).filter(Boolean);
		return [rejected.replace(/^! /, "").replace(/\s+/g, " "), ...said.map((t) => `remote: ${t}`)].join("; ");
	}
	const told = lines.find((l) => /^(fatal|error):/.test(l));
	return (told ?? lines[lines.length - 1] ?? "").replace(/^(fatal|error): /, "");
}

type Run = { args: readonly string[]; env: NodeJS.ProcessEnv; cwd: string; input?: Buffer | string; what: string };

function run(r: Run): Promise<Buffer> {
	return spawnGit(r.args, r, (stderr, code) => `git ${r.what} failed: ${reasonOf(stderr) || `exit ${code}`}`);
}

/** git on the private store; resolves to stdout. */
export function storeGit(place: GitPlace, args: readonly string[], input?: Buffer | string): Promise<Buffer> {
	return run({ args: gitArgs(place, args), env: gitEnv(place), cwd: place.workTree, input, what: args[0] ?? "" });
}

/** A read-only question to the user's repository at `cwd` (no GIT_* of the user's, no terminal prompt). */
export async function askUserRepo(cwd: string, args: readonly string[]): Promise<string | undefined> {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(childEnvironment())) if (!key.startsWith("GIT_")) env[key] = value;
	env.GIT_TERMINAL_PROMPT = "0";
	env.GIT_OPTIONAL_LOCKS = "0"; // a status-like read never refreshes the user's index
	try {
		return (await run({ args: ["-c", "core.hooksPath=/dev/null", ...args], env, cwd, what: args[0] ?? "" })).toString("utf8").trim();
	} catch (error) {
		if (error instanceof GitError && error.missing) throw error;
		return undefined;
	}
}
