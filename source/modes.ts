/** Chooses print or interactive mode; each is imported only when used. */
import { usageError } from "./config/errors.js";

type MainOptions = Record<string, unknown>;

/** Options only print mode uses: given to interactive mode they would be silently ignored. */
const PRINT_ONLY: [key: string, flag: string][] = [
	["at", "--at"],
	["summarize", "--summarize"],
	["instructions", "--instructions"],
	["replaceInstructions", "--replace-instructions"],
	["label", "--label"],
	["verbose", "--verbose"],
];

/** `--provider <name> --model <id>` (pi's pair, as pi's RpcClient passes it) → `--model name:id`. */
function withProvider(opts: MainOptions): MainOptions {
	const provider = opts.provider;
	if (provider === undefined) return opts;
	if (typeof provider !== "string" || typeof opts.model !== "string") throw usageError("--provider needs --model <id>");
	const model = opts.model.startsWith(`${provider}:`) ? opts.model : `${provider}:${opts.model}`;
	return { ...opts, model };
}

/** `--fork <session>` opens a copy: with another way to choose the session it would mean two. */
function checkFork(opts: MainOptions): void {
	if (opts.fork === undefined) return;
	const other = typeof opts.session === "string" ? "--session" : opts.session === false ? "--no-session" : opts.continue ? "--continue" : opts.resume ? "--resume" : undefined;
	if (other) throw usageError(`--fork and ${other} choose the session two ways: use one`);
}

export async function runMain(prompt: string[], flags: MainOptions): Promise<number> {
	const opts = withProvider(flags);
	checkFork(opts);
	// pi's JSON event stream: a print run whose stdout is pi's events (rpc/json-mode.ts).
	if (opts.mode === "json") {
		if (opts.resume) throw usageError("--resume needs a terminal; use --session <id> or -c with --mode json");
		const printOnly = PRINT_ONLY.find(([key]) => opts[key] !== undefined) ?? (opts.outputFormat !== undefined && opts.outputFormat !== "text" ? ["", "--output-format"] : undefined);
		if (printOnly) throw usageError(`${printOnly[1]} is a print-mode option: --mode json prints pi's events`);
		return (await import("./rpc/json-mode.js")).runJsonMode(prompt, opts);
	}
	if (opts.mode !== undefined) {
		if (opts.mode !== "rpc") throw usageError(`--mode: "${String(opts.mode)}" is not a mode (use rpc or json)`);
		if (prompt.length > 0) throw usageError("--mode rpc takes its prompts on stdin, not as arguments");
		if (opts.print) throw usageError("--mode rpc and -p are two different modes: use one");
		const printOnly = PRINT_ONLY.find(([key]) => opts[key] !== undefined);
		if (printOnly) throw usageError(`${printOnly[1]} is a print-mode option`);
		if (opts.resume) throw usageError("--resume needs a terminal; use --session <id> or -c with --mode rpc");
		return (await import("./rpc/rpc-mode.js")).runRpcMode(opts);
	}
	const interactive = !opts.print && process.stdin.isTTY === true && process.stdout.isTTY === true;
	if (!interactive) return (await import("./print/print-mode.js")).runPrintMode(prompt, opts);
	const given = PRINT_ONLY.find(([key]) => opts[key] !== undefined);
	if (given) throw usageError(`${given[1]} is a print-mode option: add -p`);
	if (opts.outputFormat !== undefined && opts.outputFormat !== "text") throw usageError("--output-format is a print-mode option: add -p");
	return (await import("./interactive.js")).runInteractiveMode(prompt, opts);
}
