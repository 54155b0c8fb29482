/**
 * The provider request idle timeout (ARBOR_TIMEOUT). A server that accepts the connection and never
 * answers, or stops in the middle of a stream, would otherwise hold a turn forever. Every provider
 * gets a `fetch` that fails the request when no byte has arrived for the given time — before the
 * headers, or between two chunks of the body — so streaming replies, summaries and compactions
 * are all covered by the same rule.
 */

/** The request failed because the provider sent nothing for `seconds`. */
export class ProviderTimeoutError extends Error {
	constructor(readonly seconds: number) {
		super(`the provider sent nothing for ${seconds} s: request timed out (ARBOR_TIMEOUT=${seconds})`);
		this.name = "ProviderTimeoutError";
	}
}

type Fetch = typeof globalThis.fetch;

/** Wraps `base` so that `ms` without a byte from the server fails the request with ProviderTimeoutError. */
export function idleTimeoutFetch(ms: number, base: Fetch = globalThis.fetch): Fetch {
	return async (input, init) => {
		const controller = new AbortController();
		const outer = init?.signal ?? undefined;
		let timer: NodeJS.Timeout | undefined;
		const stop = () => clearTimeout(timer);
		const arm = () => {
			stop();
			timer = setTimeout(() => controller.abort(new ProviderTimeoutError(ms / 1000)), ms);
			// The open socket keeps the process alive while a request waits; the timer need not.
			timer.unref();
		};
		const forward = () => {
			stop();
			controller.abort(outer?.reason);
		};
		if (outer?.aborted) forward();
		else outer?.addEventListener("abort", forward, { once: true });
		arm();
		let response: Response;
		try {
			response = await base(input, { ...init, signal: controller.signal });
		} catch (error) {
			stop();
			throw timedOut(controller.signal) ?? error;
		}
		if (!response.body) {
			stop();
			return response;
		}
		arm();
		const body = response.body.pipeThrough(
			new TransformStream<Uint8Array, Uint8Array>({
				transform(chunk, out) {
					arm();
					out.enqueue(chunk);
				},
				flush: stop,
			}),
		);
		return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
	};
}

function timedOut(signal: AbortSignal): ProviderTimeoutError | undefined {
	return signal.aborted && signal.reason instanceof ProviderTimeoutError ? signal.reason : undefined;
}
