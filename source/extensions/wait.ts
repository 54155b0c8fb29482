/**
 * Waiting on extension code with a time limit. A promise that never settles holds nothing in
 * Node's event loop: when nothing else runs, the process would just exit (code 0, the command's
 * result never written). Here the wait holds a timer (the limit), ends on the action's abort
 * signal, reports a promise nothing can settle any more (`beforeExit`: the loop drained), and
 * outside the UI lets Ctrl+C through.
 */
import type { EndingSignal } from "../config/signals.js";

export type Waited<T> =
	| { status: "done"; value: T }
	| { status: "threw"; error: unknown }
	/** The limit passed. */
	| { status: "timeout" }
	/** The action was aborted (its signal, or Ctrl+C handled by the mode). */
	| { status: "aborted" }
	/** Nothing left in the event loop could ever settle it. */
	| { status: "stuck" }
	/** Ctrl+C (SIGTERM, SIGHUP) that no one else in arbor handles: the run is to end with 128 + the signal. */
	| { status: "interrupted"; signal: EndingSignal };

type WaitOptions = {
	/** 0: no limit. */
	limitMs: number;
	signal?: AbortSignal;
	/**
	 * Ctrl+C (and SIGTERM, SIGHUP) may end the wait. When the mode handles the signal itself the
	 * wait ends as "aborted" and the mode goes on; when nobody does, as "interrupted" (the caller
	 * ends the run with 128 + the signal, the session's lock released on the way out).
	 */
	interruptible: boolean;
	/** True while the user has a dialog of the handler's in front of them: the limit then starts again. */
	paused?: () => boolean;
};

const SIGNALS: readonly EndingSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
	(typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";

/**
 * Runs `start` and waits for its result; never throws and never waits past the limit. The signal
 * listeners are in place before `start` runs: a handler may say it is waiting (a synchronous write)
 * and be interrupted at once, before it has even returned its promise.
 */
export function settle<T>(start: () => T | PromiseLike<T>, opts: WaitOptions): Promise<Waited<T>> {
	if (opts.signal?.aborted) return Promise.resolve({ status: "aborted" });
	return new Promise<Waited<T>>((resolve) => {
		const cleanups: (() => void)[] = [];
		let done = false;
		const finish = (result: Waited<T>) => {
			if (done) return;
			done = true;
			for (const clean of cleanups) clean();
			resolve(result);
		};
		// Extension code that ran synchronously (a module's top level, a busy hook) held the event
		// loop: a Ctrl+C that came meanwhile is dispatched only in a later turn's poll phase. Any
		// other outcome waits two turns with the signal listeners still on, so that Ctrl+C wins.
		const outcome = (result: Waited<T>) => {
			if (!opts.interruptible) return finish(result);
			setImmediate(() => setImmediate(() => finish(result)));
		};
		if (opts.interruptible) {
			for (const name of SIGNALS) {
				const onSignal = () => {
					finish(process.listenerCount(name) > 1 ? { status: "aborted" } : { status: "interrupted", signal: name });
				};
				process.on(name, onSignal);
				cleanups.push(() => process.off(name, onSignal));
			}
		}
		let first: T | PromiseLike<T>;
		try {
			first = start();
		} catch (error) {
			return outcome({ status: "threw", error });
		}
		if (done) return; // a signal arrived while `start` ran
		try {
			if (!isThenable(first)) return outcome({ status: "done", value: first });
		} catch {
			// Reading `then` threw (a hostile getter or Proxy): a value, for the caller's checks to refuse.
			return outcome({ status: "done", value: first as T });
		}
		if (opts.signal?.aborted) return finish({ status: "aborted" });
		if (opts.limitMs > 0) {
			let timer: NodeJS.Timeout;
			const arm = () => {
				timer = setTimeout(() => (opts.paused?.() ? arm() : outcome({ status: "timeout" })), opts.limitMs);
			};
			arm();
			cleanups.push(() => clearTimeout(timer));
		}
		if (opts.signal) {
			const signal = opts.signal;
			const onAbort = () => finish({ status: "aborted" });
			signal.addEventListener("abort", onAbort, { once: true });
			cleanups.push(() => signal.removeEventListener("abort", onAbort));
		}
		const onDrained = () => finish({ status: "stuck" });
		process.on("beforeExit", onDrained);
		cleanups.push(() => process.off("beforeExit", onDrained));
		try {
			Promise.resolve(first).then(
				(value) => outcome({ status: "done", value }),
				(error: unknown) => outcome({ status: "threw", error }),
			);
		} catch (error) {
			outcome({ status: "threw", error });
		}
	});
}

/** A limit as the warnings say it: "60 s", "0.3 s". */
export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`;
