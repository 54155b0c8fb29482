/**
 * Word wrap by display column, for text arbor lays out itself (the editor, user messages): a row
 * breaks after its last space, or inside a word wider than the row, never inside a grapheme
 * cluster. Long lines of the common scripts are laid out by code unit and others segmented in
 * pieces (grapheme-chunks.ts), so a pasted 100 KB line wraps in milliseconds, also on Node 20.
 */
import { displayWidth, graphemes } from "./text-width.js";

/** Tabs would move the terminal cursor to a tab stop Ink does not know about: shown as two spaces. */
const tabsAsSpaces = (text: string) => text.replace(/\t/g, "  ");

/** Marks one cell in a line (the editor's cursor): `before \0 cell \0 after`; marks take no column. */
export const CELL_MARK = "\u0000";

/**
 * Lines of printable ASCII (one column a character), kana, CJK ideographs, Hangul syllables and
 * full-width forms (two columns each, as string-width counts them: test/ui/editor/editor-rows.test.ts),
 * and the cursor mark (none): each code unit is a cluster of its own, so no segmenting is needed.
 */
const PLAIN_LINE = /^[\u0000\u0020-\u007e\u3001-\u3003\u3041-\u3096\u30a1-\u30fa\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60]*$/;

/** The columns of one code unit of a PLAIN_LINE. */
export const plainWidth = (unit: string): number => (unit <= "\u007e" ? 1 : 2);

/** The cells of `line` as [start, end, width, space] (the cursor's marked cell is one cell). */
function* cells(line: string): Generator<[number, number, number, boolean]> {
	const parts = PLAIN_LINE.test(line) ? undefined : graphemes(line);
	let k = 0;
	for (let i = 0; i < line.length; ) {
		let j: number;
		let width: number;
		if (line[i] === CELL_MARK) {
			j = line.indexOf(CELL_MARK, i + 1) + 1 || i + 1; // a lone mark (never made here) is a cell of its own
			width = displayWidth(line.slice(i + 1, j - 1));
			if (parts) for (let used = 0; used < j - i; k++) used += parts[k]?.length ?? j - i;
		} else if (parts) {
			const g = parts[k++] ?? line.slice(i);
			j = i + g.length;
			width = displayWidth(g);
		} else {
			j = i + 1;
			width = plainWidth(line[i] ?? " ");
		}
		yield [i, j, width, line[i] === " "];
		i = j;
	}
}

/** `text`'s lines, tabs as spaces, each word-wrapped to `width` columns ({@link wrapLine}). */
export function wrapText(text: string, width: number): string[] {
	return tabsAsSpaces(text).split("\n").flatMap((line) => wrapLine(line, width));
}

/**
 * One line of text word-wrapped to `width` columns: a row breaks after its last space, or inside a
 * word wider than the row. A space that would only overflow a full row is left out of the rows,
 * as a word wrap drops it (the cursor's cell is never such a space: it is marked).
 */
export function wrapLine(line: string, width: number): string[] {
	const rows: string[] = [];
	let start = 0;
	let used = 0;
	let breakAt = -1;
	let usedAtBreak = 0;
	for (const [i, j, w, space] of cells(line)) {
		if (used + w > width && i > start) {
			if (space) {
				rows.push(line.slice(start, i));
				start = j;
				used = 0;
				breakAt = -1;
				continue;
			}
			if (breakAt > start) {
				rows.push(line.slice(start, breakAt));
				start = breakAt;
				used -= usedAtBreak;
				breakAt = -1;
			}
			if (used + w > width && i > start) {
				rows.push(line.slice(start, i));
				start = i;
				used = 0;
			}
		}
		used += w;
		if (space) {
			breakAt = j;
			usedAtBreak = used;
		}
	}
	if (start < line.length || rows.length === 0) rows.push(line.slice(start));
	return rows;
}


/**
 * A message's lines wrapped to `width` as a terminal would fill them, for short texts such as the
 * status line: words move to the next row when they fit there, a word wider than a row starts on
 * the current one and is broken at the row's end (a long path stays in one piece when the rows
 * are joined), and no row starts with the space it broke at (Ink's own wrap keeps it).
 */
export function fillWrap(text: string, width: number): string[] {
	const room = Math.max(1, width);
	return tabsAsSpaces(text)
		.split("\n")
		.flatMap((line) => {
			const rows: string[] = [];
			let row = "";
			let used = 0;
			for (const word of line.split(" ")) {
				const w = displayWidth(word);
				const gap = used > 0 ? 1 : 0;
				if (used + gap + w <= room) {
					row += (gap ? " " : "") + word;
					used += gap + w;
					continue;
				}
				if (w <= room) {
					rows.push(row);
					[row, used] = [word, w];
					continue;
				}
				// Wider than a row: fill this one (after a space), then whole rows, then the rest.
				if (used > 0 && used + 1 < room) [row, used] = [`${row} `, used + 1];
				else if (used > 0) {
					rows.push(row);
					[row, used] = ["", 0];
				}
				for (const g of graphemes(word)) {
					const gw = displayWidth(g);
					if (used + gw > room && used > 0) {
						rows.push(row);
						[row, used] = ["", 0];
					}
					row += g;
					used += gw;
				}
			}
			rows.push(row);
			return rows;
		});
}
