/**
 * The editor's text as the rows the screen shows, and the part of them that fits: a long paste
 * (a log, a file) must not make the editor taller than the terminal. Ink then clears the whole
 * screen and its scrollback and prints everything again on every key (seconds a key for 100 KB).
 * Pure: the view (editor-lines.tsx) renders the rows it is given.
 */
import { CELL_MARK, wrapText } from "../../text/word-wrap.js";

/**
 * The rows of `text` at `width` columns, the cursor's cell marked with CELL_MARK (the grapheme at
 * `cursor`, or a space at the end of a line), and which row holds it.
 */
export function editorRows(text: string, cursor: number, cursorEnd: number, width: number, showCursor: boolean): { rows: string[]; cursorRow: number } {
	const at = cursorEnd > cursor ? text.slice(cursor, cursorEnd) : " ";
	// On a line break the cursor is a space at the end of its line (the break stays outside the marks).
	const cell = at === "\n" ? `${CELL_MARK} ${CELL_MARK}\n` : `${CELL_MARK}${at}${CELL_MARK}`;
	const marked = showCursor ? `${text.slice(0, cursor)}${cell}${text.slice(cursorEnd)}` : text;
	const rows = wrapText(marked, Math.max(1, width));
	return { rows, cursorRow: Math.max(0, rows.findIndex((row) => row.includes(CELL_MARK))) };
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
