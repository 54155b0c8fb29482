/**
 * What the tree keeps of each row in a session's persisted row index (session/row-index.ts): the
 * preview and whether an assistant step is silent, computed once from the entries; entries made
 * from the index hand them back (storedPreview, storedSilent), so their content is never read.
 */
import type { SessionTreeView } from "../session/api.js";
import { RowIndexBuilder } from "../session/row-index-builder.js";
import type { RowIndexData } from "../session/row-index-file.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import { isSilentAssistant } from "./filter.js";
import { previewOnce } from "./preview.js";

/**
 * A preview that cannot change once written: any but a tool result's, whose names its call in an
 * assistant message above it; that one once every entry on the way up is in the file.
 */
function lasting(view: SessionTreeView, entry: SessionEntry): boolean {
	if (entry.type !== "message" || entry.message.role !== "toolResult") return true;
	let parentId = entry.parentId;
	for (let i = 0; i < 64 && typeof parentId === "string"; i++) {
		const parent = view.getEntry(parentId);
		if (!parent) return false;
		if (parent.type !== "message" || parent.message.role !== "toolResult") return true;
		parentId = parent.parentId;
	}
	return true;
}

/**
 * The index data of `view`'s entries: those from position `from` on (up to `to`, default all) added to `base` (which holds
 * the earlier ones, its last at line `baseLine`). `offsetOf` gives an entry's line's offset,
 * `lineOf` its line number, `shown` the previews the output already made (the others are made
 * here, not cached), `positionOf` where an id's first entry is in `view.entries` (else the builder
 * keeps its own map). Undefined when an offset is unknown.
 */
export function rowIndexData(
	view: SessionTreeView,
	at: {
		from: number;
		to?: number;
		base?: { data: RowIndexData; lastLine: number };
		offsetOf: (e: SessionEntry) => number | undefined;
		lineOf: (i: number) => number;
		shown?: ReadonlyMap<SessionEntry, string>;
		positionOf?: (id: unknown) => number | undefined;
	},
): RowIndexData | undefined {
	const builder = new RowIndexBuilder(at.base, at.positionOf);
	const entries = view.entries;
	const to = Math.min(at.to ?? entries.length, entries.length);
	for (let i = at.from; i < to; i++) {
		const entry = must(entries[i], "entry");
		const offset = at.offsetOf(entry);
		if (offset === undefined) return undefined;
		const preview = lasting(view, entry) ? (at.shown?.get(entry) ?? previewOnce(view, entry)) : undefined;
		builder.add(entry, { offset, line: at.lineOf(i) }, { preview, silent: isSilentAssistant(entry) });
	}
	return builder.data;
}
