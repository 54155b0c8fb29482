import { useEffect, useRef, type Dispatch } from "react";
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";
import type { SessionEntry } from "../../session/types.js";
import type { AppAction, TermSize } from "./app-reducer.js";
import { useLatest } from "../widgets/use-latest.js";

/** Walks further than this are treated as a jump (replay) rather than appends. */
const MAX_APPEND_WALK = 5000;

/**
 * Lines the store skipped, could not use or could not link (orphans shown as roots, duplicate ids,
 * cycles): what the status line counts as damaged and `/session` lists.
 */
export function damagedLines(view: SessionTreeView): number {
	return view.warnings.length;
}

/**
 * Entries from `oldLeaf` (exclusive) down to the view's leaf, oldest first, when the new leaf
 * descends from the old one; null when the leaf jumped elsewhere.
 */
function entriesSince(view: SessionTreeView, oldLeaf: string | null): SessionEntry[] | null {
	const added: SessionEntry[] = [];
	let id = view.leafId;
	while (id !== oldLeaf) {
		if (id === null || added.length > MAX_APPEND_WALK) return null;
		const entry = view.getEntry(id);
		if (!entry) return null;
		added.push(entry);
		id = entry.parentId;
	}
	return added.reverse();
}

/**
 * Keeps the transcript in step with the store: appends below the printed path become
 * `entries-stored`; any other change of leaf or store replays the path: the remounted <Static>
 * prints its last screens below what is already printed (nothing is cleared, the scrollback keeps
 * the conversation as it was before the jump).
 */
export function useTranscriptSync(opts: {
	store: SessionStoreApi;
	view: SessionTreeView;
	dispatch: Dispatch<AppAction>;
	/** The terminal now: a replay prints the last few screens (a resize alone replays nothing). */
	size: TermSize;
}): void {
	const { store, view, dispatch } = opts;
	const seen = useRef({ store, leafId: view.leafId });
	const size = useLatest(opts.size);
	useEffect(() => {
		const prev = seen.current;
		seen.current = { store, leafId: view.leafId };
		if (prev.store === store && prev.leafId === view.leafId) return;
		const added = prev.store === store ? entriesSince(view, prev.leafId) : null;
		if (added) {
			dispatch({ type: "entries-stored", entries: added });
			return;
		}
		dispatch({ type: "path-replayed", path: view.getPath(view.leafId), size: size.current, warnings: damagedLines(view) });
	}, [store, view, dispatch, size]);
}
