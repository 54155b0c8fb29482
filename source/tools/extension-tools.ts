/** The tools extensions add, in the AI SDK's ToolSet beside the built-in ones. */
import type { FlexibleSchema, Tool, ToolSet } from "ai";
import type { ToolResult } from "./result.js";

/** Where the extensions' tools come from (the extension host): listed again after each /reload. */
export type ExtensionToolSource = {
	tools(): { name: string; description: string; parameters: Record<string, unknown> }[];
	runTool(name: string, args: unknown, signal?: AbortSignal): Promise<{ output: string; isError?: boolean }>;
	onReload?(listener: () => void): () => void;
};

/**
 * A JSON Schema as the SDK takes a schema without importing it (see tool-set.ts): a Standard
 * Schema whose JSON Schema is the extension's own. The arguments are handed over as the model sent
 * them; the extension checks them.
 */
function standardSchema(parameters: Record<string, unknown>): FlexibleSchema<unknown> {
	const json = () => parameters;
	return {
		"~standard": { version: 1, vendor: "arbor-extension", validate: (value: unknown) => ({ value }), jsonSchema: { input: json, output: json } },
	} as unknown as FlexibleSchema<unknown>;
}

/**
 * Puts the source's tools into `set` (never over a built-in one), and again after each reload of
 * the extensions: the ToolSet of a session then offers what the extensions have now. `wrap` runs
 * each call (tool-set.ts: the secrets taken out of what it returns).
 */
export function addExtensionTools(set: ToolSet, source: ExtensionToolSource, wrap: (run: () => Promise<ToolResult<object>>) => Promise<ToolResult<object>>): void {
	let added: string[] = [];
	const install = () => {
		for (const name of added) delete set[name];
		added = [];
		for (const info of source.tools()) {
			if (Object.hasOwn(set, info.name)) continue;
			const entry: Tool<unknown, ToolResult<object>> = {
				description: info.description,
				inputSchema: standardSchema(info.parameters),
				execute: (args, { abortSignal }) => wrap(async () => ({ ...(await source.runTool(info.name, args, abortSignal)) })),
				toModelOutput: ({ output }) => (output.isError ? { type: "error-text", value: output.output } : { type: "text", value: output.output }),
			};
			set[info.name] = entry;
			added.push(info.name);
		}
	};
	install();
	source.onReload?.(install);
}
