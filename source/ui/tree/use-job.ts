import { useCallback, useEffect, useRef } from "react";

/** One abortable job at a time (see useJob). */
export type Job = { start: <T>(run: (signal: AbortSignal) => Promise<T>, done: (result: T) => void) => void; cancel: () => void };

/**
 * Runs one abortable job at a time: `cancel()` aborts it (navigateTree / mergeBranch then write
 * nothing) and its late result is dropped, so Esc returns to the tree at once even if the provider is
 * slow to notice the abort. Unmounting aborts too.
 */
export function useJob(): Job {
	const controller = useRef<AbortController | undefined>(undefined);
	useEffect(() => () => controller.current?.abort(), []);
	const start = useCallback(<T,>(run: (signal: AbortSignal) => Promise<T>, done: (result: T) => void) => {
		controller.current?.abort();
		const mine = new AbortController();
		controller.current = mine;
		void run(mine.signal).then((result) => {
			if (controller.current !== mine || mine.signal.aborted) return; // cancelled or superseded
			controller.current = undefined;
			done(result);
		});
	}, []);
	const cancel = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
	}, []);
	return { start, cancel };
}
