/**
 * Iterate `source` but stop as soon as `signal` aborts, even while waiting for the next item.
 * A provider that ignores its abort signal (or a stalled connection) must not keep a turn alive
 * after the user pressed Esc; leaving early cancels the underlying stream.
 */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
	if (!signal) {
		yield* source;
		return;
	}
	const iterator = source[Symbol.asyncIterator]();
	let onAbort: () => void = () => {};
	const aborted = new Promise<"aborted">((resolve) => {
		onAbort = () => resolve("aborted");
		if (signal.aborted) resolve("aborted");
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	try {
		for (;;) {
			const next = await Promise.race([iterator.next(), aborted]);
			if (next === "aborted" || next.done) return;
			yield next.value;
		}
	} finally {
		signal.removeEventListener("abort", onAbort);
		// Cancelling may reject when the stream already failed; the caller has the error by then.
		await iterator.return?.().catch((error: unknown) => error);
	}
}
