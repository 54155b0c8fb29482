import { isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { elapsedSeconds, useClock } from "../widgets/use-clock.js";

/**
 * The summarizing screen's own concerns: whole seconds since `startedAt` (ticking once a second)
 * and Esc → `onCancel`. The model call itself runs in useTreeNavigation.
 */
export function useSummarizingScreen(opts: { active: boolean; startedAt: number; now?: () => number; onCancel: () => void }): number {
	const elapsed = elapsedSeconds(useClock(opts.active, opts.now), opts.startedAt);
	const { keymap } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) opts.onCancel();
		},
		{ isActive: opts.active },
	);
	return elapsed;
}
