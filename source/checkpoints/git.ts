/**
 * The user's `git` (looked up on PATH), run on arbor's private checkpoint directory only: every
 * command names `--git-dir` and `--work-tree`, uses its own index file, no system or global config,
 * no hooks, no signing, and none of the user's `GIT_*` variables — so it can never reach the
 * project's own `.git`.
 */
import { GitError, spawnGit } from "./spawn-git.js";
import { childEnvironment } from "../text/secrets.js";

/** Where one private store lives and which folder it snapshots. */
export type GitPlace = { gitDir: string; workTree: string; indexFile: string };

/** The environment git runs with: the user's, minus every GIT_* variable and the provider keys (text/secrets.ts), plus the store's own. */
export function gitEnv(place: GitPlace, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const clean: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(childEnvironment(env))) if (!key.startsWith("GIT_")) clean[key] = value;
	return {
		...clean,
		GIT_CONFIG_NOSYSTEM: "1",
		GIT_CONFIG_GLOBAL: "/dev/null",
		GIT_INDEX_FILE: place.indexFile,
		GIT_AUTHOR_NAME: "arbor",
		GIT_AUTHOR_EMAIL: "arbor@localhost",
		GIT_COMMITTER_NAME: "arbor",
		GIT_COMMITTER_EMAIL: "arbor@localhost",
		GIT_TERMINAL_PROMPT: "0",
		LC_ALL: "C",
	};
}

const FIXED = ["-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", "-c", "core.symlinks=true", "-c", "core.quotepath=false", "-c", "core.untrackedCache=true", "-c", "gc.auto=0", "-c", "maintenance.auto=false", "-c", "core.sharedRepository=0600"];

/** The arguments before a git subcommand: the private directory and the folder it snapshots. */
export function gitArgs(place: GitPlace, args: readonly string[]): string[] {
	return [...FIXED, `--git-dir=${place.gitDir}`, `--work-tree=${place.workTree}`, ...args];
}

/** Runs git; resolves to stdout (a Buffer), rejects with GitError. `input` is written to stdin. */
export function runGit(place: GitPlace, args: readonly string[], input?: string | Buffer): Promise<Buffer> {
	return spawnGit(gitArgs(place, args), { cwd: place.workTree, env: gitEnv(place), input }, (stderr, code) => {
		const text = stderr.trim().split("\n").pop() ?? "";
		return `git ${args[0] ?? ""} failed${text ? `: ${text}` : ` (exit ${code})`}`;
	});
}

/** Git's empty tree: what `""` (no files) stands for in the trees a store compares. */
export const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/** A unified diff (git's own format) from tree `from` to tree `to` (`""`: the empty tree), of one `file` or all. */
export async function treePatch(place: GitPlace, from: string, to: string, file?: string): Promise<string> {
	if (from === to) return "";
	const args = ["diff-tree", "-p", "-r", "--no-renames", "--no-color", from || EMPTY_TREE, to || EMPTY_TREE];
	return (await runGit(place, file ? [...args, "--", `:(literal)${file}`] : args)).toString("utf8");
}

/** Reads several blobs through one `git cat-file --batch`; returns them by object id. */
export async function readBlobs(place: GitPlace, ids: readonly string[]): Promise<Map<string, Buffer>> {
	const blobs = new Map<string, Buffer>();
	if (ids.length === 0) return blobs;
	const unique = [...new Set(ids)];
	const out = await runGit(place, ["cat-file", "--batch"], `${unique.join("\n")}\n`);
	const answers = parseBatchAnswers(out, 0, unique.length)?.got;
	unique.forEach((id, i) => {
		const got = answers?.[i];
		if (!got) throw new GitError(`checkpoint object ${id} is missing`, null);
		blobs.set(id, got.data);
	});
	return blobs;
}

/** One object as read: its type and bytes; undefined when git says missing or ambiguous. */
export type Got = { type: string; data: Buffer } | undefined;

/** Parses `count` answers of `git cat-file --batch` in `out` from `at`; returns them and where they end, or undefined when `out` ends first. */
export function parseBatchAnswers(out: Buffer, at: number, count: number): { got: Got[]; end: number } | undefined {
	const got: Got[] = [];
	for (let i = 0; i < count; i++) {
		const end = out.indexOf(0x0a, at);
		if (end < 0) return undefined;
		const header = out.subarray(at, end).toString("utf8").split(" ");
		if (header.at(-1) === "missing" || header.at(-1) === "ambiguous") {
			got.push(undefined);
			at = end + 1;
			continue;
		}
		const size = Number(header[2]);
		if (end + 1 + size + 1 > out.length) return undefined;
		got.push({ type: header[1] ?? "", data: out.subarray(end + 1, end + 1 + size) });
		at = end + 1 + size + 1;
	}
	return { got, end: at };
}
