/**
 * The editor's text as the rows the screen shows, and the part of them that fits: a long paste
 * (a log, a file) must not make the editor taller than the terminal. Ink then clears the whole
 * screen and its scrollback and prints everything again on every key (seconds a key for 100 KB).
 * Pure: the view (editor-lines.tsx) renders the rows it is given.
 */
import { CELL_MARK, tabsAsSpaces, wrapLine } from "../../text/word-wrap.js";

/** Marks the cursor's cell in a row: `before \0 cell \0 after`. */
export const CURSOR_MARK = CELL_MARK;

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
	for (const line of tabsAsSpaces(marked).split("\n")) {
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
