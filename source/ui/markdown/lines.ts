/**
 * Styled terminal lines for rendered Markdown: runs of text with a style, wrapped here (not by Ink)
 * by display columns, so a wrapped line never starts with the space it broke at and CJK/emoji
 * count two columns.
 */
import { cutToWidth, displayWidth, graphemes } from "../../text/text-width.js";

export type SegStyle = { bold?: boolean; italic?: boolean; underline?: boolean; strike?: boolean; dim?: boolean; color?: string };
/** A run of text in one style (never containing `\n` once wrapped). */
export type Seg = { text: string; style?: SegStyle };
/** One terminal row. */
export type Line = Seg[];

const lineWidth = (line: Line): number => line.reduce((n, s) => n + displayWidth(s.text), 0);
export const plainText = (segs: readonly Seg[]): string => segs.map((s) => s.text).join("");

/** Lines built left to right; a run continuing the previous run's style is merged into it. */
class LineBuilder {
	readonly lines: Line[] = [];
	line: Line = [];
	used = 0;
	add(text: string, style: SegStyle | undefined, width = displayWidth(text)): void {
		const last = this.line.at(-1);
		if (last && last.style === style) last.text += text;
		else this.line.push({ text, ...(style ? { style } : {}) });
		this.used += width;
	}
	newLine(): void {
		this.lines.push(this.line);
		this.line = [];
		this.used = 0;
	}
	/** Adds `text` grapheme by grapheme, starting a new row whenever `width` is reached. */
	addBroken(text: string, style: SegStyle | undefined, width: number): void {
		for (const g of graphemes(text)) {
			const w = displayWidth(g);
			if (this.used > 0 && this.used + w > width) this.newLine();
			this.add(g, style, w);
		}
	}
	done(): Line[] {
		if (this.line.length > 0 || this.lines.length === 0) this.newLine();
		return this.lines;
	}
}

/**
 * Word-wraps runs to `width` columns. `\n` is a hard break; the spaces where a line breaks are
 * dropped (never carried to the next row's start); words wider than a row are broken by grapheme.
 */
export function wrapSegs(segs: readonly Seg[], width: number): Line[] {
	const room = Math.max(1, width);
	const b = new LineBuilder();
	let pending: Seg | null = null;
	for (const seg of segs) {
		for (const piece of seg.text.split(/(\n|[ \t]+)/)) {
			if (piece === "") continue;
			if (piece === "\n") {
				b.newLine();
				pending = null;
			} else if (/^[ \t]+$/.test(piece)) {
				if (b.used > 0) pending = { text: piece.replace(/\t/g, " "), ...(seg.style ? { style: seg.style } : {}) };
			} else {
				const w = displayWidth(piece);
				const space = pending ? displayWidth(pending.text) : 0;
				if (b.used > 0 && b.used + space + w > room) b.newLine();
				else if (pending) b.add(pending.text, pending.style, space);
				pending = null;
				if (w > room) b.addBroken(piece, seg.style, room);
				else b.add(piece, seg.style, w);
			}
		}
	}
	return b.done();
}

/** One line broken (not word-wrapped: code keeps its spaces) into rows of at most `width` columns. */
export function breakLine(line: Line, width: number): Line[] {
	const b = new LineBuilder();
	for (const seg of line) b.addBroken(seg.text, seg.style, Math.max(1, width));
	return b.done();
}

/** `line` cut to `width` columns (`…` when cut) and padded to exactly `width` as `align` says. */
export function fitLine(line: Line, width: number, align: "left" | "right" | "center" | null = "left"): Line {
	let out: Line = line;
	if (lineWidth(line) > width) {
		out = [];
		let used = 0;
		for (const seg of line) {
			const w = displayWidth(seg.text);
			if (w < width - used) {
				out.push(seg);
				used += w;
				continue;
			}
			// This run reaches the edge and more text follows it: it ends with `…`.
			out.push({ ...seg, text: `${cutToWidth(seg.text, width - used - 1, "")}…` });
			break;
		}
	}
	const gap = Math.max(0, width - lineWidth(out));
	const left = align === "right" ? gap : align === "center" ? Math.floor(gap / 2) : 0;
	return [{ text: " ".repeat(left) }, ...out, { text: " ".repeat(gap - left) }];
}

/** Each line with `first` before the first row and `rest` before the others. */
export function prefixLines(lines: Line[], first: Seg, rest: Seg): Line[] {
	return lines.map((line, i) => [i === 0 ? first : rest, ...line]);
}
