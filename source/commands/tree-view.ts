/**
 * `arbor tree`'s session: through the persisted row index beside the file when it still describes
 * the file (session/row-index.ts), else read whole as every command does; then the index is written
 * (rebuilt, or extended by the appended entries) for the next time. `ARBOR_DEBUG_TREE_INDEX=1`
 * says on stderr which it was; `ARBOR_TREE_INDEX=off` neither reads nor writes it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { SessionTreeView } from "../session/api.js";
import { loadSession } from "../session/load.js";
import { indexable, openIndexed } from "../session/row-index.js";
import { writeRowIndex } from "../session/row-index-file.js";
import { SessionSnapshot } from "../session/snapshot.js";
import { leafOf } from "../session/tree-index.js";
import { rowIndexData } from "../tree/row-cache.js";
import type { RowIndexData } from "../session/row-index-file.js";
import type { PreviewSink } from "../tree/text-rows.js";
import type { SessionEntry } from "../session/types.js";

/**
 * The view, `save`, which writes the index when this read changed it (call it after the output),
 * and `previews`, to be told the previews the output made (the index keeps them).
 */
export type TreeViewOpen = { view: SessionTreeView; save: () => void; previews?: PreviewSink };

function debug(text: string): void {
	if (process.env.ARBOR_DEBUG_TREE_INDEX === "1") process.stderr.write(`arbor: tree index: ${text}\n`);
}

/** Opens `file` read-only for the tree (see the module comment). */
export function openTreeView(file: string): TreeViewOpen {
	const abs = path.resolve(file);
	if (process.env.ARBOR_TREE_INDEX === "off") return { view: wholeView(abs).view, save: () => undefined };
	const indexed = openIndexed(abs);
	if (indexed) {
		const { index, header, entryLines, stored } = indexed;
		const view = new SessionSnapshot({ index, header, leafId: leafOf(index), file: abs });
		if (indexed.appended === 0) {
			debug("current");
			return { view, save: () => undefined };
		}
		const base = { data: stored.data, lastLine: entryLines[stored.count - 1] ?? 1 };
		debug(`extended by ${indexed.appended} bytes`);
		const lineOf = (i: number) => entryLines[i] ?? 0;
		const positionOf = (id: unknown) => index.positionOf(id);
		return writer(view, (shown) => {
			const data = rowIndexData(view, { from: stored.count, base, offsetOf: (e) => index.offsets.get(e), lineOf, shown, positionOf });
			save(abs, data, indexed.size, indexed.lines);
		});
	}
	const { view, loaded } = wholeView(abs);
	const { index, header, size, lines } = loaded;
	if (size === undefined || lines === undefined || !indexable(header, index.warnings) || index.entries.length === 0) return { view, save: () => undefined };
	debug("rebuilt");
	return writer(view, (shown) => {
		const data = rowIndexData(view, { from: 0, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => lines[i] ?? 0, shown, positionOf: (id) => index.positionOf(id) });
		save(abs, data, size, lineCount(abs, data, size));
	});
}

/** An open whose index is written after the output, with the previews the output made (not made twice). */
function writer(view: SessionTreeView, write: (shown: ReadonlyMap<SessionEntry, string>) => void): TreeViewOpen {
	const shown = new Map<SessionEntry, string>();
	return { view, save: () => write(shown), previews: (entry, preview) => shown.set(entry, preview) };
}

/** The file read whole, as every command reads it. */
function wholeView(abs: string): { view: SessionSnapshot; loaded: ReturnType<typeof loadSession> } {
	const loaded = loadSession(abs, false);
	return { view: new SessionSnapshot({ index: loaded.index, header: loaded.header, leafId: leafOf(loaded.index), file: abs }), loaded };
}

function save(file: string, data: RowIndexData | undefined, size: number, lines: number): void {
	if (data) writeRowIndex(file, { size, lines }, data);
}

/** The number of lines in the first `size` bytes: the last entry's line and the blank lines after it. */
function lineCount(file: string, data: RowIndexData | undefined, size: number): number {
	const last = data ? data.ids.length - 1 : -1;
	if (!data || last < 0) return 0;
	const offset = data.columns.off[last] ?? 0;
	const buf = Buffer.allocUnsafe(size - offset);
	const fd = fs.openSync(file, "r");
	try {
		fs.readSync(fd, buf, 0, buf.length, offset);
	} finally {
		fs.closeSync(fd);
	}
	let newlines = 0;
	for (let at = buf.indexOf(0x0a); at !== -1; at = buf.indexOf(0x0a, at + 1)) newlines++;
	return lineOfLast(data) + newlines - 1;
}

/** The line number of the index's last entry. */
function lineOfLast(data: RowIndexData): number {
	const { lx } = data.columns;
	let line = 1;
	for (let i = 0; i < data.ids.length; i++) line = lx[i] ?? line + 1;
	return line;
}
