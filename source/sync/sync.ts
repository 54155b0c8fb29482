/**
 * `arbor sync`: this project's sessions and the checkpoint trees they name, through the project's
 * git remote under `refs/arbor/sessions/<id>` (docs/sync.md). Fetch everything into the private
 * store, plan each session that moved (entries keyed by id: a union, nothing twice), push the new
 * entries as fast-forward commits, and only then append the fetched entries to the local files —
 * a failed fetch or push changes no local file.
 */
import { withStoreLock } from "../checkpoints/store-lock.js";
import { CliError } from "../config/errors.js";
import { loadSettings } from "../config/settings.js";
import { GitError } from "../checkpoints/spawn-git.js";
import { errorMessage } from "../text/error-text.js";
import { storeGit } from "./git-run.js";
import { scanLocal } from "./local-file.js";
import { planSession, type SessionPlan } from "./plan.js";
import { remoteUrl, syncPlace, workTreeOf } from "./project.js";
import { commitPlans, pushCommits, REMOTE_PREFIX, TRACKING_PREFIX } from "./push.js";
import { DamagedRef, readRemotes } from "./remote-session.js";
import { loadState, saveState, type SyncState, unchanged } from "./state.js";
import { sessionElsewhere, sessionsHere } from "./local-sessions.js";
import { applyPlans } from "./apply-plans.js";
import { reportOf, type SyncReport } from "./report.js";

export type { SyncReport, SessionReport } from "./report.js";

/** What to sync and how. `remote`: a remote's name or a URL (default `origin`). */
type SyncOptions = { cwd: string; home: string; remote?: string; dryRun?: boolean; onProgress?: (text: string) => void };

/** Syncs the project at `cwd`. Throws CliError: exit 2 for usage (no work tree, no such remote), 1 for a failure. */
export async function runSync(opts: SyncOptions): Promise<SyncReport> {
	const remote = opts.remote ?? loadSettings({ home: opts.home, cwd: opts.cwd }).sync?.remote ?? "origin";
	const url = await remoteUrl(opts.cwd, workTreeOf(opts.cwd), remote);
	const { place, dir } = await syncPlace(opts.home, opts.cwd);
	return withStoreLock(dir, async () => {
		try {
			return await syncLocked({ ...opts, remote, url, place, dir });
		} catch (error) {
			if (error instanceof GitError || error instanceof DamagedRef) throw new CliError(errorMessage(error), 1);
			throw error;
		}
	});
}

type Ctx = SyncOptions & { remote: string; url: string; place: Awaited<ReturnType<typeof syncPlace>>["place"]; dir: string };

/**
 * The remote's session refs (id → commit), from one `ls-remote`; the objects are fetched (one
 * `fetch` of the whole namespace into the tracking refs) only when a ref names a commit the last
 * sync did not leave here — a sync that finds nothing new on the remote fetches nothing.
 */
async function remoteRefs(c: Ctx, state: SyncState): Promise<Map<string, string>> {
	c.onProgress?.(`sync: fetching from ${c.remote}…`);
	const listed = (await storeGit(c.place, ["ls-remote", "--refs", c.url, `${REMOTE_PREFIX}*`])).toString("utf8");
	const out = new Map<string, string>();
	for (const line of listed.split("\n").filter(Boolean)) {
		const [commit = "", ref = ""] = line.split("\t");
		if (ref.startsWith(REMOTE_PREFIX)) out.set(ref.slice(REMOTE_PREFIX.length), commit);
	}
	if ([...out].some(([id, commit]) => state[id]?.remote !== commit)) {
		await storeGit(c.place, ["fetch", "--quiet", "--no-tags", "--prune", "--no-write-fetch-head", c.url, `+${REMOTE_PREFIX}*:${TRACKING_PREFIX}*`]);
	}
	return out;
}

async function plansOf(c: Ctx, remotes: Map<string, string>, state: SyncState): Promise<{ plans: SessionPlan[]; same: number }> {
	const here = sessionsHere(c.cwd, c.home);
	const moved: { id: string; file?: string; commit?: string }[] = [];
	let same = 0;
	for (const id of new Set([...here.keys(), ...remotes.keys()])) {
		const commit = remotes.get(id);
		const file = here.get(id) ?? (commit ? sessionElsewhere(c.home, id) : undefined);
		if (unchanged(state[id], file, commit)) same++;
		else moved.push({ id, file, commit });
	}
	const wanted = new Map(moved.filter((m) => m.commit).map((m) => [m.id, m.commit as string]));
	const read = await readRemotes(c.place, wanted, REMOTE_PREFIX);
	const plans = moved.map((m) => planSession(m.id, m.file ? scanLocal(m.file) : undefined, read.get(m.id)));
	return { plans, same };
}

async function syncLocked(c: Ctx): Promise<SyncReport> {
	const state = loadState(c.dir);
	const remotes = await remoteRefs(c, state);
	const { plans, same } = await plansOf(c, remotes, state);
	if (c.dryRun) return reportOf({ remote: c.remote, url: c.url, dryRun: true, plans, same, outcomes: new Map() });
	const commits = await commitPlans(c.place, c.dir, plans);
	if (commits.size > 0) c.onProgress?.(`sync: pushing ${commits.size} session${commits.size === 1 ? "" : "s"} to ${c.remote}…`);
	await pushCommits(c.place, c.url, commits);
	const outcomes = await applyPlans({ place: c.place, storeDir: c.dir, cwd: c.cwd, home: c.home, plans, commits, state });
	saveState(c.dir, state);
	return reportOf({ remote: c.remote, url: c.url, dryRun: false, plans, same, outcomes });
}
