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
