/** The prompt editor's text, cursor and prompt history: a pure reducer driven by key intents. */
export type EditorState = {
	text: string;
	/** Index into `text` (0..text.length). */
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
	| { type: "text-replaced"; text: string }
	| { type: "submitted" };

export const emptyEditor = (history: string[] = []): EditorState => ({ text: "", cursor: 0, history, historyIndex: null });

function lineStart(text: string, cursor: number): number {
	return text.lastIndexOf("\n", cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
	const end = text.indexOf("\n", cursor);
	return end === -1 ? text.length : end;
}

/** Moves the cursor one line up (-1) or down (+1) keeping the column; null at the first/last line. */
function verticalMove(text: string, cursor: number, dir: -1 | 1): number | null {
	const start = lineStart(text, cursor);
	const column = cursor - start;
	if (dir === -1) {
		if (start === 0) return null;
		const prevStart = lineStart(text, start - 1);
		return Math.min(prevStart + column, start - 1);
	}
	const end = lineEnd(text, cursor);
	if (end === text.length) return null;
	return Math.min(end + 1 + column, lineEnd(text, end + 1));
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
	while (i > 0 && /\s/.test(text[i - 1]!)) i--;
	while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
	return i;
}

function wordRight(text: string, cursor: number): number {
	let i = cursor;
	while (i < text.length && /\s/.test(text[i]!)) i++;
	while (i < text.length && !/\s/.test(text[i]!)) i++;
	return i;
}

function moveCursor(state: EditorState, to: Extract<EditorAction, { type: "cursor-moved" }>["to"]): number {
	const { text, cursor } = state;
	switch (to) {
		case "left":
			return Math.max(0, cursor - 1);
		case "right":
			return Math.min(text.length, cursor + 1);
		case "home":
			return lineStart(text, cursor);
		case "end":
			return lineEnd(text, cursor);
		case "word-left":
			return wordLeft(text, cursor);
		case "word-right":
			return wordRight(text, cursor);
		default: {
			const unreachable: never = to;
			return unreachable;
		}
	}
}

/** Pure editor transitions. Pasted "\r\n" / "\r" become "\n" so a paste never submits. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
	const { text, cursor } = state;
	switch (action.type) {
		case "text-inserted": {
			const insert = action.text.replace(/\r\n?/g, "\n");
			return { ...state, text: text.slice(0, cursor) + insert + text.slice(cursor), cursor: cursor + insert.length, historyIndex: null };
		}
		case "backspaced":
			if (cursor === 0) return state;
			return { ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1, historyIndex: null };
		case "deleted":
			if (cursor === text.length) return state;
			return { ...state, text: text.slice(0, cursor) + text.slice(cursor + 1), historyIndex: null };
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
		case "text-replaced":
			return { ...state, text: action.text, cursor: action.text.length, historyIndex: null };
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
