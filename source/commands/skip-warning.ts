import { causeOf } from "../session/io-errors.js";
import { terminalText } from "../text/terminal-text.js";

/** One `arbor: warning: skipped <file>: <cause>` line on stderr for a session file that cannot be read. */
export function skipWarning(file: string, error: unknown): void {
	process.stderr.write(`arbor: warning: skipped ${terminalText(`${file}: ${causeOf(error)}`)}\n`);
}
