/** GFM tables as aligned terminal rows: columns sized by display width, cut with `…` when too wide. */
import type { Token, Tokens } from "marked";
import { displayWidth } from "../../text/text-width.js";
import { fitLine, plainText, type Line, type Seg, type SegStyle } from "./lines.js";

type Inline = (tokens: Token[] | undefined, style?: SegStyle) => Seg[];

const SEPARATOR = " │ ";
const DIM: SegStyle = { dim: true };

/** Column widths: natural widths, the widest shrunk one column at a time until the row fits. */
function columnWidths(rows: Seg[][][], width: number): number[] {
	const count = rows[0]?.length ?? 0;
	const widths = Array.from({ length: count }, (_, c) => Math.max(1, ...rows.map((r) => displayWidth(plainText(r[c] ?? [])))));
	const room = Math.max(count, width - SEPARATOR.length * (count - 1));
	let total = widths.reduce((a, b) => a + b, 0);
	while (total > room) {
		const widest = widths.indexOf(Math.max(...widths));
		const w = widths[widest];
		if (w === undefined || w <= 1) break;
		widths[widest] = w - 1;
		total--;
	}
	return widths;
}

function row(cells: Seg[][], widths: number[], align: Tokens.Table["align"]): Line {
	const out: Line = [];
	widths.forEach((w, c) => {
		if (c > 0) out.push({ text: SEPARATOR, style: DIM });
		out.push(...fitLine(cells[c] ?? [], w, align[c] ?? "left"));
	});
	return out;
}

/** Header (bold), a rule, then the body rows, each padded to its column's width and alignment. */
export function renderTable(t: Tokens.Table, width: number, inline: Inline): Line[] {
	const header = t.header.map((cell) => inline(cell.tokens, { bold: true }));
	const body = t.rows.map((r) => r.map((cell) => inline(cell.tokens)));
	const widths = columnWidths([header, ...body], width);
	const rule: Line = [{ text: widths.map((w) => "─".repeat(w)).join("─┼─"), style: DIM }];
	return [row(header, widths, t.align), rule, ...body.map((r) => row(r, widths, t.align))];
}
