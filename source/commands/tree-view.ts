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

/**
 * How many entries a run may add to the index: at least STEP, else as many as it already holds.
 * Each entry the index holds saves a run ~23 µs of CPU (read whole: ~30 µs; from the index: ~7 µs,
 * 100k-entry sessions); each entry added costs ~12 µs (its row, its preview made again) plus ~2 µs
 * per entry written. So a run that adds entries spends on them ~30 % less than the index saved it
 * (adding 1.5 times as many was measured about even), and the first one (nothing saved) no more than
 * STEP entries' worth (~30 ms). A big session's index is whole after a few runs; one that fits in
 * STEP entries, or an append of fewer, at once.
 */
const STEP = 2000;
const GROWTH = 1;

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
		const to = budget(stored.count, index.entries.length);
		debug(`extended by ${indexed.appended} bytes${part(to, index.entries.length)}`);
		const lineOf = (i: number) => entryLines[i] ?? 0;
		const positionOf = (id: unknown) => index.positionOf(id);
		return writer(view, to === index.entries.length, (shown) => {
			const data = rowIndexData(view, { from: stored.count, to, base, offsetOf: (e) => index.offsets.get(e), lineOf, shown, positionOf });
			if (to === index.entries.length) save(abs, data, indexed.size, indexed.lines);
			else save(abs, data, prefix(index, to), lineOf(to) - 1);
		});
	}
	const { view, loaded } = wholeView(abs);
	const { index, header, size, lines } = loaded;
	if (size === undefined || lines === undefined || !indexable(header, index.warnings) || index.entries.length === 0) return { view, save: () => undefined };
	const to = budget(0, index.entries.length);
	debug(`rebuilt${part(to, index.entries.length)}`);
	return writer(view, to === index.entries.length, (shown) => {
		const data = rowIndexData(view, { from: 0, to, offsetOf: (e) => index.offsets.get(e), lineOf: (i) => lines[i] ?? 0, shown, positionOf: (id) => index.positionOf(id) });
		if (to === index.entries.length) save(abs, data, size, lineCount(abs, data, size));
		else save(abs, data, prefix(index, to), (lines[to] ?? 1) - 1);
	});
}

/** Where the index of a run that holds `held` entries of `total` ends (see STEP). */
function budget(held: number, total: number): number {
	return Math.min(total, held + Math.max(STEP, Math.floor(held * GROWTH)));
}

function part(to: number, total: number): string {
	return to === total ? "" : ` (${to} of ${total} entries)`;
}

/** The bytes before the line of the entry at position `to`: what an index of the entries before it covers. */
function prefix(index: { entries: readonly SessionEntry[]; offsets: { get(e: SessionEntry): number | undefined } }, to: number): number {
	const next = index.entries[to];
	return (next && index.offsets.get(next)) ?? 0;
}

/**
 * An open whose index is written after the output; with `whole` (every entry goes in the index) it
 * takes the previews the output made (not made twice); else the few entries it adds make theirs.
 */
function writer(view: SessionTreeView, whole: boolean, write: (shown: ReadonlyMap<SessionEntry, string>) => void): TreeViewOpen {
	const shown = new Map<SessionEntry, string>();
	return { view, save: () => write(shown), previews: whole ? (entry, preview) => shown.set(entry, preview) : undefined };
}

/** The file read whole, as every command reads it. */
function wholeView(abs: string): { view: SessionSnapshot; loaded: ReturnType<typeof loadSession> } {
	const loaded = loadSession(abs, false);
	return { view: new SessionSnapshot({ index: loaded.index, header: loaded.header, leafId: leafOf(loaded.index), file: abs }), loaded };
}

function save(file: string, data: RowIndexData | undefined, size: number, lines: number): void {
	if (data && size > 0) writeRowIndex(file, { size, lines }, data);
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
