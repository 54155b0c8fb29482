/**
 * The MCP servers of one session (docs/mcp.md): each approved server starts in the background and
 * its tools join the session's ToolSet when it is ready, so nothing waits for them before the first
 * frame; a turn waits for the servers still starting ({@link McpManager.ready}). A server that fails
 * to start or dies keeps one line of status (the reason); the others work.
 */
import type { ToolSet } from "ai";
import type { ExtensionToolSource } from "../tools/extension-tools.js";
import { errorMessage } from "../text/error-text.js";
import { describeServer, type McpServerEntry } from "./config.js";
import type { McpConnection, McpPrompt, McpTool } from "./connection.js";
import { expandConfig } from "./expand.js";
import { LazyTools, lazyNeeded, SEARCH_TOOL } from "./lazy-tools.js";
import { mcpToolEntry, mcpToolName, type McpGate } from "./tool-entries.js";

/** Where a server stands. */
type McpState = "starting" | "ready" | "failed" | "unapproved";

/** One server as `/mcp`, `get_state` and the status line show it. */
export type McpServerStatus = {
	name: string;
	scope: McpServerEntry["scope"];
	source: string;
	command: string;
	state: McpState;
	/** Why it failed, stopped or did not start. */
	reason?: string;
	/** Its tools, with their names in the session (`mcp__server__tool`). */
	tools: (McpTool & { qualified: string })[];
	prompts: McpPrompt[];
};

type Live = { entry: McpServerEntry; status: McpServerStatus; connection?: McpConnection; started: Promise<void> };

type McpManagerOptions = {
	cwd: string;
	version: string;
	toolSet: ToolSet;
	gate: McpGate;
	/** The extensions' `tool_call` / `tool_result` hooks. */
	ext?: ExtensionToolSource;
	/** Called when a server's state or tools change (the status line, `/mcp`). */
	onChange?: () => void;
	/** Told once per failure: a server that did not start or stopped (`MCP server <name>: <reason>`). */
	warn?: (line: string) => void;
	/** Percent of the model's window the tool definitions may take before the model searches them (settings `mcpToolShare`). */
	share?: number;
};

/** Which tools a request offers, from every tool of the set (undefined: all of them). */
type ActiveToolsFn = (all: readonly string[]) => string[] | undefined;

export class McpManager {
	private readonly servers = new Map<string, Live>();
	private closing = false;
	private readonly listeners = new Set<() => void>();
	readonly lazy = new LazyTools(() => this.statuses());

	constructor(private readonly opts: McpManagerOptions) {}

	/**
	 * The tools of a turn's requests for a model of `window` tokens, over `base` (the extensions'
	 * choice): when the definitions are too large, the search tool (put into the set now) and the
	 * tools it loaded instead of every MCP tool; asked again at each step, so a search's tools join.
	 */
	activeTools(window: number | undefined, base: ActiveToolsFn | undefined): ActiveToolsFn | undefined {
		const lazy = lazyNeeded(this.statuses(), window, this.opts.share);
		if (lazy) this.lazy.install(this.opts.toolSet);
		if (!lazy && !Object.hasOwn(this.opts.toolSet, SEARCH_TOOL)) return base;
		return (all) => {
			const chosen = base?.(all) ?? [...all];
			return lazy ? this.lazy.filter(chosen) : chosen.filter((n) => n !== SEARCH_TOOL);
		};
	}

