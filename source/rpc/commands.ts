// Over 200 lines: one handler per RPC command, a table kept whole in the order pi's docs list them.
/**
 * The RPC commands: pi 1.6's (docs/rpc-commands.md; pi 0.73's are a subset) and arbor's tree verbs, each a function of
 * the live AgentSession and the command's fields. A handler returns the response's `data`
 * (undefined: none) or throws; the caller turns a throw into `success: false` with its message.
 */
import type { AgentSession } from "../agent/agent-session.js";
import { describeModel } from "../agent/agent-session.js";
import type { QueuedContent } from "../llm/message-queue.js";
import { nextThinkingLevel, pathThinkingLevel, canThink, THINKING_LEVELS } from "../llm/thinking.js";
import { contextTokens } from "../agent/stats.js";
import { compactionError, queuedText } from "./pi-shapes.js";
import { sourceInfo } from "./source-info.js";
import { piTree } from "./pi-tree.js";
import type { ImageContent } from "../session/types.js";
import type { ContextEditReplacement } from "../session/context-edit.js";
import { fitImageParts } from "../tools/image-fit.js";
import { parseTreeFilter } from "../tree/rows.js";
import { TREE_FILTERS } from "../tree/types.js";
import { checkpointJson, restoreDoneJson, restorePlanJson } from "../checkpoints/json.js";
import { unreachable } from "../text/must.js";
import { runSync } from "../sync/sync.js";
import { fanoutRpc, type FanoutContext } from "./fanout-command.js";

export type Command = { type: string; id?: unknown; [key: string]: unknown };

/** What the handlers share besides the session: how `bash` runs, and where sessions live. */
export type CommandContext = {
	agent: AgentSession;
	home: string;
	/** The folder the session works in (the project's `.arbor/` is under it). */
	cwd: string;
	sessionDir: string;
	bash: { run(command: string, opts: { excludeFromContext: boolean; id?: unknown }): Promise<unknown>; abort(): void };
	/** Errors of a run that was accepted (after its response): reported on stderr. */
	report(error: unknown): void;
	/** The fan-out's open options and event writer (fanout-command.ts). */
	fanout?: FanoutContext;
};

type Handler = (ctx: CommandContext, cmd: Command) => unknown;

/** A command's fields, checked: a wrong type is the command's error. */
function field<T extends "string" | "boolean" | "number">(cmd: Command, name: string, type: T, required = false): (T extends "string" ? string : T extends "boolean" ? boolean : number) | undefined {
	const value = cmd[name];
	if (value === undefined || value === null) {
		if (required) throw new Error(`${cmd.type}: "${name}" is required`);
		return undefined;
	}
	if (typeof value !== type) throw new Error(`${cmd.type}: "${name}" must be a ${type}`);
	return value as never;
}

const must = <T>(value: T | undefined, cmd: Command, name: string): T => {
	if (value === undefined) throw new Error(`${cmd.type}: "${name}" is required`);
	return value;
};

function images(cmd: Command): ImageContent[] {
	const list = cmd.images;
	if (list === undefined || list === null) return [];
	if (!Array.isArray(list)) throw new Error(`${cmd.type}: "images" must be an array`);
	return list.map((image: unknown, i) => {
		const ok = typeof image === "object" && image !== null && typeof (image as ImageContent).data === "string" && typeof (image as ImageContent).mimeType === "string";
		if (!ok) throw new Error(`${cmd.type}: images[${i}] must be {type:"image", data, mimeType}`);
		const { data, mimeType } = image as ImageContent;
		return { type: "image", data, mimeType };
	});
}

/** The command's images, those larger than providers take made smaller (tools/image-fit.ts). */
async function fittedImages(cmd: Command): Promise<ImageContent[]> {
	const fitted = await fitImageParts(images(cmd));
	if ("error" in fitted) throw new Error(`${cmd.type}: ${fitted.error}`);
	return fitted;
}

async function queued(cmd: Command): Promise<QueuedContent> {
	const message = field(cmd, "message", "string") ?? "";
	const pics = await fittedImages(cmd);
	if (message === "" && pics.length === 0) throw new Error(`${cmd.type}: "message" is required`);
	return pics.length === 0 ? message : [...(message === "" ? [] : [{ type: "text" as const, text: message }]), ...pics];
}

/** pi's answer to prompt, steer and follow_up: a run started, the message queued, or an extension command handled it. */
type Disposition = { disposition: "started" | "queued" | "handled" };

