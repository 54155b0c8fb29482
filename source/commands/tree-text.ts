import type { SessionTreeView } from "../session/api.js";
import { forEachTextRow, type PreviewSink, type UnfoldedRow } from "../tree/text-rows.js";
import { isDimKind, type TreeRowParts } from "../tree/format.js";
import { previewLineClean } from "../tree/preview.js";
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

type TreeTextOptions = { filter: TreeFilter; search?: string; width: number; color: boolean; authors?: Readonly<Record<string, string>>; previews?: PreviewSink };

/** Hands each line of `arbor tree`'s output (without its newline) to `add`, in order. */
function treeLines(view: SessionTreeView, opts: TreeTextOptions, add: (line: string) => void, unfolded?: (row: UnfoldedRow) => boolean): void {
	const count = forEachTextRow(view, opts, (p, kind) => add(line(p, kind, opts.color)), unfolded);
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
 * A growing output buffer. Text is gathered into a string and encoded 32k characters at a time
 * (one native call per batch instead of one per line). Each line ends with `\n`, so no surrogate
 * pair spans two batches: the bytes are those of the whole text.
 */
class ByteSink {
	private buf = Buffer.allocUnsafe(1 << 20);
	private len = 0;
	private pending = "";
	/** Adds whole lines. */
	add(lines: string): void {
		this.pending += lines;
		if (this.pending.length >= 1 << 15) this.flush();
	}
	/** The bytes of everything added. */
	bytes(): Buffer {
		this.flush();
		return this.buf.subarray(0, this.len);
	}
	private flush(): void {
		// A UTF-16 code unit is at most 3 UTF-8 bytes.
		const need = this.len + this.pending.length * 3;
		if (need > this.buf.length) {
			const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, need));
			this.buf.copy(bigger, 0, 0, this.len);
			this.buf = bigger;
		}
		this.len += this.buf.write(this.pending, this.len);
		this.pending = "";
	}
}

/**
 * A row whose preview is still to be folded, written straight into `out` as one string: the bytes
 * of `line(parts) + "\n"` for the parts fitTreeRowParts would give (the text surely fits, so
 * nothing is cut). False (nothing written) when the folded preview has a control character: that
 * row takes the sanitizing route.
 */
function writeUnfolded(out: ByteSink, row: UnfoldedRow, color: boolean): boolean {
	const text = row.folded ? row.unfolded : previewLineClean(row.unfolded);
	if (text === undefined) return false;
	row.text = text;
	out.add(`${line(row, row.kind, color)}\n`);
	return true;
}

/**
 * {@link renderTreeText} as the UTF-8 bytes stdout gets, encoded in batches into one growing
 * buffer: 100k lines never sit on the JavaScript heap together (the garbage collector spent a third
 * of the text path copying them), and most rows skip the general fitting (see {@link writeUnfolded}).
 */
export function renderTreeBytes(view: SessionTreeView, opts: TreeTextOptions): Buffer {
	const out = new ByteSink();
	treeLines(view, opts, (l) => out.add(`${l}\n`), (row) => writeUnfolded(out, row, opts.color));
	return out.bytes();
}
