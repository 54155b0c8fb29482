import { useState } from "react";
import type { Screen } from "./app-reducer.js";
import { useAlternateScreen } from "../terminal/alternate-screen.js";

/** Screens that take the whole terminal: they run on the alternate screen. A confirmation stays under the transcript. */
function isFullScreen(screen: Screen): boolean {
	return screen.kind !== "chat" && screen.kind !== "confirm";
}

/**
 * The chat's screen and the transcript's printing around a full-screen view. `onAlt`: the app is on
 * the alternate screen; `showScreen`: the non-chat screen may be drawn (a full-screen one only once
 * on the alternate screen); `printable`: how many of the settled items <Static> may print — while a
 * view is open (or the switch is under way) nothing new is printed, as it would land on the
 * alternate screen and be lost; a replay during the view (a /tree move) is printed on return.
 */
export function useFullScreen(opts: { screen: Screen; quitting: boolean; staticKey: number; settled: number }): {
	onAlt: boolean;
	showScreen: boolean;
	printable: number;
} {
	const full = isFullScreen(opts.screen) && !opts.quitting;
	const onAlt = useAlternateScreen(full);
	const [printed, setPrinted] = useState({ key: opts.staticKey, count: opts.settled });
	const printing = !full && !onAlt;
	// What <Static> has printed, kept from the last render on the normal screen (React's "information from previous renders").
	if (printing && (printed.key !== opts.staticKey || printed.count !== opts.settled)) setPrinted({ key: opts.staticKey, count: opts.settled });
	const printable = printing ? opts.settled : printed.key === opts.staticKey ? printed.count : 0;
	return { onAlt, showScreen: opts.screen.kind !== "chat" && (!full || onAlt), printable };
}