async function prompt(ctx: CommandContext, cmd: Command): Promise<Disposition> {
	const { agent } = ctx;
	const message = field(cmd, "message", "string") ?? "";
	if (message.startsWith("/") && (await agent.runCommand(message))) return { disposition: "handled" };
	if (agent.isStreaming) {
		const behavior = field(cmd, "streamingBehavior", "string");
		if (behavior === "steer") agent.steer(await queued(cmd));
		else if (behavior === "followUp") agent.followUp(await queued(cmd));
		else throw new Error('a turn is running: send "streamingBehavior": "steer" or "followUp" to queue this message');
		return { disposition: "queued" };
	}
	const pics = await fittedImages(cmd);
	if (message === "" && pics.length === 0) throw new Error('prompt: "message" is required');
	// Accepted: the run streams events; its failures are stored and reported as messages.
	agent.prompt(message, { images: pics }).catch(ctx.report);
	return { disposition: "started" };
}

function state(agent: AgentSession) {
	const model = agent.model;
	const name = agent.view.name;
	const queue = agent.queued;
	return {
		model: model ? describeModel(model) : null,
		thinkingLevel: agent.thinkingLevel(),
		isStreaming: agent.isStreaming,
		isCompacting: agent.isCompacting,
		steeringMode: "all",
		followUpMode: "one-at-a-time",
		sessionFile: agent.store.file ?? null,
		sessionId: agent.store.id,
		...(name ? { sessionName: name } : {}),
		autoCompactionEnabled: agent.autoCompaction,
		messageCount: agent.messages().length,
		pendingMessageCount: queue.steering.length + queue.followUp.length,
		// arbor's additions: where the conversation is in the tree, and the enabled tools.
		leafId: agent.view.leafId,
		tools: agent.tools,
	};
}

/** pi's CompactionResult (and the entry's id); any other outcome is the command's error, as compaction_end says it. */
async function compact(ctx: CommandContext, cmd: Command) {
	const result = await ctx.agent.compact(field(cmd, "customInstructions", "string"));
	if (result.status !== "compacted") throw new Error(compactionError(result) ?? "compaction aborted");
	const { summary, firstKeptEntryId, tokensBefore, details, id } = result.entry;
	return { summary, firstKeptEntryId, tokensBefore, estimatedTokensAfter: contextTokens(ctx.agent.view), details: details ?? {}, entryId: id };
}

/** Queue texts as pi lists them (strings). */
function queueTexts(queue: { steering: QueuedContent[]; followUp: QueuedContent[] }): { steering: string[]; followUp: string[] } {
	return { steering: queue.steering.map(queuedText), followUp: queue.followUp.map(queuedText) };
}

async function navigate(ctx: CommandContext, cmd: Command) {
	const targetId = ctx.agent.view.resolveId(must(field(cmd, "entryId", "string"), cmd, "entryId"));
	const result = await ctx.agent.navigate(targetId, {
		summarize: field(cmd, "summarize", "boolean") ?? false,
		customInstructions: field(cmd, "customInstructions", "string"),
		replaceInstructions: field(cmd, "replaceInstructions", "boolean"),
		label: field(cmd, "label", "string"),
		restoreFiles: field(cmd, "restoreFiles", "boolean") ?? false,
	});
	// restoreFiles: what `arbor restore --json` reports, under `restored`.
	const restored = result.restored ? { restored: restoreDoneJson(targetId, result.restored) } : {};
	switch (result.status) {
		case "already-here":
			return { cancelled: false, moved: false, leafId: ctx.agent.view.leafId, ...restored };
		case "moved":
			return {
				cancelled: false,
				moved: true,
				oldLeafId: result.oldLeafId,
				leafId: result.newLeafId,
				...(result.editorText !== undefined ? { editorText: result.editorText } : {}),
				...(result.summaryEntry ? { summaryEntry: result.summaryEntry } : {}),
				...restored,
			};
		case "cancelled":
			return { cancelled: true, reason: result.reason };
		case "failed":
			throw new Error(result.message);
		default:
			return unreachable(result);
	}
}

async function restoreFiles(ctx: CommandContext, cmd: Command) {
	const id = ctx.agent.view.resolveId(must(field(cmd, "entryId", "string"), cmd, "entryId"));
	const result = await ctx.agent.restoreFiles(id, { dryRun: field(cmd, "dryRun", "boolean") ?? false });
	return result.dryRun ? restorePlanJson(id, result.plan) : restoreDoneJson(id, result.done);
}

