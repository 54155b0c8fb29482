import type { SessionTreeView } from "../session/api.js";
import { forEachTextRow, isDimKind, type TreeRowParts } from "../tree/rows.js";
import type { TreeFilter, TreeRowKind } from "../tree/types.js";
import { counted } from "../text/count.js";

/** `arbor tree`'s colours: the tree display model (tree/) stays colourless; each front end colours. */
const ANSI = {
	dim: (s: string) => `\u001B[2m${s}\u001B[22m`,
	label: (s: string) => `\u001B[33m${s}\u001B[39m`,
	active: (s: string) => `\u001B[32m${s}\u001B[39m`,
};

function colourLine(p: TreeRowParts, kind: TreeRowKind): string {
	const text = isDimKind(kind) && p.text ? ANSI.dim(p.text) : p.text;
	const label = p.label ? ANSI.label(p.label) : "";
	const suffix = p.suffix ? ANSI.active(p.suffix) : "";
	return p.cursor + (p.gutter ? ANSI.dim(p.gutter) : "") + p.marker + label + text + suffix;
}

/** The line of one row: plain, as formatTreeRow joins the parts (no fold marks here), or coloured. */
function line(p: TreeRowParts, kind: TreeRowKind, color: boolean): string {
	return color ? colourLine(p, kind) : p.cursor + p.gutter + p.marker + p.label + p.text + p.suffix;
}

type TreeTextOptions = { filter: TreeFilter; search?: string; width: number; color: boolean };

/** Hands each line of `arbor tree`'s output (without its newline) to `add`, in order. */
function treeLines(view: SessionTreeView, opts: TreeTextOptions, add: (line: string) => void): void {
	const count = forEachTextRow(view, opts, (p, kind) => add(line(p, kind, opts.color)));
	if (count === 0) add("  No entries found");
	add(`  (${count}/${counted(view.entries.length, "entry", "entries")})`);
}

/**
 * What `arbor tree` prints: every row (no row selected, the 2-space cursor column kept), then a
 * footer `(visible/total entries)` — rows shown after filter and search / entries in the file.
 * No rows → `  No entries found` before the footer. ANSI colour only when `color` is true.
 */
export function renderTreeText(view: SessionTreeView, opts: TreeTextOptions): string {
	const lines: string[] = [];
	treeLines(view, opts, (l) => lines.push(l));
	return `${lines.join("\n")}\n`;
}

/**
 * {@link renderTreeText} as the UTF-8 bytes stdout gets, encoded 32k characters at a time into one
 * growing buffer: 100k lines never sit on the JavaScript heap together (the garbage collector spent
 * a third of the text path copying them). Each line ends with `\n`, so no surrogate pair can span
 * two encodings: the bytes are those of the whole text.
 */
export function renderTreeBytes(view: SessionTreeView, opts: TreeTextOptions): Buffer {
	let buf = Buffer.allocUnsafe(1 << 20);
	let len = 0;
	let pending = "";
	const flush = () => {
		// A UTF-16 code unit is at most 3 UTF-8 bytes.
		if (len + pending.length * 3 > buf.length) {
			const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, len + pending.length * 3));
			buf.copy(bigger, 0, 0, len);
			buf = bigger;
		}
		len += buf.write(pending, len);
		pending = "";
	};
	treeLines(view, opts, (l) => {
		pending += `${l}\n`;
		if (pending.length >= 1 << 15) flush();
	});
	flush();
	return buf.subarray(0, len);
}
