/**
 * What `/mcp` and `arbor mcp list` say (docs/mcp.md): each server — scope, state, tools and the
 * tokens of their definitions, its command line or address — and the tokens of tool definitions
 * each request carries with and without lazy loading.
 */
import { definitionCost, definitionTokens, DEFAULT_SHARE, lazyNeeded } from "./lazy-tools.js";
import type { McpServerStatus } from "./manager.js";

const n = (x: number) => x.toLocaleString("en-US");
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function stateText(status: McpServerStatus): string {
	switch (status.state) {
		case "ready": {
			const tokens = status.tools.reduce((sum, t) => sum + definitionTokens(t), 0);
			return `ready, ${plural(status.tools.length, "tool")} (${n(tokens)} tokens)${status.prompts.length ? `, ${plural(status.prompts.length, "prompt")}` : ""}`;
		}
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

/** The report's lines; `window` (the model's, when known) decides whether lazy loading is on. */
export function mcpReport(statuses: readonly McpServerStatus[], opts: { window?: number; share?: number; tools?: boolean } = {}): string[] {
	if (statuses.length === 0) return ["no MCP servers configured (.mcp.json, $ARBOR_HOME/settings.json, .arbor/settings.json)"];
	const lines: string[] = [];
	for (const s of statuses) {
		lines.push(`${s.name}  ${s.scope}  ${stateText(s)}`, `  ${s.command}  (${s.source})`);
		if (opts.tools) for (const t of s.tools) lines.push(`    ${t.qualified}  ${n(definitionTokens(t))} tokens`);
	}
	const cost = definitionCost(statuses);
	const share = opts.share ?? DEFAULT_SHARE;
	const lazy = lazyNeeded(statuses, opts.window, share);
	const window = opts.window ? ` of this model's ${n(opts.window)}-token window` : "";
	lines.push(`tool definitions per request: ${n(cost.all)} tokens without lazy loading, ${n(cost.search)} with it (${lazy ? "on" : "off"}: above ${share} %${window})`);
	return lines;
}
