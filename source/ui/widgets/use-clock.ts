import { useEffect, useState } from "react";

/**
 * The time from `clock`, read again once a second while `active` (and at once when it becomes
 * active): what spinner rows count their elapsed seconds from. Idle screens do not re-render.
 */
export function useClock(active: boolean, clock: () => number = Date.now): number {
	const [now, setNow] = useState(clock);
	useEffect(() => {
		if (!active) return;
		// eslint-disable-next-line react-hooks/set-state-in-effect -- reads the clock (outside React) as the ticking starts, as the interval does
		setNow(clock());
		const timer = setInterval(() => setNow(clock()), 1000);
		return () => clearInterval(timer);
	}, [active, clock]);
	return now;
}

/** Whole seconds from `since` to `now`, never negative (a clock that stepped back shows 0). */
export function elapsedSeconds(now: number, since: number): number {
	return Math.max(0, Math.floor((now - since) / 1000));
}
