import { useEffect, useMemo, useState, type Dispatch } from "react";
import { completions, type MenuCommand } from "../commands.js";
import { fuzzyPaths } from "../../text/fuzzy-path.js";
import type { EditorAction, EditorState } from "./editor-state.js";
import { slashMenuRows } from "./slash-menu.js";
import { atToken, completeAt } from "./at-completion.js";
import { useFileIndex } from "./use-file-index.js";

/** Rows of the `@` file list. */
const AT_ROWS = 8;
/** A new background walk when the list opens at least this long after the last one ended. */
const REWALK_MS = 10_000;

/** The editor's two lists: the slash menu (commands) and the `@` file list, with the selection they share. */
export type EditorMenus = {
	slash: ReturnType<typeof completions>;
	files: readonly string[];
	/** The `@` list is open (a `@word` under the cursor, not closed with Esc). */
	atOpen: boolean;
	loading: boolean;
	query: string;
	/** Items of the list shown (slash first), and the selected one's index. */
	items: number;
	selected: number;
	/** Rows the lists take under the text; the slash menu's room. */
	listRows: number;
	slashRows: number;
	select(index: number): void;
	/** Replaces the `@word` with the selected file. */
	completeFile(): void;
	/** Esc on the `@` list: closed for this word (typing on reopens it); false when it was not open. */
	closeAt(): boolean;
};

/** The slash and `@` lists over the editor's text; the file index walks in the background while the list is open. */
export function useEditorMenus(state: EditorState, dispatch: Dispatch<EditorAction>, opts: { extraCommands?: readonly MenuCommand[]; cwd?: string; rows?: number }): EditorMenus {
	const [menuIndex, setMenuIndex] = useState(0);
	const slash = completions(state.text, opts.extraCommands);
	const token = atToken(state.text, state.cursor);
	const [closedAt, setClosedAt] = useState<string | null>(null);
	const atKey = token && `${token.start}:${token.query}`;
	const index = useFileIndex(opts.cwd, token !== null && atKey !== closedAt);
	const atOpen = index !== undefined && token !== null && atKey !== closedAt;
	const indexed = index?.files;
	const query = token?.query;
	const files = useMemo(() => (atOpen && indexed && query !== undefined ? fuzzyPaths(indexed, query, AT_ROWS) : []), [atOpen, indexed, query]);
	const items = slash.length > 0 ? slash.length : files.length;
	// The slash menu keeps three rows of the editor's room for the text.
	const slashRows = Math.max(2, (opts.rows ?? Number.POSITIVE_INFINITY) - 3);
	const listRows = slash.length > 0 ? slashMenuRows(slash.length, slashRows) : atOpen ? Math.max(1, files.length) + (index?.loading ? 1 : 0) : 0;
	const selected = Math.min(menuIndex, Math.max(0, items - 1));
	useEffect(() => {
		if (atOpen) index?.refresh(REWALK_MS);
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening of the list
	}, [atOpen]);
	const completeFile = () => {
		const path = files[selected];
		if (!path || !token) return;
		const done = completeAt(state.text, state.cursor, token, path);
		setMenuIndex(0);
		dispatch({ type: "text-replaced", text: done.text, cursor: done.cursor });
	};
	const closeAt = () => (atOpen && atKey ? (setClosedAt(atKey), true) : false);
	return { slash, files, atOpen, loading: index?.loading ?? false, query: query ?? "", items, selected, listRows, slashRows, select: setMenuIndex, completeFile, closeAt };
}