async function merge(ctx: CommandContext, cmd: Command) {
	const result = await ctx.agent.merge(must(field(cmd, "fromEntry", "string") ?? field(cmd, "entryId", "string"), cmd, "fromEntry"), {
		intoId: field(cmd, "into", "string"),
		customInstructions: field(cmd, "customInstructions", "string"),
		replaceInstructions: field(cmd, "replaceInstructions", "boolean"),
		label: field(cmd, "label", "string"),
	});
	if (result.status === "merged") return { fromId: result.fromId, intoId: result.intoId, summaryEntry: result.summaryEntry };
	if (result.status === "cancelled") return { cancelled: true, reason: result.reason };
	throw new Error(result.message);
}

async function search(ctx: CommandContext, cmd: Command) {
	const query = must(field(cmd, "query", "string"), cmd, "query").trim();
	if (query === "") throw new Error('search: "query" is empty');
	const limit = field(cmd, "limit", "number") ?? 20;
	if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('search: "limit" takes a whole number from 1 to 10000');
	const { allSessionFiles, searchSessions } = await import("../search/search.js");
	const { sessionFiles } = await import("../session/paths.js");
	const files = cmd.all === true ? allSessionFiles(ctx.home) : sessionFiles(ctx.sessionDir);
	return searchSessions(files, query, limit);
}

async function exportHtml(ctx: CommandContext, cmd: Command) {
	const { exportToFile } = await import("../export/export-file.js");
	const { agent } = ctx;
	const result = await exportToFile({ view: agent.view, sessionFile: agent.store.file, out: field(cmd, "outputPath", "string"), cwd: agent.store.cwd });
	return { path: result.file };
}

function unsupported(what: string): Handler {
	return () => {
		throw new Error(what);
	};
}

