/**
 * The MCP servers of a session, set up once by the session core (agent/set-up.ts) for every mode:
 * the configured servers (config.ts), the extensions' (`registerMcpServer`) and an ACP client's;
 * the project's that are not approved are left out — the chat asks first (`ask`), headless modes
 * say once how to approve them — and the others start in the background (manager.ts).
 */
import type { ToolSet } from "ai";
import type { ExtensionToolSource } from "../tools/extension-tools.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import { approvalStates, approveServers, unapprovedLine } from "./approval.js";
import { loadMcpConfig, serversOf, type McpConfig, type McpServerEntry } from "./config.js";
import { McpManager } from "./manager.js";
import { mcpGate } from "./tool-entries.js";

declare const ARBOR_VERSION: string;
const VERSION = typeof ARBOR_VERSION === "string" ? ARBOR_VERSION : "0.0.0-dev";

/** The chat's question for project servers not approved yet: true approves (and remembers) them. */
export type McpApprovalAsk = (servers: { name: string; command: string; source: string; changed: boolean }[]) => Promise<boolean>;

type McpSessionOptions = {
	where: { cwd: string; home: string };
	toolSet: ToolSet;
	confirm: ConfirmFn | undefined;
	yes: boolean;
	ext?: ExtensionToolSource;
	/** The servers extensions registered (pi's registerMcpServer), their configs as given. */
	registered?: readonly { name: string; config: unknown; extensionPath: string }[];
	/** More servers: an ACP client's (`session/new`'s `mcpServers`). */
	extra?: readonly McpServerEntry[];
	warn: (line: string) => void;
	ask?: McpApprovalAsk;
	onChange?: () => void;
	/** Settings `mcpToolShare`: percent of the window before lazy tool loading (default 10). */
	share?: number;
};

/** The manager with every server it may start started; undefined when no server is configured. */
export function startSessionServers(opts: McpSessionOptions): McpManager | undefined {
	const config = loadMcpConfig(opts.where);
	for (const line of config.problems) opts.warn(line);
	const entries = [...config.servers];
	const registered: McpConfig = { servers: [], problems: [] };
	for (const s of opts.registered ?? []) serversOf({ [s.name]: s.config }, "extension", s.extensionPath, registered);
	for (const line of registered.problems) opts.warn(line);
	// Configured servers win over an extension's or a client's of the same name.
	for (const entry of [...registered.servers, ...(opts.extra ?? [])]) if (!entries.some((e) => e.name === entry.name)) entries.push(entry);
	if (entries.length === 0) return undefined;
	const manager = new McpManager({ cwd: opts.where.cwd, version: VERSION, toolSet: opts.toolSet, gate: mcpGate(opts.confirm, opts.yes), warn: opts.warn, ...(opts.share !== undefined ? { share: opts.share } : {}), ...(opts.ext ? { ext: opts.ext } : {}), ...(opts.onChange ? { onChange: opts.onChange } : {}) });
	const states = approvalStates(opts.where, entries);
	const waiting = entries.filter((e) => states.get(e.name) === "new" || states.get(e.name) === "changed");
	for (const entry of entries) if (!waiting.includes(entry)) manager.start(entry);
	if (waiting.length === 0) return manager;
	const changed = waiting.some((e) => states.get(e.name) === "changed");
	for (const entry of waiting) manager.notApproved(entry, states.get(entry.name) === "changed" ? "changed since approved: arbor mcp approve" : "not approved: arbor mcp approve");
	if (!opts.ask) opts.warn(unapprovedLine(waiting.map((e) => e.name), changed));
	else void askThenStart(opts, opts.ask, manager, waiting, states);
	return manager;
}

async function askThenStart(opts: McpSessionOptions, ask: McpApprovalAsk, manager: McpManager, waiting: McpServerEntry[], states: Map<string, string>): Promise<void> {
	const { describeServer } = await import("./config.js");
	const yes = await ask(waiting.map((e) => ({ name: e.name, command: describeServer(e.config), source: e.source, changed: states.get(e.name) === "changed" })));
	if (!yes) return;
	approveServers(opts.where, waiting);
	for (const entry of waiting) manager.start(entry);
	opts.onChange?.();
}
