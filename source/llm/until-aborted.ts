/**
 * Iterate `source` but stop as soon as `signal` aborts, even while waiting for the next item.
 * A provider that ignores its abort signal (or a stalled connection) must not keep a turn alive
 * after the user pressed Esc; leaving early cancels the underlying stream. Parts that were already
 * produced when the abort came (text streamed just before a tool call that was aborted) are still
 * yielded: they are available at once, while waiting for anything new ends at the next macrotask.
 */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
	if (!signal) {
		yield* source;
		return;
	}
	const iterator = source[Symbol.asyncIterator]();
	let onAbort: () => void = () => {};
	const aborted = new Promise<"stop">((resolve) => {
		onAbort = () => resolve("stop");
		if (signal.aborted) resolve("stop");
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	try {
		let pending = iterator.next();
		for (let stop: Promise<"stop"> = aborted; ; ) {
			const next = await Promise.race([pending, stop]);
			if (next === "stop") {
				if (stop !== aborted) return;
				// Aborted: drain what is buffered, give up on what is not.
				stop = new Promise((resolve) => setImmediate(() => resolve("stop")));
				continue;
			}
			if (next.done) return;
			yield next.value;
			pending = iterator.next();
			if (stop !== aborted) stop = new Promise((resolve) => setImmediate(() => resolve("stop")));
		}
	} finally {
		signal.removeEventListener("abort", onAbort);
		// Cancelling may reject when the stream already failed; the caller has the error by then.
		await iterator.return?.().catch((error: unknown) => error);
	}
}
