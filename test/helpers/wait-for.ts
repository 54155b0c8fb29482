/**
 * Polls `check` until it returns a truthy value or the deadline passes. Used instead of fixed
 * sleeps: the test moves on as soon as the condition holds.
 */
export async function waitFor<T>(
	check: () => T | Promise<T>,
	opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
	const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
	let last: unknown;
	for (;;) {
		try {
			const value = await check();
			if (value) return value as NonNullable<T>;
			last = value;
		} catch (error) {
			last = error;
		}
		if (Date.now() > deadline) {
			const detail = last instanceof Error ? last.message : String(last);
			throw new Error(`waitFor timed out${opts.what ? ` waiting for ${opts.what}` : ""}: ${detail}`);
		}
		await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 20));
	}
}
