/**
 * `arbor -p`: one answer without a UI, with exit codes scripts can trust. A face over the session
 * core (agent/agent-session.ts): it reads the prompt, opens the core with a printer subscribed for
 * the output format, moves first with --at, prompts, and maps the result to an exit code. In the
 * JSON formats every run prints one result, also when it fails before or during the turn (the
 * error is then thrown on, for cli.ts to print its `arbor: …` line and exit).
 */
import { AgentError, AgentSession } from "../agent/agent-session.js";
import { CliError, failureOf, usageError, type ExitCode } from "../config/errors.js";
import { place, type ChatFlags } from "../config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { emptyUsage } from "../llm/from-step.js";
import type { TurnResult } from "../agent/agent-session.js";
import { terminalText } from "../text/terminal-text.js";
import { describeToolCall } from "../tools/describe.js";
import { promptFromArguments } from "../tools/attachments.js";
import { Printer, type OutputFormat, type PrintResult } from "./output.js";
import { printListener } from "./print-events.js";
import { composePrompt, readStdin } from "./stdin.js";

type PrintOptions = ChatFlags &
	ExtensionFlags & {
		outputFormat?: OutputFormat;
		at?: string;
		summarize?: boolean;
		instructions?: string;
		replaceInstructions?: boolean;
		label?: string;
		verbose?: boolean;
	};

/** `arbor -p`: see the top of this file. */
export async function runPrintMode(words: string[], opts: PrintOptions): Promise<number> {
	const opened: { agent?: AgentSession } = {};
	const printer = new Printer(opts.outputFormat ?? "text", process, {
		toolLines: Boolean(opts.verbose) || process.stderr.isTTY === true,
		describe: describeToolCall,
	});
	try {
		return await printRun(words, opts, printer, opened);
	} catch (error) {
		const { message, exitCode } = failureOf(error instanceof AgentError ? usageError(error.message) : error);
		const store = opened.agent?.store;
		printer.finish({ ...(store ? { sessionId: store.id, sessionFile: store.file ?? null } : {}), error: message, exitCode });
		throw error instanceof AgentError ? usageError(error.message) : error;
	}
}

async function printRun(words: string[], opts: PrintOptions, printer: Printer, opened: { agent?: AgentSession }): Promise<number> {
	const where = place(opts);
	if (opts.resume) throw usageError("--resume needs a terminal; use --session <id> or -c in print mode");
	checkTreeFlags(opts);
	// pi's `@file` arguments: their text (and images) go before the message.
	const files = await promptFromArguments(words, where.cwd);
	if (!files.ok) throw usageError(files.message);
	const typed = composePrompt(await readStdin(), [files.text]);
	if (!typed) throw usageError("no prompt");
	const say = (line: string) => process.stderr.write(`arbor: ${line}\n`);
	const agent = await AgentSession.open({
		...opts,
		...where,
		oneShot: { images: files.images.length > 0 },
		verbose: opts.verbose ? say : undefined,
		listener: printListener(printer),
	});
	opened.agent = agent;
	let ended: EndingSignal | undefined;
	// SIGINT, SIGTERM and SIGHUP (a closed terminal) all abort the turn, which saves what streamed.
	const stopListening = onEndingSignal((signal) => {
		ended = signal;
		void agent.abort();
	});
	try {
		printer.header(agent.view.header);
		await moveFirst(agent, opts, printer);
		const before = agent.view.leafId;
		const turn = await agent.prompt(typed, { images: files.images });
		if (opts.label) labelNewMessage(agent, before, opts.label);
		return finish(agent, turn, printer, ended);
	} finally {
		stopListening();
		await agent.close();
	}
}

function checkTreeFlags(opts: PrintOptions): void {
	if (opts.summarize && !opts.at) throw usageError("--summarize needs --at <entryId>");
	if ((opts.instructions !== undefined || opts.replaceInstructions) && !opts.summarize) {
		throw usageError("--instructions and --replace-instructions need --summarize");
	}
}

/** `--at`: the entry becomes the new message's parent (a branch summary in between with --summarize). */
async function moveFirst(agent: AgentSession, opts: PrintOptions, printer: Printer): Promise<void> {
	if (!opts.at) return;
	const result = await agent.navigate(opts.at, {
		summarize: opts.summarize === true,
		customInstructions: opts.instructions,
		replaceInstructions: opts.replaceInstructions,
		asParent: true,
	});
	if (result.status === "failed") throw new CliError(result.message, 1);
	if (result.status === "cancelled") throw new CliError(result.reason === "hook" ? "navigation cancelled by an extension" : "navigation cancelled", 1);
	if (result.status === "moved" && result.summaryEntry) printer.branchSummary(result.summaryEntry.id, result.summaryEntry.summary);
}

/** --label: on the new user message (an extension may have put a custom_message before it). */
function labelNewMessage(agent: AgentSession, before: string | null, label: string): void {
	const path = agent.view.getPath(agent.view.leafId);
	const index = before === null ? 0 : path.findIndex((e) => e.id === before) + 1;
	const id = path.slice(index).find((e) => e.type === "message")?.id;
	if (id) agent.setLabel(id, label);
}

function resultOf(agent: AgentSession, turn: TurnResult, exitCode: ExitCode, error?: string): PrintResult {
	const store = agent.store;
	return {
		sessionId: store.id,
		sessionFile: store.file ?? null,
		leafId: agent.view.leafId,
		text: turn.text,
		stopReason: turn.stopReason,
		usage: turn.usage,
		exitCode,
		...(error ? { error } : {}),
	};
}

function finish(agent: AgentSession, turn: TurnResult | undefined, printer: Printer, ended: EndingSignal | undefined): ExitCode {
	if (turn && turn.ok && !(turn.text === "" && turn.stopReason === "error")) {
		printer.finish(resultOf(agent, turn, 0));
		return 0;
	}
	const message = ended ? `aborted (${ended})` : !turn || turn.reason === "aborted" ? "aborted" : (turn.error ?? "the model returned no answer");
	const code = ended ? signalExitCode(ended) : 1;
	printer.finish(resultOf(agent, turn ?? abortedTurn(agent), code, message));
	process.stderr.write(`arbor: ${terminalText(message.split("\n")[0] ?? "")}\n`);
	return code;
}

/** The result of a run that ended before its turn (aborted while compacting): nothing was stored. */
function abortedTurn(agent: AgentSession): TurnResult {
	return { ok: false, reason: "aborted", stopReason: "aborted", text: "", usage: emptyUsage(), leafId: agent.view.leafId };
}
