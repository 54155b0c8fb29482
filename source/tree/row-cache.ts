/**
 * What the tree keeps of each row in a session's persisted row index (session/row-index.ts): the
 * preview and whether an assistant step is silent, computed once from the entries and handed back
 * to the tree for the entries made from the index, so their content is never read.
 */
import type { SessionTreeView } from "../session/api.js";
import { RowColumnsBuilder } from "../session/row-index.js";
import type { RowColumns } from "../session/row-index-file.js";
import type { SessionEntry } from "../session/types.js";
import { must } from "../text/must.js";
import { isSilentAssistant, rememberSilent } from "./filter.js";
import { previewText, rememberPreview } from "./preview.js";

/** Gives the tree the stored rows of entries made from an index (`entries[i]` is `columns`' item i). */
export function rememberRows(stored: { entries: readonly SessionEntry[]; columns: RowColumns }): void {
	const { entries, columns } = stored;
	for (let i = 0; i < entries.length; i++) {
		const entry = must(entries[i], "stored entry");
		const preview = columns.pv[i];
		if (typeof preview === "string") rememberPreview(entry, preview);
		if (entry.type === "message" && entry.message.role === "assistant") rememberSilent(entry, columns.sil[i] === 1);
	}
}

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
 * The index columns of `view`'s entries from position `from` on (the earlier ones are `base`'s),
 * each line running to the next entry's offset (the last to `size`); `lineOf` gives an entry's line
 * number. Undefined when an entry's offset is unknown.
 */
export function rowColumns(view: SessionTreeView, at: { from: number; size: number; base?: RowColumns; offsetOf: (e: SessionEntry) => number | undefined; lineOf: (i: number) => number }): RowColumns | undefined {
	const builder = new RowColumnsBuilder(at.base);
	const entries = view.entries;
	let next = at.size;
	const offsets: number[] = [];
	for (let i = entries.length - 1; i >= at.from; i--) {
		const offset = at.offsetOf(must(entries[i], "entry"));
		if (offset === undefined || offset >= next) return undefined;
		offsets[i] = offset;
		next = offset;
	}
	for (let i = at.from; i < entries.length; i++) {
		const entry = must(entries[i], "entry");
		const offset = must(offsets[i], "offset");
		const length = (offsets[i + 1] ?? at.size) - offset;
		const preview = lasting(view, entry) ? previewText(view, entry) : undefined;
		builder.add(entry, { offset, length, line: at.lineOf(i) }, { preview, silent: isSilentAssistant(entry) });
	}
	return builder.columns;
}
