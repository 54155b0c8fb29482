/**
 * Checkpoints in a session: `custom` entries (`customType: "arbor.checkpoint"`) on the path where
 * they were taken. pi ignores custom entries in the context, so the file stays pi's.
 */
import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import type { Skipped } from "./store.js";

export const CHECKPOINT_TYPE = "arbor.checkpoint";

/** The data of a checkpoint entry. `reason`: before a change, after a turn, or before a restore. */
export type CheckpointData = {
	tree: string;
	cwd: string;
	files: number;
	bytes: number;
	skipped: Skipped[];
	reason?: "before-change" | "after-turn" | "before-restore" | "manual";
};

/** A checkpoint with the entry that records it. */
export type Checkpoint = { entryId: string; timestamp: string; data: CheckpointData };

/** The checkpoint an entry records, or undefined (any other entry, or a damaged one). */
export function checkpointOf(entry: SessionEntry | undefined): Checkpoint | undefined {
	if (!entry || entry.type !== "custom" || entry.customType !== CHECKPOINT_TYPE) return undefined;
	const data = (entry as { data?: unknown }).data as Partial<CheckpointData> | undefined;
	if (!data || typeof data.tree !== "string" || !/^[0-9a-f]{40,64}$/.test(data.tree) || typeof data.cwd !== "string") return undefined;
	const skipped = Array.isArray(data.skipped) ? data.skipped.filter((s): s is Skipped => typeof s?.path === "string" && typeof s.reason === "string") : [];
	return {
		entryId: entry.id,
		timestamp: entry.timestamp,
		data: { tree: data.tree, cwd: data.cwd, files: Number(data.files) || 0, bytes: Number(data.bytes) || 0, skipped, ...(data.reason ? { reason: data.reason } : {}) },
	};
}

/**
 * The file state of an entry: the files as they were last left at it. That is the entry itself when
 * it is a checkpoint, else its newest checkpoint child (a turn's closing snapshot follows its last
 * reply), then the safety checkpoints a restore left there (each a child of the one before); without
 * any, the newest checkpoint on the path from the root.
 */
export function fileStateAt(view: SessionTreeView, entryId: string | null): Checkpoint | undefined {
	if (entryId === null) return undefined;
	const newestChild = (id: string, safetyOnly: boolean) =>
		view
			.getChildren(id)
			.map(checkpointOf)
			.filter((c): c is Checkpoint => c !== undefined && (!safetyOnly || c.data.reason === "before-restore"))
			.at(-1);
	let found = checkpointOf(view.getEntry(entryId)) ?? newestChild(entryId, false);
	if (!found) return checkpointOnPath(view, entryId);
	for (let next = newestChild(found.entryId, true); next; next = newestChild(next.entryId, true)) found = next;
	return found;
}

/** The newest checkpoint on the path from the root to the entry (itself included). */
export function checkpointOnPath(view: SessionTreeView, entryId: string | null): Checkpoint | undefined {
	const path = view.getPath(entryId);
	for (let i = path.length - 1; i >= 0; i -= 1) {
		const found = checkpointOf(path[i]);
		if (found) return found;
	}
	return undefined;
}

/** Every checkpoint of a session, in file order. */
export function allCheckpoints(view: SessionTreeView): Checkpoint[] {
	return view.entries.flatMap((e) => checkpointOf(e) ?? []);
}
