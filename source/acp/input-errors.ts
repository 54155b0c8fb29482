/**
 * The ACP SDK's input stream ends the connection when a message is over its limit (32 MiB) or the
 * bytes cannot be read; the connection then closes as if stdin had ended, and `arbor acp` would exit
 * 0 with no word. This wrapper keeps the reason so the mode can say it on stderr.
 */

/** The SDK's stream pair, with its readable side's failure kept in `failure` (undefined: none). */
export function keepingInputFailure<T, S extends { readable: ReadableStream<T> }>(stream: S): { stream: S; failure: () => unknown } {
	const reader = stream.readable.getReader();
	let failure: unknown;
	const readable = new ReadableStream<T>({
		async pull(controller) {
			try {
				const { value, done } = await reader.read();
				if (done) controller.close();
				else controller.enqueue(value);
			} catch (error) {
				failure = error;
				controller.error(error);
			}
		},
		cancel: (reason) => reader.cancel(reason),
	});
	return { stream: { ...stream, readable }, failure: () => failure };
}