	/** Calls `listener` whenever a server's state or tools change (the chat's `/mcp` and status line); returns the unsubscribe. */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Settings `mcpToolShare` as given (the report's lazy-loading line). */
	get share(): number | undefined {
		return this.opts.share;
	}

	/** Starts `entry` in the background (a name already started is replaced). */
	start(entry: McpServerEntry): void {
		const status: McpServerStatus = { name: entry.name, scope: entry.scope, source: entry.source, command: describeServer(entry.config), state: "starting", tools: [], prompts: [] };
		const live: Live = { entry, status, started: Promise.resolve() };
		this.servers.set(entry.name, live);
		live.started = this.connect(live);
		this.changed();
	}

	/** A project server left out until approved: listed with the reason, never started. */
	notApproved(entry: McpServerEntry, reason: string): void {
		const status: McpServerStatus = { name: entry.name, scope: entry.scope, source: entry.source, command: describeServer(entry.config), state: "unapproved", reason, tools: [], prompts: [] };
		this.servers.set(entry.name, { entry, status, started: Promise.resolve() });
	}

	/** Resolves once no server is still starting (each ready or failed). */
	async ready(): Promise<void> {
		await Promise.all([...this.servers.values()].map((s) => s.started));
	}

	/** The running servers' prompts as slash commands (`/mcp__server__prompt`), as prompt templates are listed. */
	promptCommands(): { name: string; description: string; argumentHint?: string; source: "prompt"; path: string; takesWords: boolean }[] {
		return this.statuses().flatMap((s) =>
			s.state !== "ready" ? [] : s.prompts.map((p) => ({ name: `mcp__${s.name}__${p.name}`, description: p.description ?? `MCP prompt of ${s.name}`, ...(p.arguments?.length ? { argumentHint: p.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(" ") } : {}), source: "prompt" as const, path: s.source, takesWords: (p.arguments?.length ?? 0) > 0 })),
		);
	}

	/** The names of the tools of the servers running now. */
	toolNames(): string[] {
		return this.statuses().flatMap((s) => (s.state === "ready" ? s.tools.map((t) => t.qualified) : []));
	}

	statuses(): McpServerStatus[] {
		return [...this.servers.values()].map((s) => s.status);
	}

	/** The live connection of a server (prompts), undefined when it is not running. */
	connection(name: string): McpConnection | undefined {
		return this.servers.get(name)?.connection;
	}

	/** Stops every server. */
	async close(): Promise<void> {
		this.closing = true;
		await Promise.all([...this.servers.values()].map(async (s) => s.connection?.close()));
	}

	private async connect(live: Live): Promise<void> {
		const { status } = live;
		// After the current task: the front end draws its first frame before the SDK loads and the programs spawn.
		await new Promise((resolve) => setImmediate(resolve));
		try {
			const { McpConnection } = await import("./connection.js");
			const connection = await McpConnection.connect(expandConfig(live.entry.config), { cwd: this.opts.cwd, version: this.opts.version });
			const [tools, prompts] = await Promise.all([connection.tools(), connection.prompts()]);
			if (this.closing) return void (await connection.close());
			live.connection = connection;
			status.tools = tools.map((t) => ({ ...t, qualified: mcpToolName(status.name, t.name) }));
			status.prompts = prompts;
			status.state = "ready";
			this.addTools(live, tools);
			void connection.closed.then((reason) => this.died(live, connection, reason));
		} catch (error) {
			status.state = "failed";
			status.reason = errorMessage(error);
			this.opts.warn?.(`MCP server ${status.name}: ${status.reason}`);
		}
		this.changed();
	}

	private died(live: Live, connection: McpConnection, reason: string): void {
		if (this.closing || live.connection !== connection) return;
		live.connection = undefined;
		live.status.state = "failed";
		live.status.reason = reason;
		this.opts.warn?.(`MCP server ${live.status.name}: ${reason}`);
		this.changed();
	}

	private changed(): void {
		this.opts.onChange?.();
		for (const listener of this.listeners) listener();
	}

	private addTools(live: Live, tools: McpTool[]): void {
		const handle = { name: live.status.name, connection: () => live.connection, reason: () => live.status.reason ?? "not running" };
		for (const tool of tools) {
			const name = mcpToolName(live.status.name, tool.name);
			// Never over a built-in or an extension's tool.
			if (Object.hasOwn(this.opts.toolSet, name)) continue;
			this.opts.toolSet[name] = mcpToolEntry(handle, tool, { gate: this.opts.gate, ...(this.opts.ext ? { ext: this.opts.ext } : {}) });
		}
	}
}
