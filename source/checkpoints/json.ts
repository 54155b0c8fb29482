/**
 * The JSON shapes of checkpoints and restores, shared by `arbor checkpoints --json`, `arbor restore
 * --json` and the RPC / ACP front ends (`get_checkpoints`, `restore_files`), so they answer alike.
 */
import type { RestoreDone, RestorePlan } from "./checkpointer.js";
import type { Checkpoint } from "./records.js";

/** One checkpoint as `arbor checkpoints --json` lists it. */
export function checkpointJson(c: Checkpoint) {
	return { entryId: c.entryId, timestamp: c.timestamp, ...c.data };
}

/**
 * `arbor restore --dry-run --json`: what restoring entry `id` would change. Like `arbor diff --json`,
 * a status says what happens going `from` → `to` (here: the working tree → the entry's files).
 */
export function restorePlanJson(id: string | null, plan: Pick<RestorePlan, "target" | "current" | "changes" | "userChanges">) {
	const fromTo = { from: plan.current, to: plan.target.data.tree };
	return { entryId: id, checkpoint: plan.target.entryId, tree: plan.target.data.tree, ...fromTo, dryRun: true as const, changes: plan.changes, userChanges: plan.userChanges };
}

/** `arbor restore --json`: what restoring entry `id` did, with the safety checkpoint that undoes it. */
export function restoreDoneJson(id: string | null, done: RestoreDone) {
	const fromTo = { from: done.safety.data.tree, to: done.target.data.tree };
	return { entryId: id, checkpoint: done.target.entryId, tree: done.target.data.tree, ...fromTo, safetyCheckpoint: done.safety.entryId, changes: done.changes, kept: done.kept, outside: done.outside, userChanges: done.userChanges };
}
