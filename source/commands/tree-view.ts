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
import { rememberRows, rowColumns } from "../tree/row-cache.js";
import type { RowColumns } from "../session/row-index-file.js";

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
		rememberRows(indexed.stored);
		const { index, header } = indexed;
		const view = new SessionSnapshot({ index, header, leafId: leafOf(index), file: abs });
		if (indexed.appended === 0) {
			debug("current");
			return { view, save: () => undefined };
		}
		const from = indexed.stored.entries.length;
		const base = indexed.stored.columns;
		const lines = indexed.entryLines;
		const columns = rowColumns(view, { from, size: indexed.size, base, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => lines[i] ?? 0 });
		debug(`extended by ${indexed.appended} bytes`);
		return { view, save: () => save(abs, columns, indexed.size, indexed.lines) };
	}
	const loaded = loadSession(abs, false);
	const { index, header, size, lines } = loaded;
	const view = new SessionSnapshot({ index, header, leafId: leafOf(index), file: abs });
	if (size === undefined || lines === undefined || !indexable(header, index.warnings) || index.entries.length === 0) return { view, save: () => undefined };
	const columns = rowColumns(view, { from: 0, size, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => lines[i] ?? 0 });
	debug("rebuilt");
	return { view, save: () => save(abs, columns, size, lineCount(abs, columns, size)) };
}

function save(file: string, columns: RowColumns | undefined, size: number, lines: number): void {
	if (columns) writeRowIndex(file, { size, lines }, columns);
}

/** The number of lines in the first `size` bytes: the last entry's line and the blank lines after it. */
function lineCount(file: string, columns: RowColumns | undefined, size: number): number {
	const last = columns ? columns.id.length - 1 : -1;
	if (!columns || last < 0) return 0;
	const offset = columns.off[last] ?? 0;
	const buf = Buffer.allocUnsafe(size - offset);
	const fd = fs.openSync(file, "r");
	try {
		fs.readSync(fd, buf, 0, buf.length, offset);
	} finally {
		fs.closeSync(fd);
	}
	let newlines = 0;
	for (let at = buf.indexOf(0x0a); at !== -1; at = buf.indexOf(0x0a, at + 1)) newlines++;
	return (columns.line[last] ?? 0) + newlines - 1;
}
