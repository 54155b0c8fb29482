// Over 200 lines: the whole of `-p` (input, the run, the three output formats, exit codes) reads top to bottom here.
import { maxRetries } from "../config/env.js";
import { loadSettings } from "../config/settings.js";
import { CliError, failureOf, usageError, type ExitCode } from "../config/errors.js";
import type { ExtensionFlags, ExtensionHost } from "../extensions/setup.js";
import type { TurnResult } from "../llm/turn.js";
import { navigateTree } from "../navigation/navigate.js";
import { openChatSession } from "../navigation/open-chat-session.js";
import { mostRecentSession, resolveSession, SessionStore } from "../session/index.js";
import { chooseModels, chooseThinking, noChatModelMessage, startThinking, type ModelChoice } from "../config/model-config.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import { place, type ChatFlags, type Place } from "../config/options.js";
import { Printer, type OutputFormat, type PrintResult } from "./output.js";
import { killToolProcesses, setShellPrefix } from "../tools/bash.js";
import { checkSessionWritable } from "./preflight.js";
import { expandedPrompt, skillDirs } from "../config/prompt-library.js";
import { loadPromptSources, promptParts, promptWarnings } from "../config/prompt-sources.js";
import { loadExtensions } from "../extensions/load-for-run.js";
import { printToolSet } from "./print-tools.js";
import { reported } from "./session-arg.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import { composePrompt, readStdin } from "./stdin.js";
import { noImagesMessage, promptFromArguments, takesImages } from "../tools/attachments.js";
import type { QueuedContent } from "../llm/message-queue.js";
import { terminalText } from "../text/terminal-text.js";
import { counted } from "../text/count.js";
import { chatCheckpointer, maybeDailyGc } from "../checkpoints/setup.js";
import type { Checkpointer } from "../checkpoints/checkpointer.js";
import { MUTATING_TOOLS } from "../tools/policy.js";

type PrintOptions = ChatFlags & ExtensionFlags & {
	outputFormat?: OutputFormat;
	at?: string;
	summarize?: boolean;
	instructions?: string;
	replaceInstructions?: boolean;
	label?: string;
	verbose?: boolean;
};

/** `--at`: the entry becomes the new message's parent (a branch summary in between with --summarize). */
async function moveFirst(store: SessionStore, models: ModelChoice, opts: PrintOptions, printer: Printer, ext: ExtensionHost): Promise<void> {
	if (!opts.at) return;
	const targetId = store.snapshot().resolveId(opts.at);
	const result = await navigateTree({ store, summaryModel: models.summary, maxRetries: maxRetries(), bus: ext.bus }, targetId, {
		summarize: opts.summarize === true,
		customInstructions: opts.instructions,
		replaceInstructions: opts.replaceInstructions,
		asParent: true,
	});
	if (result.status === "failed") throw new CliError(result.message, 1);
	if (result.status === "cancelled") throw new CliError(result.reason === "hook" ? "navigation cancelled by an extension" : "navigation cancelled", 1);
	if (result.status === "moved" && result.summaryEntry) {
		printer.branchSummary(result.summaryEntry.id, result.summaryEntry.summary);
	}
}

/** Compacts before the turn when the context would not fit; a failure is a warning, not an exit. */
async function compactIfNeeded(store: SessionStore, models: ModelChoice, signal: AbortSignal, ext: ExtensionHost): Promise<void> {
	if (!models.chat) return;
	const { autoCompactIfNeeded, nothingOlder } = await import("../navigation/compact.js");
	const result = await autoCompactIfNeeded({ store, model: models.chat, summaryModel: models.summary, signal, maxRetries: maxRetries(), bus: ext.bus });
	if (result.status === "compacted") process.stderr.write(`arbor: compacted the context (${counted(result.entry.tokensBefore, "token")} before)\n`);
	if (result.status === "nothing") process.stderr.write(`arbor: ${nothingOlder(result).toLowerCase()}\n`);
	if (result.status === "failed") process.stderr.write(`arbor: warning: automatic compaction failed: ${terminalText(result.message)}\n`);
}

/**
 * The provider refused the context as longer than the model's window (a model whose window arbor
 * does not know): compacts and says so on stderr; true when the request may be sent again.
 */
async function compactOnOverflow(store: SessionStore, models: ModelChoice, signal: AbortSignal, ext: ExtensionHost): Promise<boolean> {
	const model = models.summary ?? models.chat;
	if (!model) return false;
	const { compactForOverflow } = await import("../navigation/compact.js");
	const result = await compactForOverflow({ store, model, signal, maxRetries: maxRetries(), bus: ext.bus });
	if (result.status === "compacted") {
		process.stderr.write(`arbor: the context was longer than the model's window: compacted (${counted(result.entry.tokensBefore, "token")} before), sending again\n`);
		return true;
	}
	if (result.status === "failed") process.stderr.write(`arbor: warning: the context is longer than the model's window; ${terminalText(result.message)}\n`);
	return false;
}

