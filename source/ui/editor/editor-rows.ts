/**
 * The editor's text as the rows the screen shows, and the part of them that fits: a long paste
 * (a log, a file) must not make the editor taller than the terminal. Ink then clears the whole
 * screen and its scrollback and prints everything again on every key (seconds a key for 100 KB).
 * Pure: the view (editor-lines.tsx) renders the rows it is given.
 */
import { displayWidth, graphemes } from "../../text/text-width.js";

/** Marks the cursor's cell in a row: `before \0 cell \0 after`. */
export const CURSOR_MARK = "\u0000";

/** Tabs would move the terminal cursor to a tab stop Ink does not know about: shown as spaces. */
const shown = (text: string) => text.replace(/\t/g, "  ");

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
		if (line[i] === CURSOR_MARK) {
			j = line.indexOf(CURSOR_MARK, i + 1) + 1 || i + 1; // a lone mark (never made here) is a cell of its own
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
 * The rows of `text` at `width` columns, the cursor's cell marked (the grapheme at `cursor`, or a
 * space at the end of a line), and which row holds it.
 */
export function editorRows(text: string, cursor: number, cursorEnd: number, width: number, showCursor: boolean): { rows: string[]; cursorRow: number } {
	const at = cursorEnd > cursor ? text.slice(cursor, cursorEnd) : " ";
	// On a line break the cursor is a space at the end of its line (the break stays outside the marks).
	const cell = at === "\n" ? `${CURSOR_MARK} ${CURSOR_MARK}\n` : `${CURSOR_MARK}${at}${CURSOR_MARK}`;
	const marked = showCursor ? `${text.slice(0, cursor)}${cell}${text.slice(cursorEnd)}` : text;
	const rows: string[] = [];
	let cursorRow = 0;
	for (const line of shown(marked).split("\n")) {
		for (const row of wrapLine(line, Math.max(1, width))) {
			if (row.includes(CURSOR_MARK)) cursorRow = rows.length;
			rows.push(row);
		}
	}
	return { rows, cursorRow };
}

/**
 * Which rows show when there are more than `max`: a window of `max - 2` rows (a line above and one
 * below say how many are hidden) that holds the cursor's row and moves as little as it can from
 * `top`, the window's first row last time. All of them (top 0) when they fit.
 */
export function rowWindow(count: number, cursorRow: number, max: number, top: number): { top: number; size: number } {
	if (count <= max) return { top: 0, size: count };
	const size = Math.max(1, max - 2);
	let first = Math.min(Math.max(0, top), count - size);
	if (cursorRow < first) first = cursorRow;
	if (cursorRow >= first + size) first = cursorRow - size + 1;
	return { top: first, size };
}
