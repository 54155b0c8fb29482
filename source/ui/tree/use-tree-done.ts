import { useCallback, type Dispatch } from "react";
import type { AppAction } from "../chat/app-reducer.js";
import type { TreeDone } from "./use-tree-flow.js";

/**
 * What happens after the tree screen finishes. The transcript itself is replayed by
 * useTranscriptSync when the store's leaf leaves the printed path; this sets editor and status.
 */
export function useTreeDone(dispatch: Dispatch<AppAction>): (result: TreeDone) => void {
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
