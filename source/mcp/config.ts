/**
 * The MCP servers a run knows (docs/mcp.md): Claude Code's `mcpServers` shape, read from
 * `$ARBOR_HOME/settings.json` (user), the project's `.mcp.json` and `.arbor/settings.json`
 * (project: they start only once approved, approval.ts), extensions' `registerMcpServer` and an
 * ACP client's `session/new` (session). Only read here, never started.
 */
import { join } from "node:path";
import { readConfigText } from "../config/config-file.js";
import { readSettingsFile, PROJECT_SETTINGS } from "../config/settings.js";
import { projectAllowed } from "../config/trust.js";
import { errorMessage } from "../text/error-text.js";

/** How arbor talks to a server: a child process on stdio, Streamable HTTP, or the older SSE. */
export type McpServerConfig =
	| { type: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
	| { type: "http" | "sse"; url: string; headers: Record<string, string> };

/** Where a server was configured: user-level servers start without asking, project ones once approved. */
type McpScope = "user" | "project" | "extension" | "session";

/** One configured server: its name, scope, the file (or extension) that named it, and its config as written. */
export type McpServerEntry = { name: string; scope: McpScope; source: string; config: McpServerConfig };

/** The servers and the entries that could not be read (one line each; the others still start). */
export type McpConfig = { servers: McpServerEntry[]; problems: string[] };

/** The project's `.mcp.json` (Claude Code's file). */
export const MCP_JSON = ".mcp.json";

const strings = (value: unknown, what: string): Record<string, string> => {
	if (value === undefined) return {};
	if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(`"${what}" must be an object of texts`);
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(value)) {
		if (typeof v !== "string") throw new Error(`"${what}.${k}" must be a text`);
		out[k] = v;
	}
	return out;
};

/** One entry of `mcpServers` as arbor uses it; throws with what is wrong. */
export function parseServerConfig(raw: unknown): McpServerConfig {
	if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("expected an object");
	const r = raw as Record<string, unknown>;
	const type = r.type ?? (typeof r.url === "string" && r.command === undefined ? "http" : "stdio");
	if (type === "http" || type === "streamable-http" || type === "sse") {
		if (typeof r.url !== "string" || !/^https?:\/\//.test(r.url)) throw new Error(`"url" must be an http(s) address`);
		return { type: type === "sse" ? "sse" : "http", url: r.url, headers: strings(r.headers, "headers") };
	}
	if (type !== "stdio") throw new Error(`unknown "type" ${JSON.stringify(type)} (stdio, http or sse)`);
	if (typeof r.command !== "string" || r.command.trim() === "") throw new Error(`"command" must be a text`);
	const args = r.args ?? [];
	if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) throw new Error(`"args" must be a list of texts`);
	if (r.cwd !== undefined && typeof r.cwd !== "string") throw new Error(`"cwd" must be a text`);
	return { type: "stdio", command: r.command, args: args as string[], env: strings(r.env, "env"), ...(typeof r.cwd === "string" ? { cwd: r.cwd } : {}) };
}

/** A server's name as it may appear in a tool name (`mcp__<name>__<tool>`). */
export function validServerName(name: string): boolean {
	return /^[A-Za-z0-9_-]{1,40}$/.test(name) && !name.includes("__");
}

/** The entries of one `mcpServers` object, each parsed; what cannot be is a problem line naming the source. */
export function serversOf(raw: unknown, scope: McpScope, source: string, into: McpConfig): void {
	if (raw === undefined) return;
	if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
		into.problems.push(`${source}: "mcpServers" must be an object`);
		return;
	}
	for (const [name, value] of Object.entries(raw)) {
		if (!validServerName(name)) {
			into.problems.push(`${source}: MCP server "${name}": names are letters, digits, - and _ (no "__", at most 40)`);
			continue;
		}
		try {
			const entry: McpServerEntry = { name, scope, source, config: parseServerConfig(value) };
			// A later source wins over an earlier one (project over user), as a project's settings do.
			into.servers = [...into.servers.filter((s) => s.name !== name), entry];
		} catch (error) {
			into.problems.push(`${source}: MCP server "${name}": ${errorMessage(error)}`);
		}
	}
}

/** `.mcp.json`'s `mcpServers` (undefined when there is no file); a broken file is a problem line. */
function mcpJsonServers(file: string, into: McpConfig): unknown {
	let text: string | undefined;
	try {
		text = readConfigText(file);
	} catch (error) {
		into.problems.push(errorMessage(error));
		return undefined;
	}
	if (text === undefined) return undefined;
	try {
		const raw = JSON.parse(text) as { mcpServers?: unknown } | null;
		return raw && typeof raw === "object" ? (raw.mcpServers ?? {}) : {};
	} catch (error) {
		into.problems.push(`${file}: invalid JSON (${errorMessage(error)})`);
		return undefined;
	}
}

/** A settings file's `mcpServers`; a broken file was already the settings' usage error, here a problem line. */
function settingsServers(file: string, into: McpConfig): unknown {
	try {
		return readSettingsFile(file).mcpServers;
	} catch (error) {
		into.problems.push(errorMessage(error));
		return undefined;
	}
}

/**
 * The servers configured for `where.cwd`: the user's settings, then the project's `.mcp.json`, then
 * the project's `.arbor/settings.json` (read only in a trusted project, as every project setting).
 */
export function loadMcpConfig(where: { cwd: string; home: string }): McpConfig {
	const config: McpConfig = { servers: [], problems: [] };
	const user = join(where.home, "settings.json");
	serversOf(settingsServers(user, config), "user", user, config);
	const mcpJson = join(where.cwd, MCP_JSON);
	serversOf(mcpJsonServers(mcpJson, config), "project", mcpJson, config);
	const projectSettings = join(where.cwd, PROJECT_SETTINGS);
	if (readConfigQuiet(projectSettings) && projectAllowed(where)) serversOf(settingsServers(projectSettings, config), "project", projectSettings, config);
	return config;
}

function readConfigQuiet(file: string): boolean {
	try {
		return readConfigText(file) !== undefined;
	} catch {
		return true;
	}
}

/** A server's command line or address, as `/mcp`, `arbor mcp list` and the approval question show it. */
export function describeServer(config: McpServerConfig): string {
	if (config.type !== "stdio") return `${config.type} ${config.url}`;
	const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
	return [config.command, ...config.args].map(quote).join(" ");
}
