/**
 * `arbor fanout <session> [entryId] (-n N | --models a,b,c) [--check "<cmd>"] [--json] [--keep K] <prompt>`
 * (docs/fanout.md): the headless face of fanout/ — it runs the branches, prints the comparison
 * (text, or JSON with --json), keeps one with --keep, and maps the end to an exit code: 0 when every
 * branch finished, 1 when one failed, 128 + the signal when Ctrl+C or SIGTERM aborted them.
 */
import { usageError } from "../config/errors.js";
import { place, type CommonOptions, type ModelFlags } from "../config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { terminalText } from "../text/terminal-text.js";
import { comparisonJson, comparisonText } from "../fanout/comparison.js";
import { keepBranch } from "../fanout/keep.js";
import { runFanout, type FanoutRequest } from "../fanout/run-fanout.js";
import type { BranchEvent } from "../fanout/branch.js";
import { sessionFile } from "./session-arg.js";

/** The options commander hands over (cli.ts). */
type FanoutOptions = CommonOptions &
	ModelFlags &
	ExtensionFlags & {
		branches?: string;
		models?: string;
		check?: string;
		keep?: string;
		sandbox?: boolean;
		allowNet?: boolean;
		tools?: string | false;
		thinking?: string;
		checkpoints?: boolean;
	};

/** Runs the command; see the top of this file. */
export async function fanoutCommand(arg: string, words: string[], opts: FanoutOptions): Promise<number> {
	const where = place(opts);
	const file = sessionFile(arg, where);
	const { entryId, prompt } = splitEntry(words);
	if (prompt.trim() === "") throw usageError("no prompt");
	const keep = opts.keep === undefined ? undefined : Number(opts.keep);
	const count = opts.branches === undefined ? undefined : Number(opts.branches);
	if (count !== undefined && !Number.isInteger(count)) throw usageError(`-n takes a number of branches, not "${opts.branches}"`);
	const controller = new AbortController();
	let ended: EndingSignal | undefined;
	const stop = onEndingSignal((signal) => {
		ended = signal;
		controller.abort();
	});
	const request: FanoutRequest = {
		// `--no-sandbox` is commander's `sandbox: false` (true by default): not the run-wide --sandbox of the chat.
		open: { ...opts, ...where, session: file, tools: opts.tools, thinking: opts.thinking, sandbox: undefined, allowNet: undefined },
		entryId,
		count,
		models: opts.models?.split(","),
		prompt,
		check: opts.check,
		noSandbox: opts.sandbox === false,
		allowNet: opts.allowNet,
		signal: controller.signal,
		onEvent: opts.json ? undefined : progress,
	};
	try {
		const { agent, result } = await runFanout(request);
		try {
			if (keep !== undefined && (!Number.isInteger(keep) || !result.branches[keep - 1])) throw usageError(`--keep takes a branch number from 1 to ${result.branches.length}`);
			const chosen = keep !== undefined && !ended ? result.branches[keep - 1] : undefined;
			const kept = chosen ? await keepBranch(agent, chosen) : undefined;
			const keptJson = chosen && kept ? { branch: chosen.index, leafId: chosen.endId, restored: kept.restored ? { safetyEntryId: kept.restored.safety.entryId, changes: kept.restored.changes } : null } : undefined;
			process.stdout.write(opts.json ? `${JSON.stringify(comparisonJson(result, keptJson))}\n` : `${terminalText(comparisonText(result))}\n`);
			if (keptJson && !opts.json) process.stdout.write(`Kept branch ${keptJson.branch}: leaf ${keptJson.leafId}${keptJson.restored ? `, files restored (undo: arbor restore ${file} ${keptJson.restored.safetyEntryId})` : ""}\n`);
		} finally {
			await agent.close();
		}
		if (ended) return signalExitCode(ended);
		return result.branches.every((b) => b.status === "done") ? 0 : 1;
	} finally {
		stop();
	}
}

/** `[entryId] <prompt…>`: the first word is the entry when it looks like an id and more words follow. */
function splitEntry(words: string[]): { entryId?: string; prompt: string } {
	const [first, ...rest] = words;
	if (first !== undefined && rest.length > 0 && /^[0-9a-f]{4,}$/i.test(first)) return { entryId: first, prompt: rest.join(" ") };
	return { prompt: words.join(" ") };
}

/** One line on stderr per branch event (the comparison goes to stdout). */
function progress(event: BranchEvent): void {
	const line =
		event.type === "branch_start"
			? `branch ${event.index}: ${event.model} in ${event.cwd}`
			: event.type === "branch_tool"
				? `branch ${event.index}: ${event.toolName}`
				: `branch ${event.outcome.index}: ${event.outcome.status}${event.outcome.error ? ` (${event.outcome.error})` : ""}`;
	process.stderr.write(`${terminalText(line)}\n`);
}
