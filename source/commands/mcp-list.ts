/**
 * `arbor mcp list`: every server configured for this project — where, its command line or address,
 * whether a project server is approved — started (the approved ones) to say whether it answers and
 * what tools it has; then stopped.
 */
import { approvalStates } from "../mcp/approval.js";
import { loadMcpConfig } from "../mcp/config.js";
import { McpManager } from "../mcp/manager.js";
import { mcpReport } from "../mcp/report.js";
import { terminalText } from "../text/terminal-text.js";

declare const ARBOR_VERSION: string;

const out = (line: string) => process.stdout.write(`${terminalText(line)}\n`);

export async function mcpList(where: { cwd: string; home: string }, opts: { json?: boolean; tools?: boolean }): Promise<number> {
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
	for (const line of mcpReport(statuses, { tools: opts.tools === true })) out(line);
	return 0;
}
