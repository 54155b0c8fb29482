import { displayWidth, graphemes, nextBoundary, previousBoundary, wellFormed } from "../../text/text-width.js";

/** The prompt editor's text, cursor and prompt history: a pure reducer driven by key intents. */
export type EditorState = {
	text: string;
	/** Index into `text` (0..text.length), always on a grapheme boundary. */
	cursor: number;
	/** Earlier prompts, oldest first. */
	history: string[];
	/** Which history item ↑/↓ is showing; null when editing fresh text. */
	historyIndex: number | null;
};

export type EditorAction =
	| { type: "text-inserted"; text: string }
	| { type: "backspaced" }
	| { type: "deleted" }
	| { type: "cursor-moved"; to: "left" | "right" | "home" | "end" | "word-left" | "word-right" }
	| { type: "up-pressed" }
	| { type: "down-pressed" }
	| { type: "cleared" }
	| { type: "line-killed" }
	/** `cursor`: where the cursor goes (default the end), e.g. after an `@file` completion. */
	| { type: "text-replaced"; text: string; cursor?: number }
	| { type: "submitted" };

export const emptyEditor = (history: string[] = []): EditorState => ({ text: "", cursor: 0, history, historyIndex: null });

function lineStart(text: string, cursor: number): number {
	return text.lastIndexOf("\n", cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
	const end = text.indexOf("\n", cursor);
	return end === -1 ? text.length : end;
}

/** The offset in the line starting at `start` closest to display column `column` (not past it). */
function offsetAtColumn(text: string, start: number, column: number): number {
	const line = text.slice(start, lineEnd(text, start));
	let offset = start;
	let used = 0;
	for (const g of graphemes(line)) {
		const w = displayWidth(g);
		if (used + w > column) break;
		used += w;
		offset += g.length;
	}
	return offset;
}

/** Moves the cursor one line up (-1) or down (+1) keeping the display column; null at the first/last line. */
function verticalMove(text: string, cursor: number, dir: -1 | 1): number | null {
	const start = lineStart(text, cursor);
	const column = displayWidth(text.slice(start, cursor));
	if (dir === -1) return start === 0 ? null : offsetAtColumn(text, lineStart(text, start - 1), column);
	const end = lineEnd(text, cursor);
	return end === text.length ? null : offsetAtColumn(text, end + 1, column);
}

function showHistory(state: EditorState, index: number | null): EditorState {
	const text = index === null ? "" : (state.history[index] ?? "");
	return { ...state, text, cursor: text.length, historyIndex: index };
}

function up(state: EditorState): EditorState {
	const moved = state.historyIndex === null ? verticalMove(state.text, state.cursor, -1) : null;
	if (moved !== null) return { ...state, cursor: moved };
	if (state.history.length === 0) return state;
	if (state.historyIndex === null) {
		// Recall only from an empty editor: ↑ must never throw away typed text.
		return state.text === "" ? showHistory(state, state.history.length - 1) : state;
	}
	return showHistory(state, Math.max(0, state.historyIndex - 1));
}

function down(state: EditorState): EditorState {
	if (state.historyIndex === null) {
		const moved = verticalMove(state.text, state.cursor, 1);
		return moved === null ? state : { ...state, cursor: moved };
	}
	const next = state.historyIndex + 1;
	return showHistory(state, next >= state.history.length ? null : next);
}

function wordLeft(text: string, cursor: number): number {
	let i = cursor;
	while (i > 0 && /\s/.test(text.charAt(i - 1))) i--;
	while (i > 0 && !/\s/.test(text.charAt(i - 1))) i--;
	return i;
}

function wordRight(text: string, cursor: number): number {
	let i = cursor;
	while (i < text.length && /\s/.test(text.charAt(i))) i++;
	while (i < text.length && !/\s/.test(text.charAt(i))) i++;
	return i;
}

type CursorMove = Extract<EditorAction, { type: "cursor-moved" }>["to"];

/** Where each cursor move goes from `cursor` in `text`. */
const CURSOR_MOVES: Record<CursorMove, (text: string, cursor: number) => number> = {
	left: previousBoundary, right: nextBoundary, home: lineStart, end: lineEnd, "word-left": wordLeft, "word-right": wordRight,
};

function moveCursor(state: EditorState, to: CursorMove): number {
	return CURSOR_MOVES[to](state.text, state.cursor);
}

/** Inserted text: line breaks as "\n", no lone surrogates (they could not be stored as UTF-8). */
const cleanInsert = (text: string) => wellFormed(text.replace(/\r\n?/g, "\n"));

/** Pure editor transitions; deletes and cursor moves step over whole grapheme clusters. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
	const { text, cursor } = state;
	switch (action.type) {
		case "text-inserted": {
			const insert = cleanInsert(action.text);
			return { ...state, text: text.slice(0, cursor) + insert + text.slice(cursor), cursor: cursor + insert.length, historyIndex: null };
		}
		case "backspaced": {
			if (cursor === 0) return state;
			const from = previousBoundary(text, cursor);
			return { ...state, text: text.slice(0, from) + text.slice(cursor), cursor: from, historyIndex: null };
		}
		case "deleted":
			if (cursor === text.length) return state;
			return { ...state, text: text.slice(0, cursor) + text.slice(nextBoundary(text, cursor)), historyIndex: null };
		case "cursor-moved":
			return { ...state, cursor: moveCursor(state, action.to) };
		case "up-pressed":
			return up(state);
		case "down-pressed":
			return down(state);
		case "cleared":
			return { ...state, text: "", cursor: 0, historyIndex: null };
		case "line-killed": {
			const start = lineStart(text, cursor);
			return { ...state, text: text.slice(0, start) + text.slice(cursor), cursor: start, historyIndex: null };
		}
		case "text-replaced": {
			const replaced = cleanInsert(action.text);
			const cursor = action.cursor === undefined ? replaced.length : Math.min(replaced.length, cleanInsert(action.text.slice(0, action.cursor)).length);
			return { ...state, text: replaced, cursor, historyIndex: null };
		}
		case "submitted": {
			const last = state.history[state.history.length - 1];
			const history = text.trim() === "" || last === text ? state.history : [...state.history, text];
			return { text: "", cursor: 0, history, historyIndex: null };
		}
		default: {
			const unreachable: never = action;
			return unreachable;
		}
	}
}
