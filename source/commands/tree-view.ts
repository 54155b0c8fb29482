/**
 * `arbor tree`'s session: through the persisted row index beside the file when it still describes
 * the file (session/row-index.ts), else read whole as every command does; then the index is written
 * (rebuilt, or extended by the appended entries) for the next time. `ARBOR_DEBUG_TREE_INDEX=1`
 * says on stderr which it was.
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

/** The view, and `save`, which writes the index when this read changed it (call it after the output). */
export type TreeViewOpen = { view: SessionTreeView; save: () => void };

function debug(text: string): void {
	if (process.env.ARBOR_DEBUG_TREE_INDEX === "1") process.stderr.write(`arbor: tree index: ${text}\n`);
}

/** Opens `file` read-only for the tree (see the module comment). */
export function openTreeView(file: string): TreeViewOpen {
	const abs = path.resolve(file);
	const indexed = openIndexed(abs);
	if (indexed) {
		const { index, header, entryLines, stored } = indexed;
		const view = new SessionSnapshot({ index, header, leafId: leafOf(index), file: abs });
		if (indexed.appended === 0) {
			debug("current");
			return { view, save: () => undefined };
		}
		const base = { data: stored.data, lastLine: entryLines[stored.count - 1] ?? 1 };
		const data = rowIndexData(view, { from: stored.count, base, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => entryLines[i] ?? 0 });
		debug(`extended by ${indexed.appended} bytes`);
		return { view, save: () => save(abs, data, indexed.size, indexed.lines) };
	}
	const loaded = loadSession(abs, false);
	const { index, header, size, lines } = loaded;
	const view = new SessionSnapshot({ index, header, leafId: leafOf(index), file: abs });
	if (size === undefined || lines === undefined || !indexable(header, index.warnings) || index.entries.length === 0) return { view, save: () => undefined };
	const data = rowIndexData(view, { from: 0, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => lines[i] ?? 0 });
	debug("rebuilt");
	return { view, save: () => save(abs, data, size, lineCount(abs, data, size)) };
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
