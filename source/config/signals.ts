/**
 * The signals that end a run the way Ctrl+C does in print mode: the reply so far is saved as
 * aborted, tool processes are killed, the session is synced and unlocked, and the exit code is
 * 128 + the signal number (130 SIGINT, 129 SIGHUP — also a closed terminal —, 143 SIGTERM).
 */
import { constants } from "node:os";

/** Signals arbor handles instead of dying at once. */
export type EndingSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

/** The exit code for a run ended by `signal`. */
export function signalExitCode(signal: EndingSignal): 129 | 130 | 143 {
	return (128 + constants.signals[signal]) as 129 | 130 | 143;
}

/**
 * Calls `handler` once, for the first of `signals` that arrives; later ones are ignored so the
 * clean-up can finish. Returns the function that removes the listeners.
 */
export function onEndingSignal(handler: (signal: EndingSignal) => void, signals: readonly EndingSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"]): () => void {
	let fired = false;
	const listeners = signals.map((signal) => {
		const listener = () => {
			if (fired) return;
			fired = true;
			handler(signal);
		};
		process.on(signal, listener);
		return [signal, listener] as const;
	});
	return () => {
		for (const [signal, listener] of listeners) process.off(signal, listener);
	};
}
