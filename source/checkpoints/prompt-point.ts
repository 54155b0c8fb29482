/**
 * The checkpoint of the files as a prompt was sent (`before-prompt`): a side child of the prompt's
 * user message, so the reply still hangs off the message and pi builds the same context; records.ts
 * counts it as at the message. Forks copy it along with its prompt (session/fork.ts).
 */
import type { SessionStoreApi } from "../session/api.js";
import { allCheckpoints, CHECKPOINT_TYPE, checkpointOnPath, type Checkpoint, type CheckpointData } from "./records.js";
import type { Snapshot } from "./store.js";

/**
 * Records `snap` beside the user message `userEntryId`, just stored, unless it is the tree already
 * on the path and the session's newest (an unchanged tree costs nothing). The leaf stays where it was.
 */
export function recordPromptPoint(session: SessionStoreApi, store: { cwd: string; inCopy: boolean }, snap: Snapshot, userEntryId: string): void {
	const view = session.snapshot();
	const same = (c: Checkpoint | undefined) => c?.data.tree === snap.tree;
	if (same(checkpointOnPath(view, userEntryId)) && same(allCheckpoints(view).at(-1))) return;
	const data: CheckpointData = { tree: snap.tree, cwd: store.cwd, files: snap.files, bytes: snap.bytes, skipped: snap.skipped, reason: "before-prompt", ...(store.inCopy ? { copy: true as const } : {}) };
	const leaf = view.leafId;
	session.appendAt(userEntryId, { type: "custom", customType: CHECKPOINT_TYPE, data });
	// No marker: the reply that follows at once records the position itself.
	session.moveLeaf(leaf, { marker: false });
}
