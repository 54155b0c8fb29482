/**
 * GFM tables as aligned terminal rows: columns sized by display width; a table wider than the
 * screen shrinks its widest columns first (not below a column's longest word, up to
 * {@link LONG_WORD} columns, while that still fits) and its cells wrap within their columns, so
 * no text is lost (a URL in a cell stays whole, over several rows). When a row wraps, a rule
 * separates the rows.
 */
import type { Token, Tokens } from "marked";
import { displayWidth } from "../../text/text-width.js";
import { fitLine, plainText, wrapSegs, type Line, type Seg, type SegStyle } from "./lines.js";

type Inline = (tokens: Token[] | undefined, style?: SegStyle) => Seg[];

const SEPARATOR = " │ ";
const DIM: SegStyle = { dim: true };
/** A word longer than this may be broken inside a cell rather than widen its column further. */
const LONG_WORD = 30;

/** The widest word of a cell (up to LONG_WORD), the least its column should shrink to. */
function longestWord(cell: readonly Seg[]): number {
	return Math.min(LONG_WORD, Math.max(1, ...plainText(cell).split(/\s+/).map(displayWidth)));
}

/**
 * Column widths: natural widths when they fit; else the widest column shrunk one column at a time
 * while it is wider than its longest word, then (the words too long for the room) down to one.
 */
function columnWidths(rows: Seg[][][], width: number): number[] {
	const count = rows[0]?.length ?? 0;
	const columns = Array.from({ length: count }, (_, c) => rows.map((r) => r[c] ?? []));
	const widths = columns.map((cells) => Math.max(1, ...cells.map((cell) => displayWidth(plainText(cell)))));
	const floors = columns.map((cells) => Math.max(1, ...cells.map(longestWord)));
	const room = Math.max(count, width - SEPARATOR.length * (count - 1));
	let total = widths.reduce((a, b) => a + b, 0);
	for (const floor of [floors, widths.map(() => 1)]) {
		while (total > room) {
			let widest = -1;
			for (let c = 0; c < count; c++) {
				const w = widths[c] ?? 0;
				if (w > (floor[c] ?? 1) && (widest === -1 || w > (widths[widest] ?? 0))) widest = c;
			}
			if (widest === -1) break;
			widths[widest] = (widths[widest] ?? 1) - 1;
			total--;
		}
	}
	return widths;
}

/** One table row: each cell wrapped within its column, padded to its width and alignment, side by side. */
function row(cells: Seg[][], widths: number[], align: Tokens.Table["align"]): Line[] {
	const wrapped = widths.map((w, c) => wrapSegs(cells[c] ?? [], w));
	const height = Math.max(1, ...wrapped.map((lines) => lines.length));
	return Array.from({ length: height }, (_, k) => {
		const out: Line = [];
		widths.forEach((w, c) => {
			if (c > 0) out.push({ text: SEPARATOR, style: DIM });
			out.push(...fitLine(wrapped[c]?.[k] ?? [], w, align[c] ?? "left"));
		});
		return out;
	});
}

/** Header (bold), a rule, then the body rows; rows that wrap are set apart by rules. */
export function renderTable(t: Tokens.Table, width: number, inline: Inline): Line[] {
	const header = t.header.map((cell) => inline(cell.tokens, { bold: true }));
	const body = t.rows.map((r) => r.map((cell) => inline(cell.tokens)));
	const widths = columnWidths([header, ...body], width);
	const rule: Line = [{ text: widths.map((w) => "─".repeat(w)).join("─┼─"), style: DIM }];
	const rows = body.map((r) => row(r, widths, t.align));
	const ruled = rows.some((lines) => lines.length > 1);
	return [...row(header, widths, t.align), rule, ...rows.flatMap((lines, i) => (ruled && i > 0 ? [rule, ...lines] : lines))];
}