/** Every command arbor answers; anything else is "unknown command". */
export const COMMANDS: Record<string, Handler> = {
	prompt,
	steer: async ({ agent }, cmd) => (agent.steer(await queued(cmd)), { disposition: "queued" }),
	follow_up: async ({ agent }, cmd) => (agent.followUp(await queued(cmd)), { disposition: "queued" }),
	abort: async ({ agent }) => void (await agent.abort()),
	clear_queue: ({ agent }) => queueTexts(agent.clearQueue()),
	new_session: ({ agent }, cmd) => agent.newSession(field(cmd, "parentSession", "string")),
	get_state: ({ agent }) => state(agent),
	get_messages: ({ agent }) => ({ messages: agent.messages() }),
	set_model: ({ agent }, cmd) => {
		const provider = must(field(cmd, "provider", "string"), cmd, "provider");
		const modelId = must(field(cmd, "modelId", "string"), cmd, "modelId");
		return describeModel(agent.setModel(`${provider}:${modelId}`));
	},
	cycle_model: ({ agent }) => {
		const next = agent.cycleModel();
		return next ? { model: describeModel(next), thinkingLevel: agent.thinkingLevel(), isScoped: agent.modelsScoped } : null;
	},
	get_available_models: ({ agent }) => ({ models: agent.models().map(describeModel) }),
	set_thinking_level: ({ agent }, cmd) => void agent.setThinkingLevel(must(field(cmd, "level", "string"), cmd, "level")),
	cycle_thinking_level: ({ agent }) => {
		if (!canThink(agent.model)) return null;
		const level = nextThinkingLevel(pathThinkingLevel(agent.view));
		agent.setThinkingLevel(level);
		return { level };
	},
	// pi's levels of the model: every level for one that thinks, "off" alone otherwise.
	get_available_thinking_levels: ({ agent }) => ({ levels: canThink(agent.model) ? [...THINKING_LEVELS] : ["off"] }),
	set_steering_mode: (_ctx, cmd) => {
		if (field(cmd, "mode", "string") !== "all") throw new Error('arbor delivers every queued steering message at the next step boundary: only "all" is supported');
	},
	set_follow_up_mode: (_ctx, cmd) => {
		if (field(cmd, "mode", "string") !== "one-at-a-time") throw new Error('arbor runs each follow-up as its own turn: only "one-at-a-time" is supported');
	},
	compact,
	set_auto_compaction: ({ agent }, cmd) => {
		agent.autoCompaction = must(field(cmd, "enabled", "boolean"), cmd, "enabled");
	},
	set_auto_retry: unsupported("arbor has no auto-retry loop: provider calls are retried by the SDK (ARBOR_MAX_RETRIES)"),
	abort_retry: unsupported("arbor has no auto-retry loop: provider calls are retried by the SDK (ARBOR_MAX_RETRIES)"),
	bash: (ctx, cmd) => ctx.bash.run(must(field(cmd, "command", "string"), cmd, "command"), { excludeFromContext: field(cmd, "excludeFromContext", "boolean") ?? false, id: cmd.id }),
	abort_bash: (ctx) => ctx.bash.abort(),
	get_session_stats: ({ agent }) => agent.stats(),
	export_html: exportHtml,
	switch_session: ({ agent }, cmd) => agent.switchSession(must(field(cmd, "sessionPath", "string"), cmd, "sessionPath")),
	fork: ({ agent }, cmd) => agent.fork(must(field(cmd, "entryId", "string"), cmd, "entryId")),
	clone: ({ agent }) => agent.clone(),
	get_fork_messages: ({ agent }) => ({ messages: agent.forkMessages() }),
	get_last_assistant_text: ({ agent }) => ({ text: agent.lastAssistantText() }),
	set_session_name: ({ agent }, cmd) => {
		const name = must(field(cmd, "name", "string"), cmd, "name").trim();
		if (name === "") throw new Error('set_session_name: "name" is empty');
		agent.setName(name);
	},
	// pi 1.6's shape, each with its sourceInfo (arbor's `path` kept for older clients).
	get_commands: ({ agent, home, cwd }) => ({
		commands: [
			...agent.commands().map((c) => ({ name: c.name, ...(c.description ? { description: c.description } : {}), source: "extension", sourceInfo: sourceInfo(c.path, { home, cwd }) })),
			...agent.libraryCommands().map(({ name, description, source, path }) => ({ name, description, source, path, sourceInfo: sourceInfo(path, { home, cwd }) })),
		],
	}),
	get_tree: ({ agent }) => piTree(agent.view),
	// arbor's tree verbs (get_tree_view: what arbor's get_tree answered before pi 1.6 took the name)
	get_tree_view: ({ agent }, cmd) => {
		const name = field(cmd, "filter", "string") ?? "all";
		const filter = parseTreeFilter(name);
		if (!filter) throw new Error(`get_tree_view: unknown filter "${name}" (use ${TREE_FILTERS.join(", ")})`);
		return agent.tree(filter);
	},
	get_entries: ({ agent }, cmd) => agent.entries(field(cmd, "since", "string")),
	navigate_tree: navigate,
	fanout: fanoutRpc,
	set_label: ({ agent }, cmd) => {
		const entryId = must(field(cmd, "entryId", "string"), cmd, "entryId");
		agent.setLabel(entryId, field(cmd, "label", "string"));
		return { entryId: agent.view.resolveId(entryId), label: agent.view.getLabel(agent.view.resolveId(entryId)) ?? null };
	},
	context_edit: ({ agent }, cmd) => {
		const replacement = (cmd as { replacement?: unknown }).replacement;
		if (replacement !== undefined && replacement !== null && typeof replacement !== "object") throw new Error("context_edit: replacement must be null or {content}");
		return { entry: agent.editContext(must(field(cmd, "entryId", "string"), cmd, "entryId"), (replacement ?? null) as ContextEditReplacement) };
	},
	compare: ({ agent }, cmd) =>
		agent.compare(must(field(cmd, "entryA", "string"), cmd, "entryA"), must(field(cmd, "entryB", "string"), cmd, "entryB"), { summarize: field(cmd, "summarize", "boolean") }),
	merge,
	search,
	// checkpoints: the JSON of `arbor checkpoints --json` and `arbor restore [--dry-run] --json`
	get_checkpoints: ({ agent }) => ({ checkpoints: agent.checkpoints().map(checkpointJson) }),
	restore_files: restoreFiles,
	// `arbor sync` in the session's project (docs/sync.md): the report `arbor sync --json` prints
	sync: ({ home }, cmd) => runSync({ cwd: process.cwd(), home, remote: field(cmd, "remote", "string"), dryRun: field(cmd, "dryRun", "boolean") ?? false }),
};

/**
 * The handler of command `type`, looked up among the table's own names only: `constructor`,
 * `toString`, `__proto__` and the other Object.prototype names are unknown commands (the inherited
 * `constructor` answered with the whole session, keys included).
 */
export function commandFor(type: string): Handler | undefined {
	return Object.hasOwn(COMMANDS, type) ? COMMANDS[type] : undefined;
}
