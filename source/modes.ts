/** Chooses print or interactive mode; each is imported only when used. */
import { usageError } from "./config/errors.js";

export type MainOptions = Record<string, unknown>;

/** Options only print mode uses: given to interactive mode they would be silently ignored. */
const PRINT_ONLY: [key: string, flag: string][] = [
	["at", "--at"],
	["summarize", "--summarize"],
	["instructions", "--instructions"],
	["replaceInstructions", "--replace-instructions"],
	["label", "--label"],
	["verbose", "--verbose"],
];

export async function runMain(prompt: string[], opts: MainOptions): Promise<number> {
	const interactive = !opts.print && process.stdin.isTTY === true && process.stdout.isTTY === true;
	if (!interactive) return (await import("./print/print-mode.js")).runPrintMode(prompt, opts);
	const given = PRINT_ONLY.find(([key]) => opts[key] !== undefined);
	if (given) throw usageError(`${given[1]} is a print-mode option: add -p`);
	if (opts.outputFormat !== undefined && opts.outputFormat !== "text") throw usageError("--output-format is a print-mode option: add -p");
	return (await import("./interactive.js")).runInteractiveMode(prompt, opts);
}