function newMessageId(store: SessionStore, before: string | null): string | undefined {
	const path = store.snapshot().getPath(store.snapshot().leafId);
	const index = before === null ? 0 : path.findIndex((e) => e.id === before) + 1;
	// An extension may have put a custom_message before the user message (turn_start).
	return path.slice(index).find((e) => e.type === "message")?.id;
}

function resultOf(store: SessionStore, turn: TurnResult, exitCode: ExitCode, error?: string): PrintResult {
	return {
		sessionId: store.id,
		sessionFile: store.file ?? null,
		leafId: store.snapshot().leafId,
		text: turn.text,
		stopReason: turn.stopReason,
		usage: turn.usage,
		exitCode,
		...(error ? { error } : {}),
	};
}

/** Why there is no chat model; names the model of the session -s or -c would continue (read-only). */
async function noChatModel(models: ModelChoice, opts: PrintOptions, where: Place): Promise<string> {
	const file = typeof opts.session === "string" ? resolveSession(opts.session, where) : opts.continue ? mostRecentSession(where.sessionDir) : undefined;
	return noChatModelMessage(models, file ? SessionStore.open(file).snapshot() : undefined);
}

function checkTreeFlags(opts: PrintOptions): void {
	if (opts.summarize && !opts.at) throw usageError("--summarize needs --at <entryId>");
	if ((opts.instructions !== undefined || opts.replaceInstructions) && !opts.summarize) {
		throw usageError("--instructions and --replace-instructions need --summarize");
	}
}

/**
 * `arbor -p`: answer one message without a UI, with exit codes scripts can trust. In the JSON
 * formats every run prints one result, also when it fails before or during the turn (the error is
 * then thrown on, for cli.ts to print its `arbor: …` line and exit).
 */
export async function runPrintMode(words: string[], opts: PrintOptions): Promise<number> {
	const opened: Opened = {};
	const printer = new Printer(opts.outputFormat ?? "text", process, {
		toolLines: Boolean(opts.verbose) || process.stderr.isTTY === true,
		describe: (name, args) => opened.describe?.(name, args) ?? name,
	});
	try {
		return await printRun(words, opts, printer, opened);
	} catch (error) {
		const { message, exitCode } = failureOf(error);
		const store = opened.store;
		printer.finish({ ...(store ? { sessionId: store.id, sessionFile: store.file ?? null } : {}), error: message, exitCode });
		throw error;
	}
}

type Opened = { store?: SessionStore; describe?: (name: string, args: unknown) => string };

