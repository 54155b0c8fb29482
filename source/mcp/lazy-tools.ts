/**
 * Lazy tool loading (docs/mcp.md): when the MCP servers' tool definitions would take more than a
 * share of the model's window (`mcpToolShare`, default 10 %), the model is offered one search tool,
 * `mcp_tool_search`, instead of them; the tools a search finds are offered from the next step of the
 * turn on (and for the rest of the session). The search matches the words of the query against the
 * tools' names and descriptions.
 */
import type { Tool, ToolSet } from "ai";
import { standardSchema } from "../tools/extension-tools.js";
import type { ToolResult } from "../tools/result.js";
import type { McpServerStatus } from "./manager.js";

export const SEARCH_TOOL = "mcp_tool_search";
/** The share of the window (percent) when the settings give none. */
export const DEFAULT_SHARE = 10;
const MAX_FOUND = 5;

/** A tool definition's size in tokens as a request carries it (its name, description and schema; 4 characters a token). */
export function definitionTokens(tool: { qualified: string; description?: string; inputSchema: unknown }): number {
	return Math.ceil(JSON.stringify({ name: tool.qualified, description: tool.description ?? "", parameters: tool.inputSchema }).length / 4);
}

/** The tokens of every running server's tool definitions, and of the search tool that replaces them. */
export function definitionCost(statuses: readonly McpServerStatus[]): { all: number; search: number } {
	const all = statuses.flatMap((s) => (s.state === "ready" ? s.tools : [])).reduce((n, t) => n + definitionTokens(t), 0);
	return { all, search: definitionTokens({ qualified: SEARCH_TOOL, description: SEARCH_DESCRIPTION, inputSchema: SEARCH_SCHEMA }) };
}

/** Whether the definitions take more than `share` percent of `window` (no window known: never). */
export function lazyNeeded(statuses: readonly McpServerStatus[], window: number | undefined, share = DEFAULT_SHARE): boolean {
	return window !== undefined && window > 0 && definitionCost(statuses).all > (window * share) / 100;
}

const SEARCH_DESCRIPTION = "Find tools of the connected MCP servers by what they do: give a few words. The tools found can be called from the next step on.";
const SEARCH_SCHEMA = { type: "object", properties: { query: { type: "string", description: "words of the tool's name or purpose" } }, required: ["query"] };

/** The best matches for `query`: tools scored by how many of its words their name and description hold. */
export function searchTools(statuses: readonly McpServerStatus[], query: string): McpServerStatus["tools"] {
	const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
	const scored = statuses
		.flatMap((s) => (s.state === "ready" ? s.tools : []))
		.map((tool) => {
			const text = `${tool.qualified} ${tool.description ?? ""}`.toLowerCase();
			return { tool, score: words.filter((w) => text.includes(w)).length };
		})
		.filter((s) => s.score > 0)
		.sort((a, b) => b.score - a.score);
	return scored.slice(0, MAX_FOUND).map((s) => s.tool);
}

/** The loaded tools of a session and the search tool that loads them. */
export class LazyTools {
	readonly loaded = new Set<string>();

	constructor(private readonly statuses: () => McpServerStatus[]) {}

	/** The search tool's entry, for the session's ToolSet. */
	entry(): Tool<unknown, ToolResult<object>> {
		return {
			description: SEARCH_DESCRIPTION,
			inputSchema: standardSchema(SEARCH_SCHEMA),
			execute: async (args: unknown) => {
				const query = String((args as { query?: unknown } | undefined)?.query ?? "");
				const found = searchTools(this.statuses(), query);
				for (const tool of found) this.loaded.add(tool.qualified);
				if (found.length === 0) return { output: `no MCP tool matches "${query}"` };
				return { output: found.map((t) => `${t.qualified}: ${t.description ?? ""}\n  parameters: ${JSON.stringify(t.inputSchema)}`).join("\n") + "\n(loaded: call them from the next step)" };
			},
			toModelOutput: ({ output }) => ({ type: "text", value: output.output }),
		};
	}

	/** The names offered in a request: `names` without the MCP tools not loaded. */
	filter(names: readonly string[]): string[] {
		const mcp = new Set(this.statuses().flatMap((s) => s.tools.map((t) => t.qualified)));
		return names.filter((n) => !mcp.has(n) || this.loaded.has(n));
	}

	/** Puts the search tool into the set (once). */
	install(set: ToolSet): void {
		if (!Object.hasOwn(set, SEARCH_TOOL)) set[SEARCH_TOOL] = this.entry();
	}
}
