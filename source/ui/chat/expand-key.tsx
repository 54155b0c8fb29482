import type { Dispatch } from "react";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import type { AppAction, TermSize } from "./app-reducer.js";

/**
 * (A component, under the App's key providers.) Ctrl+O (`prompt.expand`) in the chat: every transcript item switches between its short form and
 * its whole text. Printed output cannot be changed in place, so, as pi does, the last screens of the
 * transcript are printed again below, in the new form (the reducer's `retail`; an expanded item is
 * printed whole however tall). Nothing is cleared: what was printed before stays in the scrollback.
 */
export function ExpandKey(opts: { active: boolean; dispatch: Dispatch<AppAction>; size: TermSize }): null {
	const { is } = useKeyAction();
	useKeys(
		(event) => {
			if (!is("prompt.expand", event)) return;
			opts.dispatch({ type: "transcript-toggled", size: opts.size });
		},
		{ isActive: opts.active },
	);
	return null;
}
