/** Exit codes every mode shares (product.md): 0 ok, 1 model/tool failure or abort, 2 usage/config, 128+signal (129 SIGHUP, 130 SIGINT, 143 SIGTERM). */
export type ExitCode = 0 | 1 | 2 | 129 | 130 | 143;

/** A failure the CLI reports as one `arbor: …` line with a given exit code. */
export class CliError extends Error {
	constructor(
		message: string,
		readonly exitCode: ExitCode = 2,
	) {
		super(message);
		this.name = "CliError";
	}
}

/** Shorthand for usage and configuration errors (exit 2). */
export function usageError(message: string): CliError {
	return new CliError(message, 2);
}

/**
 * How the CLI reports a thrown error: the `arbor: …` line's text (its first line, without
 * commander's `error: ` prefix) and the exit code — a CliError's own, 2 for a SessionError (a
 * session that cannot be read or written), 1 for anything else. Both are known by name, not by
 * class: `arbor search` is a bundle of its own (scripts/build.mjs), with its own copy of the class.
 */
export function failureOf(error: unknown): { message: string; exitCode: number } {
	const named = error as { name?: string; message?: string; exitCode?: unknown } | undefined;
	const own = named?.name === "CliError" && typeof named.exitCode === "number" ? named.exitCode : undefined;
	const exitCode = own ?? (named?.name === "SessionError" ? 2 : 1);
	const text = typeof named?.message === "string" ? named.message : String(error);
	return { message: text.replace(/^error: /, "").split("\n")[0] ?? "", exitCode };
}

/**
 * What print mode's JSON formats print for a command line the argument parser rejected (an unknown
 * flag, a missing value), read from the raw words since no options were parsed: `json` one
 * `{error, exitCode}` object, `stream-json` an error event and the result. Undefined for `text`
 * (or an unknown format): only the `arbor: …` line is printed then.
 */
export function rejectedArgvOutput(argv: readonly string[], failure: { message: string; exitCode: number }): string | undefined {
	let format: string | undefined;
	for (let i = 0; i < argv.length && argv[i] !== "--"; i++) {
		const word = argv[i] ?? "";
		if (word === "--output-format") format = argv[i + 1];
		else if (word.startsWith("--output-format=")) format = word.slice("--output-format=".length);
	}
	const result = { error: failure.message, exitCode: failure.exitCode };
	if (format === "json") return `${JSON.stringify(result)}\n`;
	if (format === "stream-json") return `${JSON.stringify({ type: "error", message: failure.message })}\n${JSON.stringify({ type: "result", ...result })}\n`;
	return undefined;
}
