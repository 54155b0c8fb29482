/**
 * `arbor mcp list`: every server configured for this project — where, its command line or address,
 * whether a project server is approved — started (the approved ones) to say whether it answers and
 * what tools it has; then stopped.
 */
import { approvalStates } from "../mcp/approval.js";
import { loadMcpConfig } from "../mcp/config.js";
import { McpManager, type McpServerStatus } from "../mcp/manager.js";
import { terminalText } from "../text/terminal-text.js";

declare const ARBOR_VERSION: string;

const out = (line: string) => process.stdout.write(`${terminalText(line)}\n`);

function stateText(status: McpServerStatus): string {
	switch (status.state) {
		case "ready":
			return `ready, ${status.tools.length} tool${status.tools.length === 1 ? "" : "s"}${status.prompts.length ? `, ${status.prompts.length} prompt${status.prompts.length === 1 ? "" : "s"}` : ""}`;
		case "failed":
			return `failed: ${status.reason ?? ""}`;
		case "unapproved":
			return status.reason ?? "not approved";
		case "starting":
			return "starting";
		default: {
			const unreachable: never = status.state;
			return String(unreachable);
		}
	}
}

export async function mcpList(where: { cwd: string; home: string }, opts: { json?: boolean }): Promise<number> {
	const config = loadMcpConfig(where);
	for (const line of config.problems) process.stderr.write(`arbor: warning: ${terminalText(line)}\n`);
	const toolSet = {};
	const manager = new McpManager({ cwd: where.cwd, version: typeof ARBOR_VERSION === "string" ? ARBOR_VERSION : "0.0.0-dev", toolSet, gate: async () => undefined });
	const states = approvalStates(where, config.servers);
	for (const entry of config.servers) {
		const state = states.get(entry.name);
		if (state === "new" || state === "changed") manager.notApproved(entry, state === "changed" ? "changed since approved (arbor mcp approve)" : "not approved (arbor mcp approve)");
		else manager.start(entry);
	}
	try {
		await manager.ready();
	} finally {
		await manager.close();
	}
	const statuses = manager.statuses();
	if (opts.json) {
		process.stdout.write(`${JSON.stringify(statuses.map((s) => ({ ...s, tools: s.tools.map((t) => t.qualified), prompts: s.prompts.map((p) => p.name) })), null, 2)}\n`);
		return 0;
	}
	if (statuses.length === 0) out("no MCP servers configured (.mcp.json, $ARBOR_HOME/settings.json, .arbor/settings.json)");
	for (const s of statuses) out(`${s.name}  ${s.scope}  ${stateText(s)}\n  ${s.command}  (${s.source})`);
	return 0;
}
