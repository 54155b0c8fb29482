/** Chooses print or interactive mode; each is imported only when used. */
export type MainOptions = Record<string, unknown>;

export async function runMain(prompt: string[], opts: MainOptions): Promise<number> {
	const interactive = !opts.print && process.stdin.isTTY === true && process.stdout.isTTY === true;
	if (!interactive) return (await import("./print/print-mode.js")).runPrintMode(prompt, opts);
	return (await import("./interactive.js")).runInteractiveMode(prompt, opts);
}
