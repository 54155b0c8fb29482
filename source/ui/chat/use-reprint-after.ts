import { useEffect, useRef, type Dispatch } from "react";
import type { AppAction, TermSize } from "./app-reducer.js";
import { useLatest } from "../widgets/use-latest.js";

/**
 * When /tree closes without a move (`reprintSeq` bumped), the chat's editor and status line would
 * be drawn where the tall tree began (mid-screen, blank rows below). The screen is cleared and the
 * transcript's last screens printed again, so they sit at the bottom of the terminal as before.
 * (A move replays the path, which clears and prints on its own.)
 */
export function useReprintAfterTree(opts: { reprintSeq: number; clearScreen(): void; dispatch: Dispatch<AppAction>; size: TermSize }): void {
	const { reprintSeq, clearScreen, dispatch } = opts;
	const seen = useRef(reprintSeq);
	const size = useLatest(opts.size);
	useEffect(() => {
		if (seen.current === reprintSeq) return;
		seen.current = reprintSeq;
		clearScreen();
		dispatch({ type: "transcript-reprinted", size: size.current });
	}, [reprintSeq, clearScreen, dispatch, size]);
}
