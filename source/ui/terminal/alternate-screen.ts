import { useStdout } from "ink";
import { useEffect, useRef, useState } from "react";

/** The alternate screen (xterm's 1049: the cursor is saved, the screen switched and cleared), cursor home. */
const ALT_SCREEN_ON = "\u001b[?1049h\u001b[H";
/** Back to the normal screen and its scrollback, as they were, cursor where it was. */
const ALT_SCREEN_OFF = "\u001b[?1049l";

/**
 * Full-screen views (/tree, the pickers, /help) run on the alternate screen, so the terminal's
 * scrollback (the conversation) is never touched by them. Returns whether the app is on it now:
 * the caller draws a full-screen view only once it is (drawn on the normal screen first, a tall
 * view would scroll the transcript and leave the editor mid-screen on return).
 *
 * The switch goes through Ink's own `write`: it erases Ink's frame, writes the switch, and draws
 * the frame again, so Ink's idea of where its frame is stays true on both screens. Entering saves
 * the cursor at the top of the erased chat frame; leaving restores it there and Ink draws the chat
 * frame in the place it had.
 */
export function useAlternateScreen(wanted: boolean): boolean {
	const { write, stdout } = useStdout();
	const [on, setOn] = useState(false);
	const onNow = useRef(false);
	useEffect(() => {
		if (wanted === on) return;
		onNow.current = wanted;
		write(wanted ? ALT_SCREEN_ON : ALT_SCREEN_OFF);
		// eslint-disable-next-line react-hooks/set-state-in-effect -- the switch is written once the frame that asks for it is committed; the next render draws on the new screen
		setOn(wanted);
	}, [wanted, on, write]);
	// Quitting (or a signal) while a view is open: the user's terminal is left on its normal screen.
	useEffect(() => () => void (onNow.current && stdout.write(ALT_SCREEN_OFF)), [stdout]);
	return on;
}
