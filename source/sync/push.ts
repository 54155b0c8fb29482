/**
 * The push of one sync: a new commit per session with something to send, all sent by one
 * `git push` of `<commit>:refs/arbor/sessions/<id>` (fast-forwards of what was fetched; a remote
 * that moved meanwhile rejects it, and the sync fails with git's reason).
 */
import * as os from "node:os";
import type { GitPlace } from "../checkpoints/git.js";
import { storeGit } from "./git-run.js";
import { modesRecord, type SessionPlan } from "./plan.js";
import { type Author, type NewCommit, writeRemotes } from "./write-remote.js";

/** The namespace on the remote: one ref per session. */
export const REMOTE_PREFIX = "refs/arbor/sessions/";
/** Where the private store keeps what it fetched. */
export const TRACKING_PREFIX = "refs/arbor-sync/remote/";

/** Who this machine's entries come from: the host name and the user (`$USER`, else the account's name). */
function thisAuthor(): Author {
	return { host: os.hostname(), user: process.env.USER || os.userInfo().username };
}

/** The checkpoint trees of `trees` the store holds (a tree dropped by gc or from another home is not sent). */
async function presentTrees(place: GitPlace, trees: readonly string[]): Promise<string[]> {
	if (trees.length === 0) return [];
	const out = (await storeGit(place, ["cat-file", "--batch-check"], `${trees.map((t) => `${t}^{tree}`).join("\n")}\n`)).toString("utf8").split("\n");
	return trees.filter((_, i) => / tree /.test(out[i] ?? ""));
}

/** Writes the commit of every plan with lines to push (one fast-import); returns them by session id. */
export async function commitPlans(place: GitPlace, storeDir: string, plans: readonly SessionPlan[]): Promise<Map<string, string>> {
	const author = thisAuthor();
	const commits: NewCommit[] = [];
	const wanted = plans.filter((p) => p.push.length > 0 && p.local);
	const present = new Set(await presentTrees(place, [...new Set(wanted.flatMap((p) => p.trees))]));
	for (const plan of wanted) {
		const checkpoints = plan.trees.filter((t) => present.has(t)).map((tree) => ({ tree, modes: modesRecord(storeDir, tree) }));
		const message = `arbor sync: ${plan.push.length} entries from ${author.user}@${author.host}`;
		commits.push({ id: plan.id, base: plan.remote, headerLine: plan.local?.headerLine ?? "", chunk: { lines: plan.push, author, checkpoints }, message });
	}
	return writeRemotes(place, commits);
}

/**
 * Pushes the commits in one `git push --atomic` (all sessions' refs or none). The tracking refs are
 * not moved here: the commits stay referenced under `refs/arbor-sync/out/`, the state records them,
 * and the next sync's fetch (if any) moves the tracking refs without sending them again.
 */
export async function pushCommits(place: GitPlace, url: string, commits: ReadonlyMap<string, string>): Promise<void> {
	if (commits.size === 0) return;
	const specs = [...commits].map(([id, commit]) => `${commit}:${REMOTE_PREFIX}${id}`);
	await storeGit(place, ["push", "--quiet", "--atomic", "--no-verify", url, ...specs]);
}
