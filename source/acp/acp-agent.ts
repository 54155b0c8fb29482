// Over 200 lines: one class implementing ACP's Agent interface; each method is a protocol request.
/**
 * `arbor acp`: an Agent Client Protocol agent (ACP v1, JSON-RPC over stdio) on the headless
 * session core. Each ACP session is one AgentSession over one arbor session file, so a session
 * started in an editor opens in the terminal (and in pi) and the other way round. stdout carries
 * only protocol messages; warnings go to stderr. When stdin closes every session is closed (its
 * turn aborted, what streamed stored, the file fsynced and unlocked) and the process ends.
 *
 * The methods, the slash commands in a prompt and the `_arbor/…` extension methods: docs/acp.md.
 */
import { Readable } from "node:stream";
import {
	agent as acpAgent,
	ndJsonStream,
	PROTOCOL_VERSION,
	RequestError,
	type AgentContext,
	type AvailableCommand,
	type McpServer,
	type SessionConfigOption,
	type SessionInfo,
} from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { AgentError, AgentSession } from "../agent/agent-session.js";
import type { McpServerEntry } from "../mcp/config.js";
import { acpMcpServers } from "./mcp-servers.js";
import type { ChatFlags, Place } from "../config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { canThink, THINKING_LEVELS } from "../llm/thinking.js";
import { listAllSessions, listSessions } from "../session/listing.js";
import { resolveSession } from "../session/resolve-session.js";
import { sessionDirFor } from "../session/paths.js";
import { forkToFile } from "../session/fork.js";
import { SessionStore } from "../session/store.js";
import { buildTreeJson } from "../tree/json.js";
import type { TreeFilter } from "../tree/types.js";
import { oneLine } from "../text/one-line.js";
import { AVAILABLE_COMMANDS, parseCommand } from "./commands.js";
import { LiveSession } from "./live-session.js";
import { redactedOutput } from "./redacted-output.js";
import { cwdProblem } from "./cwd.js";
import { runSync } from "../sync/sync.js";
import { keepingInputFailure } from "./input-errors.js";
import { pathUpdates } from "./replay.js";
import { runTreeCommand, type TreeHost } from "./tree-commands.js";
import { checkpointJson, restoreDoneJson, restorePlanJson } from "../checkpoints/json.js";
import { acpFanout, fanoutParams } from "./fanout.js";

export type AcpOptions = ChatFlags & ExtensionFlags & { home: string; version: string };

/** A session id the client named that is not open here (ACP's "resource not found"). */
const notFound = (sessionId: string) => new RequestError(-32002, `no open session ${sessionId} (use session/load)`, { sessionId });
const invalid = (message: string) => new RequestError(-32602, message);
const failed = (message: string) => new RequestError(-32603, message);
/** The request's `cwd`, refused (invalid params) unless it is an absolute path of an existing folder. */
const folder = (cwd: unknown, absoluteOnly = false): string => {
	const problem = cwdProblem(cwd, absoluteOnly);
	if (problem) throw invalid(problem);
	return cwd as string;
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A handler whose unexpected failure (a locked file, a model error) is an error with its message, not "Internal error". */
function guard<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
	return async (...args) => {
		try {
			return await handler(...args);
		} catch (error) {
			throw error instanceof RequestError ? error : failed(messageOf(error));
		}
	};
}

const navigateParams = z.object({
	sessionId: z.string(),
	entryId: z.string(),
	summarize: z.boolean().optional(),
	customInstructions: z.string().optional(),
	replaceInstructions: z.boolean().optional(),
	label: z.string().optional(),
	restoreFiles: z.boolean().optional(),
});
const restoreParams = z.object({ sessionId: z.string(), entryId: z.string(), dryRun: z.boolean().optional() });
const sessionParams = z.object({ sessionId: z.string() });
const syncParams = z.object({ sessionId: z.string(), remote: z.string().optional(), dryRun: z.boolean().optional() });
const treeParams = z.object({ sessionId: z.string(), filter: z.enum(["default", "user", "no-tools", "labeled", "all"]).optional() });

/** The sessions this process holds, by ACP session id (the arbor session id). */
class Sessions {
	private readonly open = new Map<string, LiveSession>();
	client: AgentContext | undefined;

	constructor(readonly opts: AcpOptions) {}

