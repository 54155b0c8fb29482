import { useStdout } from "ink";
import { useEffect, useState } from "react";

/** Terminal rows and columns. */
type TerminalSize = { rows: number; cols: number };

/**
 * The terminal size, current after a resize (tree-view.md "Opening":
 * "Terminal resize re-lays out at once"). Until the first `resize` event the caller's size is used;
 * Ink re-lays out on resize but does not re-render components, so a size read once in the app's
 * render would stay stale (tree window, message widths, editor).
 */
export function useTerminalSize(initial: TerminalSize): TerminalSize {
	const { stdout } = useStdout();
	const [resized, setResized] = useState<TerminalSize | undefined>(undefined);
	useEffect(() => {
		const onResize = () =>
			setResized((last) => ({ rows: stdout.rows ?? last?.rows ?? initial.rows, cols: stdout.columns ?? last?.cols ?? initial.cols }));
		stdout.on("resize", onResize);
		return () => {
			stdout.off("resize", onResize);
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` only fills in a size stdout does not report; re-subscribing on it is not needed
	}, [stdout]);
	return resized ?? initial;
}
