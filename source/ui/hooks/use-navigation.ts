import { useCallback, type Dispatch } from "react";
import type { AppAction } from "../state/app-reducer.js";

/** Clears screen and scrollback so a remounted <Static> prints the new transcript on a clean slate. */
export const CLEAR_TERMINAL = "\u001b[2J\u001b[3J\u001b[H";

export type TreeDone = { kind: "moved"; editorText?: string } | { kind: "closed"; status?: string };

/**
 * What happens after the tree screen finishes. The transcript itself is replayed by
 * useTranscriptSync when the store's leaf leaves the printed path; this sets editor and status.
 */
export function useNavigation(dispatch: Dispatch<AppAction>): (result: TreeDone) => void {
	return useCallback(
		(result: TreeDone) => {
			switch (result.kind) {
				case "moved":
					dispatch({ type: "tree-closed", status: "Navigated to selected point" });
					if (result.editorText !== undefined) dispatch({ type: "editor-text-requested", text: result.editorText });
					return;
				case "closed":
					dispatch({ type: "tree-closed", status: result.status });
					return;
				default: {
					const unreachable: never = result;
					return unreachable;
				}
			}
		},
		[dispatch],
	);
}
