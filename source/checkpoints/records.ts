/**
 * Checkpoints in a session: `custom` entries (`customType: "arbor.checkpoint"`) on the path where
 * they were taken. pi ignores custom entries in the context, so the file stays pi's.
 */
import type { SessionTreeView } from "../session/api.js";
import { userContentText } from "../session/image-info.js";
import type { SessionEntry } from "../session/types.js";
import type { Skipped } from "./snapshot-files.js";

export const CHECKPOINT_TYPE = "arbor.checkpoint";

/**
 * The data of a checkpoint entry. `reason`: as a prompt was sent (a side child of its user message,
 * see {@link checkpointOnPath}), before a change, after a turn, or before a restore.
 */
export type CheckpointData = {
	tree: string;
	cwd: string;
	files: number;
	bytes: number;
	skipped: Skipped[];
	reason?: "before-prompt" | "before-change" | "after-turn" | "before-restore" | "manual";
	/** On a safety checkpoint: the tree its restore then wrote (user-changes.ts reads it). */
	restoring?: string;
	/** Taken in a fan-out branch's own copy of the project (docs/fanout.md), not in the project folder. */
	copy?: true;
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
		data: { tree: data.tree, cwd: data.cwd, files: Number(data.files) || 0, bytes: Number(data.bytes) || 0, skipped, ...(data.reason ? { reason: data.reason } : {}), ...(typeof data.restoring === "string" ? { restoring: data.restoring } : {}), ...(data.copy === true ? { copy: true as const } : {}) },
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

/**
 * The newest checkpoint on the path from the root to the entry (itself included). A prompt's own
 * snapshot (`before-prompt`) is a side child of its user message, so that no message changes the
 * entry it hangs off: it counts as at that message.
 */
export function checkpointOnPath(view: SessionTreeView, entryId: string | null): Checkpoint | undefined {
	const path = view.getPath(entryId);
	for (let i = path.length - 1; i >= 0; i -= 1) {
		const entry = path[i];
		const found = checkpointOf(entry) ?? (entry ? promptCheckpoint(view, entry.id) : undefined);
		if (found) return found;
	}
	return undefined;
}

/** The files as the prompt `entryId` was sent: its newest `before-prompt` checkpoint child. */
function promptCheckpoint(view: SessionTreeView, entryId: string): Checkpoint | undefined {
	let found: Checkpoint | undefined;
	for (const child of view.getChildren(entryId)) {
		const c = checkpointOf(child);
		if (c?.data.reason === "before-prompt") found = c;
	}
	return found;
}

/** Every checkpoint of a session, in file order. */
export function allCheckpoints(view: SessionTreeView): Checkpoint[] {
	return view.entries.flatMap((e) => checkpointOf(e) ?? []);
}

/** The first words of the prompt of a checkpoint's turn: the last user message on its path. */
export function checkpointPrompt(view: SessionTreeView, c: Checkpoint): string | undefined {
	const entry = view.getPath(c.entryId).filter((e) => e.type === "message" && e.message.role === "user").at(-1);
	if (entry?.type !== "message" || entry.message.role !== "user") return undefined;
	const text = userContentText(entry.message.content).replace(/\s+/g, " ").trim();
	return text.length > 40 ? `${text.slice(0, 39)}…` : text || undefined;
}
