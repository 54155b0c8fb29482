/**
 * Where an entry of a session sits relative to what the model sees now: in the context (on the
 * path from the root to the leaf, after the newest compaction's kept range starts), compacted away
 * (on the path, before that — only the compaction's summary stands for it) or on another branch
 * (off the path: an abandoned branch, a branch summary's source, a later retry). Pure.
 */
import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";
import { isConversationEntry } from "../tree/filter.js";

export type Place = "context" | "compacted" | "branch";

/** The places of one view's entries, computed once per recall (the path walk is linear in its depth). */
type Places = {
	placeOf(entryId: string): Place | undefined;
	/** For an entry on another branch: the nearest entry above it that is on the path (null: none, another root). */
	branchPoint(entryId: string): string | null;
};

/** Ids on the path, and those of them compacted away. */
function pathSets(view: SessionTreeView): { onPath: Set<string>; compacted: Set<string> } {
	const path = view.getPath(view.leafId);
	const onPath = new Set(path.map((e) => e.id));
	const compacted = new Set<string>();
	let newest = -1;
	for (let i = path.length - 1; i >= 0 && newest < 0; i--) if (path[i]?.type === "compaction") newest = i;
	const compaction = path[newest];
	if (compaction?.type !== "compaction") return { onPath, compacted };
	// A first kept entry that is not on the path keeps nothing before the compaction (as the context does).
	const kept = path.findIndex((e) => e.id === compaction.firstKeptEntryId);
	const end = kept >= 0 && kept < newest ? kept : newest;
	for (let i = 0; i < end; i++) compacted.add((path[i] as SessionEntry).id);
	return { onPath, compacted };
}

/** The places of `view`'s entries. */
export function placesOf(view: SessionTreeView): Places {
	const { onPath, compacted } = pathSets(view);
	return {
		placeOf(id) {
			if (!view.getEntry(id)) return undefined;
			return compacted.has(id) ? "compacted" : onPath.has(id) ? "context" : "branch";
		},
		branchPoint(id) {
			let entry = view.getEntry(id);
			for (let steps = view.entries.length; entry && steps > 0; steps--) {
				if (onPath.has(entry.id)) return entry.id;
				entry = typeof entry.parentId === "string" ? view.getEntry(entry.parentId) : undefined;
			}
			return null;
		},
	};
}

/** Why recalling is worth saying in the system prompt (empty: it is not). */
type RecallReasons = { compacted: boolean; branches: boolean };

/**
 * Whether a compaction stands for part of the path, and whether conversation entries sit off the
 * path (other branches). Linear in the session's entries.
 */
export function recallReasons(view: SessionTreeView): RecallReasons {
	const { onPath, compacted } = pathSets(view);
	let branches = false;
	for (const entry of view.entries) {
		if (!onPath.has(entry.id) && isConversationEntry(entry)) {
			branches = true;
			break;
		}
	}
	return { compacted: compacted.size > 0, branches };
}
