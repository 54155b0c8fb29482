/**
 * The local half of a sync, after the push went through: each session's fetched entries appended
 * (a session new here becomes a file in this folder's session folder), the modes records of the
 * checkpoint trees they name kept beside the store, their authors recorded, and the state updated.
 * A session this process holds open (the chat's) gets them through its store; one another process
 * is writing right now is left for the next sync.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { GitPlace } from "../checkpoints/git.js";
import { sessionFileName } from "../session/ids.js";
import { heldWriter } from "../session/held-writers.js";
import { sessionDirFor } from "../session/paths.js";
import { SessionError } from "../session/types.js";
import { applyLines } from "./apply.js";
import { recordAuthors } from "./authors.js";
import { leafOfLines, SYNC_MARKER_FLAG } from "./local-file.js";
import { checkpointTree, type SessionPlan } from "./plan.js";
import { readObjects } from "./remote-session.js";
import type { SyncState } from "./state.js";

/** What happened to one session's local file. */
export type Outcome = { file: string; created: boolean; busy?: string };

type Args = { place: GitPlace; storeDir: string; cwd: string; home: string; plans: readonly SessionPlan[]; commits: ReadonlyMap<string, string>; state: SyncState };

function newFileFor(plan: SessionPlan, cwd: string, home: string): string {
	const header = JSON.parse(plan.remote?.headerLine ?? "{}") as { timestamp?: unknown };
	const time = typeof header.timestamp === "string" ? header.timestamp : new Date().toISOString();
	return path.join(sessionDirFor(cwd, home), sessionFileName(time, plan.id));
}

/** Applies every plan; records each applied session in `state`. */
export async function applyPlans(a: Args): Promise<Map<string, Outcome>> {
	const outcomes = new Map<string, Outcome>();
	for (const plan of a.plans) {
		if (plan.note) continue; // left as it is, and not recorded: the next sync looks again
		const file = plan.local?.file ?? newFileFor(plan, a.cwd, a.home);
		const created = !plan.local;
		let size = plan.local?.size ?? 0;
		if (plan.append.length > 0 || created) {
			// Modes and authors first: a kill after the rename below must not leave entries without them.
			await keepModes(a, plan);
			recordAuthors(a.home, plan.id, plan.append.map((e) => ({ id: e.id, author: plan.remote?.chunks.find((c) => c.name === e.chunk)?.author })));
			try {
				size = appendFetched(plan, file, created);
			} catch (error) {
				if (!(error instanceof SessionError) || error.code !== "locked") throw error;
				outcomes.set(plan.id, { file, created: false, busy: error.message });
				continue;
			}
		}
		outcomes.set(plan.id, { file, created });
		a.state[plan.id] = { remote: a.commits.get(plan.id) ?? plan.remote?.commit ?? null, size, file };
	}
	return outcomes;
}

/**
 * Appends a plan's fetched entries to `file`: through the store of this process that holds it open
 * (the chat's session: it sees them at once, its leaf stays), else under the file's writer lock.
 */
function appendFetched(plan: SessionPlan, file: string, created: boolean): number {
	const held = created ? undefined : heldWriter(file);
	if (held) return held.mergeLines(plan.append.map((e) => e.line), { [SYNC_MARKER_FLAG]: true });
	// The ids the marker's must differ from: the file's and the appended ones (no copy of 100k ids).
	const appended = new Set(plan.append.map((e) => e.id));
	const taken = { has: (id: string) => appended.has(id) || plan.local?.ids.has(id) === true };
	const localLeaf = plan.local ? leafOfLines(plan.local.lines) : null;
	return applyLines({ file, exists: !created, headerLine: plan.remote?.headerLine ?? "", lines: plan.append, localLeaf, taken });
}

/** The modes records (checkpoints/modes.ts) of the checkpoint trees the fetched entries name, where the store has none yet. */
async function keepModes(a: Args, plan: SessionPlan): Promise<void> {
	const rows = plan.remote?.sub.get("modes");
	if (!rows || rows.size === 0) return;
	const wanted = new Set(plan.append.map((e) => checkpointTree(e.line.toString("utf8"))).filter((t): t is string => t !== undefined && rows.has(t)));
	const missing = [...wanted].filter((t) => !fs.existsSync(path.join(a.storeDir, "modes", t)));
	const blobs = await readObjects(a.place, missing.map((t) => rows.get(t)?.split(" ")[2] ?? ""));
	fs.mkdirSync(path.join(a.storeDir, "modes"), { recursive: true, mode: 0o700 });
	missing.forEach((t, i) => fs.writeFileSync(path.join(a.storeDir, "modes", t), blobs[i] as Buffer, { mode: 0o600 }));
}