	place(cwd: string): Place {
		return { cwd, home: this.opts.home, sessionDir: this.opts.sessionDir ?? sessionDirFor(cwd, this.opts.home) };
	}

	get(sessionId: string): LiveSession {
		const live = this.open.get(sessionId);
		if (!live) throw notFound(sessionId);
		return live;
	}

	find(sessionId: string): LiveSession | undefined {
		return this.open.get(sessionId);
	}

	/** The live session of a file, if this process holds it. */
	findFile(file: string): LiveSession | undefined {
		return [...this.open.values()].find((live) => live.agent.store.file === file);
	}

	/** Opens (or creates, without `session`) a session file as a live session. */
	async start(cwd: string, session?: string, mcpServers?: McpServerEntry[]): Promise<LiveSession> {
		const place = this.place(cwd);
		// The tool gate asks the LiveSession, which exists once the AgentSession is open.
		const holder: { live?: LiveSession } = {};
		const { home: _home, version: _version, ...flags } = this.opts;
		const agent = await AgentSession.open({
			...flags,
			...place,
			session,
			continue: false,
			...(mcpServers?.length ? { mcpServers } : {}),
			confirm: async (request, signal) => (holder.live ? holder.live.confirm(request, signal) : "no"),
		});
		const live = new LiveSession(agent.store.id, agent, place, () => {
			if (!this.client) throw new Error("not connected");
			return this.client;
		});
		holder.live = live;
		this.open.set(live.id, live);
		return live;
	}

	async closeAll(): Promise<void> {
		const all = [...this.open.values()];
		this.open.clear();
		for (const live of all) {
			try {
				await live.agent.close();
			} catch (error) {
				process.stderr.write(`arbor: closing session ${live.id}: ${messageOf(error)}\n`);
			}
		}
	}
}

/** The model and thinking-level selectors of a session. */
function configOptions(live: LiveSession): SessionConfigOption[] {
	const agent = live.agent;
	const out: SessionConfigOption[] = [];
	const models = agent.models();
	if (models.length > 0) {
		out.push({
			id: "model",
			name: "Model",
			category: "model",
			type: "select",
			currentValue: agent.model?.spec ?? "",
			options: models.map((m) => ({ value: m.spec, name: m.info?.name ?? m.modelId, description: m.spec })),
		});
	}
	if (canThink(agent.model)) {
		out.push({
			id: "thinking",
			name: "Thinking",
			category: "thought_level",
			type: "select",
			currentValue: agent.thinkingLevel(),
			options: THINKING_LEVELS.map((level) => ({ value: level, name: level })),
		});
	}
	return out;
}

/** The tree commands, the extensions' commands, then prompt templates and skills (the first of a name wins). */
function availableCommands(live: LiveSession): AvailableCommand[] {
	const own = new Set(AVAILABLE_COMMANDS.map((c) => c.name));
	const extension = live.agent
		.commands()
		.filter((c) => !own.has(c.name))
		.map((c): AvailableCommand => ({ name: c.name, description: c.description ?? "extension command", input: { hint: "arguments" } }));
	const taken = new Set([...own, ...extension.map((c) => c.name)]);
	const library = live.agent
		.libraryCommands()
		.filter((c) => !taken.has(c.name))
		.map((c): AvailableCommand => ({ name: c.name, description: c.description, input: { hint: c.argumentHint ?? "arguments" } }));
	return [...AVAILABLE_COMMANDS, ...extension, ...library];
}

/** Sent once the client knows the session (after the response that names it). */
function advertiseCommands(live: LiveSession): void {
	setImmediate(() => void live.send({ sessionUpdate: "available_commands_update", availableCommands: availableCommands(live) }).catch(() => undefined));
}

function treeHost(live: LiveSession): TreeHost {
	return {
		get store() {
			return live.agent.store;
		},
		get view() {
			return live.agent.view;
		},
		cwd: live.place.cwd,
		sessionDir: live.place.sessionDir,
		navigate: (id, opts) => live.agent.navigate(id, opts),
		merge: (fromId, opts) => live.agent.merge(fromId, opts),
	};
}

/** arbor has no MCP client: servers an editor offers are named on stderr and not used. */
/** The client's MCP servers for a session it opens (mcp-servers.ts); a bad one is a warning on stderr. */
const clientMcp = (servers: readonly McpServer[] | undefined) => acpMcpServers(servers, (line) => process.stderr.write(`arbor: warning: ${line}\n`));