async function printRun(words: string[], opts: PrintOptions, printer: Printer, opened: Opened): Promise<number> {
	const where = place(opts);
	if (opts.resume) throw usageError("--resume needs a terminal; use --session <id> or -c in print mode");
	checkTreeFlags(opts);
	const settings = loadSettings(where);
	setShellPrefix(settings.shellCommandPrefix);
	// pi's `@file` arguments: their text (and images) go before the message.
	const files = await promptFromArguments(words, where.cwd);
	if (!files.ok) throw usageError(files.message);
	const typed = composePrompt(await readStdin(), [files.text]);
	if (!typed) throw usageError("no prompt");
	// `/name words` of a prompt template and `/skill:name words` are sent expanded, as in the chat.
	const sources = await loadPromptSources(where, settings, opts);
	const prompt = expandedPrompt(typed, sources.library);
	const models = await chooseModels(opts, settings);
	if (!models.chat) throw usageError(await noChatModel(models, opts, where));
	if (files.images.length > 0 && !takesImages(models.chat)) throw usageError(noImagesMessage(models.chat));
	const content: QueuedContent = files.images.length > 0 ? [{ type: "text", text: prompt }, ...files.images] : prompt;
	const tools = await printToolSet(opts, settings, where.cwd, skillDirs(sources.library));
	// A bad --thinking is refused before anything is spent.
	const thinking = await chooseThinking(opts.thinking ?? models.thinking, models.chat);
	for (const warning of promptWarnings(sources)) process.stderr.write(`arbor: warning: ${terminalText(warning)}\n`);
	if (opts.verbose) for (const file of sources.contextFiles.files) process.stderr.write(`arbor: instructions from ${terminalText(file.path)}\n`);
	if (opts.verbose) for (const source of sources.systemPrompt.sources) process.stderr.write(`arbor: system prompt from ${terminalText(source)}\n`);
	if (opts.verbose && sources.projectSettings) process.stderr.write(`arbor: settings from ${sources.projectSettings} too\n`);
	const ext = await loadExtensions({ where, settings, flags: opts, mode: "print", models });
	(await import("../tools/index.js")).addExtensionToolsTo(tools.toolSet, ext);
	opened.describe = tools.describe;
	const store = reported(openChatSession({ ...where, session: opts.session, continue: opts.continue, fork: opts.fork }));
	opened.store = store;
	const abort = new AbortController();
	let ended: EndingSignal | undefined;
	// SIGINT, SIGTERM and SIGHUP (a closed terminal) all abort the turn, which saves what streamed.
	const stopListening = onEndingSignal((signal) => {
		ended = signal;
		abort.abort();
	});
	try {
		checkSessionWritable(store);
		const system = (await import("../llm/prompts.js")).buildSystemPrompt({ cwd: where.cwd, tools: tools.enabled, ...promptParts(sources) });
		const checkpoints = chatCheckpointer({ flags: opts, settings, session: store, where, onNotice: (m) => process.stderr.write(`arbor: ${terminalText(m)}\n`) });
		const level = await startThinking(thinking, settings, store.snapshot(), models.chat);
		const turn = await answer({ store, models, chat: models.chat, opts, printer, content, tools, system, thinking: level, signal: abort.signal, ext, checkpoints, autoCompaction: settings.autoCompaction !== false });
		if (checkpoints) maybeDailyGc({ home: where.home, cwd: where.cwd, sessionFile: store.file });
		return finish(store, turn, printer, ended);
	} finally {
		stopListening();
		killToolProcesses();
		await ext.shutdown();
		store.close();
	}
}

type Answer = {
	store: SessionStore;
	models: ModelChoice;
	chat: NonNullable<ModelChoice["chat"]>;
	opts: PrintOptions;
	printer: Printer;
	/** The prompt with its images (pi's @file images), else the prompt. */
	content: QueuedContent;
	tools: Awaited<ReturnType<typeof printToolSet>>;
	/** The chat's system prompt (project instructions included). */
	system: string;
	/** --thinking, checked; absent: the level on the session's path (runTurn reads it). */
	thinking: ThinkingLevel | undefined;
	signal: AbortSignal;
	ext: ExtensionHost;
	/** File checkpoints at the turn's boundaries; undefined when switched off. */
	checkpoints: Checkpointer | undefined;
	/** false with the settings' `"autoCompaction": false`: no compaction before the turn or on an overflow. */
	autoCompaction: boolean;
};

async function answer({ store, models, chat, opts, printer, content, tools, system, thinking, signal, ext, checkpoints, autoCompaction }: Answer): Promise<TurnResult> {
	printer.header(store.snapshot().header);
	await ext.start(store);
	await moveFirst(store, models, opts, printer, ext);
	if (autoCompaction) await compactIfNeeded(store, models, signal, ext);
	const before = store.snapshot().leafId;
	const { runTurn } = await import("../llm/turn.js");
	const turn = await ext.turn({ store, prompt: content, signal, system }, (hooked) =>
		runTurn({
			store,
			model: chat,
			prompt: hooked.prompt,
			tools: tools.toolSet,
			system: hooked.system,
			transformContext: (messages) => ext.requestMessages(messages),
			thinkingLevel: thinking,
			signal,
			maxRetries: maxRetries(),
			onEvent: (event) => printer.event(event),
			checkpoints: checkpoints?.forTurn(MUTATING_TOOLS),
			...(autoCompaction ? { onOverflow: () => compactOnOverflow(store, models, signal, ext) } : {}),
		}),
	);
	if (opts.label) {
		const id = newMessageId(store, before);
		if (id) store.setLabel(id, opts.label);
	}
	return turn;
}

function finish(store: SessionStore, turn: TurnResult, printer: Printer, ended: EndingSignal | undefined): ExitCode {
	if (turn.ok && !(turn.text === "" && turn.stopReason === "error")) {
		printer.finish(resultOf(store, turn, 0));
		return 0;
	}
	const message = ended ? `aborted (${ended})` : turn.reason === "aborted" ? "aborted" : (turn.error ?? "the model returned no answer");
	const code = ended ? signalExitCode(ended) : 1;
	printer.finish(resultOf(store, turn, code, message));
	process.stderr.write(`arbor: ${terminalText(message.split("\n")[0] ?? "")}\n`);
	return code;
}
