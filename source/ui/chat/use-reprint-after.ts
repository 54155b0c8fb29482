import { useEffect, useRef, type Dispatch } from "react";
import type { AppAction, Screen, TermSize } from "./app-reducer.js";

/**
 * When /tree closes, the chat's editor and status line would be drawn where the tall tree began
 * (mid-screen, blank rows below). The screen is cleared and the transcript's last screens printed
 * again, so the editor and the status line sit at the bottom of the terminal as before.
 */
export function useReprintAfterTree(opts: { screen: Screen["kind"]; clearScreen(): void; dispatch: Dispatch<AppAction>; size: TermSize }): void {
	const previous = useRef(opts.screen);
	const { screen, clearScreen, dispatch } = opts;
	const size = useRef(opts.size);
	size.current = opts.size;
	useEffect(() => {
		const was = previous.current;
		previous.current = screen;
		if (was !== "tree" || screen !== "chat") return;
		clearScreen();
		dispatch({ type: "transcript-reprinted", size: size.current });
	}, [screen, clearScreen, dispatch]);
}