/** The file of a session id (or unique prefix): this folder's sessions first, then all; -32002 when none. */
function sessionFileOf(sessions: Sessions, sessionId: string, cwd: string): string {
	try {
		return resolveSession(sessionId, sessions.place(cwd));
	} catch (error) {
		throw new RequestError(-32002, messageOf(error), { sessionId });
	}
}

function sessionInfo(s: { id: string; cwd: string; name?: string; firstMessage: string; modified: Date }): SessionInfo {
	const title = oneLine(s.name ?? s.firstMessage).slice(0, 120);
	return { sessionId: s.id, cwd: s.cwd, ...(title ? { title } : {}), updatedAt: s.modified.toISOString() };
}

/** Builds the ACP app; `sessions.client` is set when it connects. */
function buildAcpApp(sessions: Sessions, opts: AcpOptions) {
	return acpAgent({ name: "arbor" })
		.onConnect((connection) => {
			sessions.client = connection.client;
		})
		.onRequest("initialize", ({ params }) => ({
			protocolVersion: Math.min(params.protocolVersion, PROTOCOL_VERSION),
			agentCapabilities: {
				loadSession: true,
				promptCapabilities: { image: true, embeddedContext: true },
				mcpCapabilities: { http: true, sse: true },
				sessionCapabilities: { list: {}, fork: {} },
			},
			agentInfo: { name: "arbor", version: opts.version },
			authMethods: [],
		}))
		.onRequest("session/new", guard(async ({ params }) => {
			const live = await sessions.start(folder(params.cwd), undefined, clientMcp(params.mcpServers));
			advertiseCommands(live);
			return { sessionId: live.id, configOptions: configOptions(live) };
		}))
		.onRequest("session/load", guard(async ({ params }) => {
			folder(params.cwd);
			let live = sessions.find(params.sessionId);
			if (!live) {
				const file = sessionFileOf(sessions, params.sessionId, params.cwd);
				live = sessions.findFile(file) ?? (await sessions.start(params.cwd, file, clientMcp(params.mcpServers)));
			}
			const view = live.agent.view;
			for (const update of pathUpdates(view.getPath(view.leafId), live.place.cwd)) await live.send(update);
			advertiseCommands(live);
			return { configOptions: configOptions(live) };
		}))
		.onRequest("session/list", guard(({ params }) => {
			const skip = (file: string, error: Error) => process.stderr.write(`arbor: skipped ${file}: ${error.message}\n`);
			const all = params.cwd
				? listSessions(sessions.place(folder(params.cwd, true)).sessionDir, { onSkip: skip })
				: opts.sessionDir
					? listSessions(opts.sessionDir, { onSkip: skip })
					: listAllSessions(opts.home, { onSkip: skip });
			return { sessions: all.map(sessionInfo) };
		}))
		.onRequest("session/fork", guard(async ({ params }) => {
			// /clone: the source's active path (root → leaf) copied into a new session file. The source
			// may be open here or only on disk (read without taking its lock).
			folder(params.cwd);
			const open = sessions.find(params.sessionId);
			open?.agent.store.sync();
			const sourceFile = open ? open.agent.store.file : sessionFileOf(sessions, params.sessionId, params.cwd);
			const view = open ? open.agent.view : SessionStore.open(sourceFile ?? "").snapshot();
			const place = sessions.place(params.cwd);
			const made = forkToFile({ source: view, sourceFile, entryId: view.leafId, sessionDir: place.sessionDir, cwd: params.cwd });
			const live = await sessions.start(params.cwd, made.file);
			advertiseCommands(live);
			return { sessionId: live.id, configOptions: configOptions(live) };
		}))
		.onRequest("session/prompt", guard(async ({ params }) => {
			const live = sessions.get(params.sessionId);
			const only = params.prompt.length === 1 ? params.prompt[0] : undefined;
			const command = only?.type === "text" ? parseCommand(only.text) : undefined;
			if (command) {
				const text = await runTreeCommand(treeHost(live), command);
				await live.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
				return { stopReason: "end_turn" as const };
			}
			const name = only?.type === "text" ? /^\/(\S+)/.exec(only.text.trim())?.[1] : undefined;
			if (only?.type === "text" && name && live.agent.commands().some((c) => c.name === name)) {
				await live.runExtensionCommand(only.text.trim());
				return { stopReason: "end_turn" as const };
			}
			let stop;
			try {
				stop = await live.prompt(params.prompt);
			} catch (error) {
				throw failed(messageOf(error));
			}
			if (typeof stop === "object") throw failed(stop.error);
			return { stopReason: stop };
		}))
		.onNotification("session/cancel", async ({ params }) => {
			await sessions.find(params.sessionId)?.cancel();
		})
		.onRequest("session/set_config_option", guard(({ params }) => {
			const live = sessions.get(params.sessionId);
			if (typeof params.value !== "string") throw invalid(`${params.configId} takes a value id`);
			try {
				if (params.configId === "model") live.agent.setModel(params.value);
				else if (params.configId === "thinking") live.agent.setThinkingLevel(params.value);
				else throw new Error(`unknown option ${params.configId} (model, thinking)`);
			} catch (error) {
				throw invalid(messageOf(error));
			}
			return { configOptions: configOptions(live) };
		}))
		.onRequest("_arbor/get_tree", treeParams, guard(({ params }) => {
			const view = sessions.get(params.sessionId).agent.view;
			return buildTreeJson(view, { filter: (params.filter ?? "default") as TreeFilter });
		}))
		.onRequest("_arbor/navigate", navigateParams, guard(async ({ params }) => {
			const live = sessions.get(params.sessionId);
			const { sessionId: _id, entryId, ...navigate } = params;
			let result;
			let targetId: string;
			try {
				targetId = live.agent.view.resolveId(entryId);
				result = await live.agent.navigate(targetId, navigate);
			} catch (error) {
				throw invalid(messageOf(error));
			}
			const { restored, ...moved } = result;
			return { ...moved, leafId: live.agent.view.leafId, ...(restored ? { restored: restoreDoneJson(targetId, restored) } : {}) };
		}))
		.onRequest("_arbor/get_checkpoints", sessionParams, guard(({ params }) => {
			return { checkpoints: sessions.get(params.sessionId).agent.checkpoints().map(checkpointJson) };
		}))
		.onRequest("_arbor/fanout", fanoutParams, guard(({ params }) => acpFanout(sessions, params)))
		.onRequest("_arbor/restore_files", restoreParams, guard(async ({ params }) => {
			const agent = sessions.get(params.sessionId).agent;
			let id: string;
			try {
				id = agent.view.resolveId(params.entryId);
			} catch (error) {
				throw invalid(messageOf(error));
			}
			let result;
			try {
				result = await agent.restoreFiles(id, { dryRun: params.dryRun ?? false });
			} catch (error) {
				// No file state, checkpoints off, a turn running: the request's fault; a git failure is not.
				throw error instanceof AgentError ? invalid(error.message) : error;
			}
			return result.dryRun ? restorePlanJson(id, result.plan) : restoreDoneJson(id, result.done);
		}))
		.onRequest("_arbor/sync", syncParams, guard(({ params }) => runSync({ ...sessions.get(params.sessionId).place, remote: params.remote, dryRun: params.dryRun ?? false })));
}

