import { fitGutter } from "./build.js";
import { terminalLine } from "../text/terminal-text.js";
import { cutToWidth, displayWidth } from "../text/text-width.js";
import { GUTTER_MAX } from "./layout.js";
import type { TreeRow, TreeRowKind } from "./types.js";

/** Columns a row of the interactive tree keeps for its markers and text before its gutter is cut to `…N`. */
const TEXT_MIN = 30;

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
 * `author` (an entry a sync brought in) goes before the text. `foldMarks` (the interactive tree) adds `⊟`/`⊞`; `labelTimes` (Shift+T) adds when labels were set.
 * `fullGutter` (the interactive tree): the gutter is drawn whole while it leaves the row
 * {@link TEXT_MIN} columns for its text (or takes at most half the width); `…N` only beyond that.
 */

export function formatTreeRowParts(row: TreeRow, opts: { width: number; selected: boolean; foldMarks?: boolean; labelTimes?: boolean; fullGutter?: boolean; author?: string }): TreeRowParts {
	const half = Math.max(0, Math.floor((opts.width - 2) / 2));
	const gutter = fitGutter(row, opts.fullGutter === true ? Math.max(half, opts.width - 2 - TEXT_MIN) : Math.min(GUTTER_MAX, half));
	const fold = opts.foldMarks !== true ? "" : row.folded ? "⊞ " : row.isBranchPoint ? "⊟ " : "";
	const time = opts.labelTimes === true && row.labelTime !== undefined ? ` · ${labelTimeText(row.labelTime)}` : "";
	return fitTreeRowParts({ selected: opts.selected, gutter, fold, onActivePath: row.onActivePath, isLeaf: row.isLeaf, leafBelow: row.leafBelow, label: row.label, time, text: authorPart(opts.author) + row.text }, opts.width);
}

/** `(user@host) ` before the text of an entry another machine wrote (docs/sync.md), or empty. */
export function authorPart(author: string | undefined): string {
	return author !== undefined ? `(${author}) ` : "";
}

/** What {@link fitTreeRowParts} lays out: the gutter already capped, label and text as stored (unsanitized). */
type RowContent = {
	selected: boolean;
	gutter: string;
	fold: string;
	onActivePath: boolean;
	isLeaf: boolean;
	leafBelow: boolean;
	label: string | undefined;
	/** ` · <when>` after the label, or empty. */
	time: string;
	text: string;
};

/** A row's cursor, active-path marker and leaf suffix (see {@link TreeRowParts}). */
export function rowMarks(row: { selected: boolean; onActivePath: boolean; isLeaf: boolean; leafBelow: boolean }): { cursor: string; marker: string; suffix: string } {
	return {
		cursor: row.selected ? "› " : "  ",
		marker: row.onActivePath ? "• " : "",
		suffix: row.isLeaf ? " ← active" : row.leafBelow ? " ↓ active" : "",
	};
}

/** `[label] ` (sanitized, `time` after it) or empty, before any cut. */
export function labelPart(label: string | undefined, time: string): string {
	return label !== undefined ? `[${terminalLine(label)}${time}] ` : "";
}

/**
 * Whether a row's label and text surely fit `width` uncut, from lengths alone: a code unit is at
 * most two columns. `prefix` is the row's cursor, gutter, fold marks, marker and suffix.
 */
export function surelyFits(prefix: number, label: number, text: number, width: number): boolean {
	return (label + text) * 2 <= width - 2 * prefix;
}

/**
 * The parts of a row fitted to `width` columns: label and text sanitized, then cut when they do not
 * fit. The one layout of a row, shared by {@link formatTreeRowParts} and `arbor tree`'s text.
 */
export function fitTreeRowParts(row: RowContent, width: number): TreeRowParts {
	const { cursor, marker, suffix } = rowMarks(row);
	const { gutter, fold } = row;
	const avail = Math.max(0, width - displayWidth(cursor + gutter + fold + marker + suffix));
	let label = labelPart(row.label, row.time);
	let text = terminalLine(row.text);
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

/** One plain-text line: cursor, gutter, `• `, `[label] `, the preview cut with `…`, ` ← active`. */
export function formatTreeRow(row: TreeRow, opts: { width: number; selected: boolean; foldMarks?: boolean; fullGutter?: boolean }): string {
	const p = formatTreeRowParts(row, opts);
	return p.cursor + p.gutter + p.fold + p.marker + p.label + p.text + p.suffix;
}
