import type { Timer } from "../../source/ui/input/type-ahead.js";

/**
 * A clock and timers the test moves: `now` is the time, `timer` what the App's type-ahead schedules
 * with, `runDue()` runs what is due at `now` (call it inside act()).
 */
export function testClock(): { clock: { now: number }; timer: Timer; runDue(): void } {
	const clock = { now: 0 };
	const due = new Set<{ fn: () => void; at: number }>();
	const timer: Timer = (fn, ms) => {
		const job = { fn, at: clock.now + ms };
		due.add(job);
		return () => void due.delete(job);
	};
	const runDue = () => {
		for (const job of [...due]) if (job.at <= clock.now && due.delete(job)) job.fn();
	};
	return { clock, timer, runDue };
}
