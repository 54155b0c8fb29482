/**
 * Two small helpers of the tree view, shared by `/tree` (Ink) and `arbor tree`. The rows themselves
 * are built in build.ts, formatted in format.ts, previewed in preview.ts: importers name the module
 * (no folder has a re-exporting door, test/layers).
 */
import type { SessionTreeView } from "../session/api.js";
import type { TreeFilter } from "./types.js";

/** True when the session has nothing to show (`/tree` then reports `No entries in session`). */
export function treeIsEmpty(view: SessionTreeView): boolean {
	return view.entries.length === 0;
}

/** Parses a `--filter` value. */
export function parseTreeFilter(value: string): TreeFilter | undefined {
	switch (value) {
		case "default":
		case "user":
		case "no-tools":
		case "labeled":
		case "all":
			return value;
		default:
			return undefined;
	}
}
