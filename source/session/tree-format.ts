import type { SessionTreeView } from "./api.js";
import { buildTreeRows, fitGutter } from "./tree-build.js";
import { terminalText } from "./terminal-text.js";
import { cutToWidth, displayWidth } from "./text-width.js";
import { GUTTER_MAX } from "./tree-layout.js";
import type { TreeFilter, TreeRow, TreeRowKind } from "./tree-types.js";

/** A formatted row split into parts so callers can colour each (Ink `<Text>` or ANSI). */
export type TreeRowParts = {
	/** `› ` or two spaces. */
	cursor: string;
	gutter: string;
	/** With `foldMarks`: `⊞ ` on a folded row, `⊟ ` on an open branch point, else empty. */
	fold: string;
	/** `• ` on the active path, else empty. */
	marker: string;
	/** `[label] ` or empty. */
	label: string;
	text: string;
	/** ` ← active` on the leaf, ` ↓ active` on the visible row a hidden leaf hangs under, else empty. */
	suffix: string;
};

/** Assistant, tool and meta rows are dimmed; user, custom and summary rows are normal. */
export function isDimKind(kind: TreeRowKind): boolean {
	return kind === "assistant" || kind === "tool" || kind === "meta";
}

/** `2026-11-22 23:17` in local time: when a label was set (Shift+T in /tree). */
export function labelTimeText(iso: string): string {
	const d = new Date(iso);
	if (Number.isNaN(d.getTime())) return iso;
	const two = (n: number) => String(n).padStart(2, "0");
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The row as parts that together fit `width` display columns (CJK and emoji count two). The gutter
 * is capped at {@link GUTTER_MAX} columns (and half the width) with a depth marker; label and
 * preview come from files and models, so they are sanitized (terminal-text.ts) before they are cut.
 * `foldMarks` (the interactive tree) adds `⊟`/`⊞`; `labelTimes` (Shift+T) adds when labels were set.
 */

export function formatTreeRowParts(row: TreeRow, opts: { width: number; selected: boolean; foldMarks?: boolean; labelTimes?: boolean }): TreeRowParts {
	const cursor = opts.selected ? "› " : "  ";
	const gutter = fitGutter(row, Math.min(GUTTER_MAX, Math.max(0, Math.floor((opts.width - 2) / 2))));
	const fold = opts.foldMarks !== true ? "" : row.folded ? "⊞ " : row.isBranchPoint ? "⊟ " : "";
	const marker = row.onActivePath ? "• " : "";
	const suffix = row.isLeaf ? " ← active" : row.leafBelow ? " ↓ active" : "";
	const avail = Math.max(0, opts.width - displayWidth(cursor + gutter + fold + marker + suffix));
	const time = opts.labelTimes === true && row.labelTime !== undefined ? ` · ${labelTimeText(row.labelTime)}` : "";
	let label = row.label !== undefined ? `[${flat(row.label)}${time}] ` : "";
	let text = flat(row.text);
	// A code unit is at most two columns: short rows skip measuring (100k rows in `arbor tree`).
	const fits = (label.length + text.length) * 2 <= avail;
	const labelWidth = fits ? 0 : displayWidth(label);
	if (!fits && labelWidth + displayWidth(text) > avail) {
		if (labelWidth >= avail) {
			label = cutToWidth(label, avail);
			text = "";
		} else {
			text = cutToWidth(text, avail - labelWidth);
		}
	}
	return { cursor, gutter, fold, marker, label, text, suffix };
}

/** One line of row text: sanitized, and tabs/newlines (kept by the sanitizer) turned into spaces. */
function flat(s: string): string {
	return terminalText(s).replace(/[\n\t]/g, " ");
}

/** One plain-text line: cursor, gutter, `• `, `[label] `, the preview cut with `…`, ` ← active`. */
export function formatTreeRow(row: TreeRow, opts: { width: number; selected: boolean; foldMarks?: boolean }): string {
	const p = formatTreeRowParts(row, opts);
	return p.cursor + p.gutter + p.fold + p.marker + p.label + p.text + p.suffix;
}

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
	lines.push(`  (${rows.length}/${view.entries.length} entries)`);
	return `${lines.join("\n")}\n`;
}
