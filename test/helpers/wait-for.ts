/** The screen of the harness mounted now (app harness, virtual terminal): shown when a wait times out. */
let mountedScreen: (() => string) | undefined;

/**
 * Registers where the current screen comes from, for every waitFor that gives no `screen` of its
 * own; returns the reset (it clears the source only if no later mount replaced it).
 */
export function showScreenOnTimeout(screen: () => string): () => void {
	mountedScreen = screen;
	return () => {
		if (mountedScreen === screen) mountedScreen = undefined;
	};
}

/**
 * Polls `check` until it returns a truthy value or the deadline passes. Used instead of fixed
 * sleeps: the test moves on as soon as the condition holds. On timeout the error names `what`,
 * why the check failed, and the last frame (`screen`, else the mounted harness's screen).
 */
export async function waitFor<T>(
	check: () => T | Promise<T>,
	opts: { timeoutMs?: number; intervalMs?: number; what?: string; screen?: () => string } = {},
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
		if (Date.now() > deadline) throw new Error(timeoutMessage(last, opts.what, opts.screen ?? mountedScreen));
		await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 20));
	}
}

function timeoutMessage(last: unknown, what: string | undefined, screen: (() => string) | undefined): string {
	const waited = `waitFor timed out${what ? ` waiting for ${what}` : ""}`;
	const why = last instanceof Error ? `: ${last.message}` : ` (the condition was still ${String(last)})`;
	return `${waited}${why}${screen ? `\n--- last frame ---\n${readScreen(screen)}` : ""}`;
}

function readScreen(screen: () => string): string {
	try {
		return screen();
	} catch (error) {
		return `(the screen could not be read: ${(error as Error).message})`;
	}
}