/**
 * Serves ACP on stdin/stdout until stdin closes (exit 0) or SIGINT, SIGTERM or SIGHUP arrives
 * (128 + the signal's number, as print mode); either way every session is closed first: a running
 * turn aborted with what streamed stored, the file fsynced and unlocked.
 */
export async function runAcp(opts: AcpOptions): Promise<number> {
	// stdout is the protocol's: console output (an extension's console.log) goes to stderr.
	for (const name of ["log", "info", "debug"] as const) console[name] = console.error.bind(console);
	const sessions = new Sessions(opts);
	const input = keepingInputFailure(ndJsonStream(redactedOutput(process.stdout), Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>));
	const connection = buildAcpApp(sessions, opts).connect(input.stream);
	let ended: EndingSignal | undefined;
	const stopSignals = onEndingSignal((signal) => {
		ended = signal;
		connection.close();
	});
	try {
		await connection.closed.catch((error: unknown) => {
			if (!ended) process.stderr.write(`arbor: acp connection: ${messageOf(error)}\n`);
		});
		await sessions.closeAll();
	} finally {
		stopSignals();
	}
	if (ended) return signalExitCode(ended);
	const failure = input.failure();
	if (failure === undefined) return 0;
	process.stderr.write(`arbor: acp input: ${messageOf(failure)}; arbor acp stopped (every session closed)\n`);
	return 1;
}

export type { Sessions };
