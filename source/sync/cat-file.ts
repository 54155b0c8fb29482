/**
 * `git cat-file --batch` on the private store: objects named by any revision expression
 * (`<commit>:entries`), in order, a missing one undefined — in one round, or in two rounds through
 * one process (the second round's names come from the first round's objects: a session's trees,
 * then their blobs), so a sync starts one cat-file instead of two.
 */
import { gitArgs, gitEnv, parseBatchAnswers, type Got, type GitPlace } from "../checkpoints/git.js";
import { GitError, spawnGit } from "../checkpoints/spawn-git.js";
import { reasonOf } from "./git-run.js";

const lines = (exprs: readonly string[]) => (exprs.length === 0 ? "" : `${exprs.join("\n")}\n`);

/**
 * Reads `first`, then the names `next` gives for what it read, through one cat-file process.
 * An error `next` throws ends the process and is thrown.
 */
export async function catFileRounds(place: GitPlace, first: readonly string[], next: (got: Got[]) => string[]): Promise<[Got[], Got[]]> {
	if (first.length === 0) {
		const second = next([]);
		return [[], second.length === 0 ? [] : (await catFileRounds(place, second, () => []))[0]];
	}
	let stdin: NodeJS.WritableStream | undefined;
	let seen: Buffer[] = [];
	let round1: { got: Got[]; end: number } | undefined;
	let second: string[] = [];
	let failure: unknown;
	const onStdout = (chunk: Buffer) => {
		if (round1 || failure) return;
		seen.push(chunk);
		round1 = parseBatchAnswers(Buffer.concat(seen), 0, first.length);
		if (!round1) return;
		seen = [];
		try {
			second = next(round1.got);
		} catch (error) {
			failure = error;
		}
		stdin?.end(failure ? "" : lines(second));
	};
	const input = (s: NodeJS.WritableStream) => {
		stdin = s;
		s.write(lines(first));
	};
	const out = await spawnGit(gitArgs(place, ["cat-file", "--batch"]), { cwd: place.workTree, env: gitEnv(place), input, onStdout }, (stderr, code) => `git cat-file failed: ${reasonOf(stderr) || `exit ${code}`}`);
	if (failure) throw failure;
	const rest = round1 ? parseBatchAnswers(out, round1.end, second.length) : undefined;
	if (!round1 || !rest) throw new GitError("git cat-file --batch answered less than it was asked", null);
	return [round1.got, rest.got];
}
