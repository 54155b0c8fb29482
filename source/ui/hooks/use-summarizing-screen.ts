import { useEffect, useState } from "react";
import { isCtrl } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";

/**
 * The summarizing screen's own concerns: whole seconds since `startedAt` (ticking once a second)
 * and Esc → `onCancel`. The model call itself runs in useTreeNavigation.
 */
export function useSummarizingScreen(opts: { active: boolean; startedAt: number; now?: () => number; onCancel: () => void }): number {
	const now = opts.now ?? Date.now;
	const [elapsed, setElapsed] = useState(() => Math.max(0, Math.floor((now() - opts.startedAt) / 1000)));
	useEffect(() => {
		if (!opts.active) return;
		const timer = setInterval(() => setElapsed(Math.max(0, Math.floor((now() - opts.startedAt) / 1000))), 1000);
		return () => clearInterval(timer);
	}, [opts.active, opts.startedAt, now]);
	useKeys(
		(event) => {
			if (event.kind === "key" && (event.name === "escape" || isCtrl(event, "c"))) opts.onCancel();
		},
		{ isActive: opts.active },
	);
	return elapsed;
}
