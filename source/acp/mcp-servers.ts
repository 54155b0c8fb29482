/**
 * The editor's MCP servers: ACP's `session/new` and `session/load` name them (`mcpServers`: stdio
 * with `env` as name/value pairs, http and sse with `headers` as pairs). They start with that
 * session, as the user's own (no approval: the editor's user configured them), beside the
 * configured ones (docs/mcp.md). One that cannot be read is a warning on stderr.
 */
import type { McpServer } from "@agentclientprotocol/sdk/unstable";
import { parseServerConfig, validServerName, type McpServerEntry } from "../mcp/config.js";
import { errorMessage } from "../text/error-text.js";

const pairs = (list: readonly { name: string; value: string }[] | undefined) => Object.fromEntries((list ?? []).map((p) => [p.name, p.value]));

/** The client's servers as the session's entries (scope "session"). */
export function acpMcpServers(servers: readonly McpServer[] | undefined, warn: (line: string) => void): McpServerEntry[] {
	const entries: McpServerEntry[] = [];
	for (const server of servers ?? []) {
		const raw = "type" in server && (server.type === "http" || server.type === "sse") ? { type: server.type, url: server.url, headers: pairs(server.headers) } : { command: (server as { command: string }).command, args: (server as { args?: string[] }).args ?? [], env: pairs((server as { env?: { name: string; value: string }[] }).env) };
		if (!validServerName(server.name)) {
			warn(`the client's MCP server "${server.name}": names are letters, digits, - and _ (no "__"); not started`);
			continue;
		}
		try {
			entries.push({ name: server.name, scope: "session", source: "the ACP client", config: parseServerConfig(raw) });
		} catch (error) {
			warn(`the client's MCP server ${server.name}: ${errorMessage(error)}; not started`);
		}
	}
	return entries;
}
