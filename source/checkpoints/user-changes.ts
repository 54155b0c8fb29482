/**
 * Whose change is it: the files the user changed between turns, told apart from those a turn's tools
 * (or bash during a turn) changed, so a restore can keep the user's own work (issue 37).
 *
 * The checkpoints of a session, in the order they were taken (file order, every branch), are the
 * history of the working tree. A prompt's snapshot (`before-prompt`) and a restore's safety snapshot
 * (`before-restore`) are taken while no turn runs: what differs from the checkpoint taken just before
 * them was changed by the user. What differs at a turn's own snapshots (`before-change`,
 * `after-turn`) was changed during a turn, and the tree a restore wrote (recorded on its safety
 * snapshot as `restoring`) is the restore's. A file's owner is whoever changed it last.
 */
import type { SessionTreeView } from "../session/api.js";
import { overlayTree } from "./overlay-tree.js";
import { checkpointOf, type CheckpointData } from "./records.js";
import type { CheckpointStore, FileChange } from "./store.js";

type State = { tree: string; reason: CheckpointData["reason"] | "restored" };
const IDLE: readonly State["reason"][] = ["before-prompt", "before-restore"];

/**
 * Which of `candidates` (a restore's changes) the user changed last, going back from the working
 * tree `now` (a snapshot just taken, not yet recorded).
 */
export async function userChangedPaths(store: CheckpointStore, view: SessionTreeView, candidates: readonly FileChange[], now: string): Promise<Set<string>> {
	const states: State[] = view.entries.flatMap((e) => {
		const c = checkpointOf(e);
		// A fan-out branch's snapshots are of its own copy, and those of another clone (synced: docs/sync.md)
		// of that clone's folder: neither is this working tree's history.
		if (!c || c.data.copy || c.data.cwd !== store.cwd) return [];
		const state: State = { tree: c.data.tree, reason: c.data.reason };
		// After a safety checkpoint, the tree its restore wrote: the step to it is the restore's.
		return c.data.restoring ? [state, { tree: c.data.restoring, reason: "restored" }] : [state];
	});
	states.push({ tree: now, reason: "before-restore" });
	const open = new Set(candidates.map((c) => c.path));
	const user = new Set<string>();
	for (let i = states.length - 1; i > 0 && open.size > 0; i -= 1) {
		const [a, b] = [states[i - 1], states[i]];
		if (!a || !b || a.tree === b.tree || !(await store.has(a.tree))) continue;
		const byUser = IDLE.includes(b.reason);
		for (const c of await store.diff(a.tree, b.tree)) if (open.delete(c.path) && byUser) user.add(c.path);
	}
	return user;
}

/**
 * The tree a restore from the working tree `current` to `target` writes when it keeps the user's own
 * changes: `target` with the user's files as they are in `current`. Undefined when the user changed
 * none of the files the restore would change (the restore writes `target`).
 */
export async function treeKeepingUserChanges(store: CheckpointStore, view: SessionTreeView, current: string, target: string): Promise<string | undefined> {
	const user = await userChangedPaths(store, view, await store.diff(current, target), current);
	return user.size === 0 ? undefined : overlayTree(store, target, current, [...user]);
}
