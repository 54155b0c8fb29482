import type { SessionTreeView } from "../session/api.js";
import { buildTreeRows, formatTreeRow, formatTreeRowParts, isDimKind } from "../tree/rows.js";
import type { TreeFilter, TreeRow } from "../tree/types.js";
import { counted } from "../text/count.js";

/** `arbor tree`'s colours: the tree display model (tree/) stays colourless; each front end colours. */
const ANSI = {
	dim: (s: string) => `\u001B[2m${s}\u001B[22m`,
	label: (s: string) => `\u001B[33m${s}\u001B[39m`,
	active: (s: string) => `\u001B[32m${s}\u001B[39m`,
};

function colourLine(row: TreeRow, width: number): string {
	const p = formatTreeRowParts(row, { width, selected: false });
	const text = isDimKind(row.kind) && p.text ? ANSI.dim(p.text) : p.text;
	const label = p.label ? ANSI.label(p.label) : "";
	const suffix = p.suffix ? ANSI.active(p.suffix) : "";
	return p.cursor + (p.gutter ? ANSI.dim(p.gutter) : "") + p.marker + label + text + suffix;
}

/**
 * What `arbor tree` prints: every row (no row selected, the 2-space cursor column kept), then a
 * footer `(visible/total entries)` — rows shown after filter and search / entries in the file.
 * No rows → `  No entries found` before the footer. ANSI colour only when `color` is true.
 */
export function renderTreeText(
	view: SessionTreeView,
	opts: { filter: TreeFilter; search?: string; width: number; color: boolean },
): string {
	const rows = buildTreeRows(view, { filter: opts.filter, search: opts.search });
	const lines = rows.map((row) =>
		opts.color ? colourLine(row, opts.width) : formatTreeRow(row, { width: opts.width, selected: false }),
	);
	if (rows.length === 0) lines.push("  No entries found");
	lines.push(`  (${rows.length}/${counted(view.entries.length, "entry", "entries")})`);
	return `${lines.join("\n")}\n`;
}
