/** The tools extensions add, in the AI SDK's ToolSet beside the built-in ones. */
import type { FlexibleSchema, Tool, ToolExecutionOptions, ToolSet } from "ai";
import { ToolError, type ToolResult } from "./result.js";
import { OUTPUT_MAX_BYTES, OUTPUT_MAX_LINES, OutputCapture, truncationNote } from "./output-capture.js";

/** Where the extensions' tools come from (the extension host): listed again after each /reload. */
export type ExtensionToolSource = {
	tools(): { name: string; description: string; parameters: Record<string, unknown> }[];
	runTool(name: string, args: unknown, signal?: AbortSignal): Promise<{ output: string; isError?: boolean }>;
	onReload?(listener: () => void): () => void;
	/** The extensions' `tool_call` answer: why the call is blocked ("" without a reason), or undefined. */
	beforeToolCall?(call: { toolName: string; toolCallId?: string; input: unknown; signal?: AbortSignal }): Promise<string | undefined>;
	/** The extensions' `tool_result` version of what the call gives the model (undefined: as it is). */
	afterToolCall?(call: { toolName: string; toolCallId?: string; input: unknown; output: string; isError: boolean }): Promise<{ output: string; isError: boolean } | undefined>;
};

/** A tool's execute as arbor's tools have it (they never stream their results). */
export type Execute = (args: unknown, options: ToolExecutionOptions) => Promise<ToolResult<object>>;

/**
 * `execute` between the extensions' `tool_call` handlers (a blocked call is an error the model
 * gets, and asks nothing) and their `tool_result` handlers (which may change what the model gets
 * of a call that ran or failed).
 */
export function gated(name: string, execute: Execute, source: ExtensionToolSource): Execute {
	if (!source.beforeToolCall && !source.afterToolCall) return execute;
	return async (args: unknown, options: ToolExecutionOptions) => {
		const call = { toolName: name, toolCallId: options.toolCallId, input: args };
		const blocked = await source.beforeToolCall?.({ ...call, signal: options.abortSignal });
		if (blocked !== undefined) throw new ToolError(blocked ? `blocked by an extension: ${blocked}` : "blocked by an extension");
		if (!source.afterToolCall) return execute(args, options);
		let result: ToolResult<object>;
		try {
			result = await execute(args, options);
		} catch (error) {
			const output = error instanceof Error ? error.message : String(error);
			const changed = await source.afterToolCall({ ...call, output, isError: true });
			if (!changed) throw error;
			if (changed.isError) throw new ToolError(changed.output);
			return { output: changed.output };
		}
		const changed = await source.afterToolCall({ ...call, output: result.output, isError: result.isError === true });
		return changed ? { ...result, output: changed.output, isError: changed.isError } : result;
	};
}

/**
 * An extension tool's output held to the built-in tools' limits (50 KB, 2,000 lines): longer, its
 * tail is kept, as bash's is, and the whole of it goes to a temp file the note names.
 */
export function cappedOutput<T extends { output: string }>(result: T): T {
	const text = result.output;
	if (Buffer.byteLength(text) <= OUTPUT_MAX_BYTES && text.split("\n").length <= OUTPUT_MAX_LINES) return result;
	const capture = new OutputCapture("tool");
	capture.push(Buffer.from(text));
	const out = capture.finish();
	return out.truncated ? { ...result, output: `${truncationNote(out)}\n${out.text}` } : result;
}

/**
 * A JSON Schema as the SDK takes a schema without importing it (see tool-set.ts): a Standard
 * Schema whose JSON Schema is the extension's own. The arguments are handed over as the model sent
 * them; the extension checks them.
 */
export function standardSchema(parameters: Record<string, unknown>): FlexibleSchema<unknown> {
	const json = () => parameters;
	return {
		"~standard": { version: 1, vendor: "arbor-extension", validate: (value: unknown) => ({ value }), jsonSchema: { input: json, output: json } },
	} as unknown as FlexibleSchema<unknown>;
}

/**
 * Puts the source's tools into `set` (never over a built-in one), and again after each reload of
 * the extensions: the ToolSet of a session then offers what the extensions have now. `wrap` runs
 * each call (tool-set.ts: the secrets taken out of what it returns). Every tool, the built-in ones
 * too, gets the extensions' `tool_call` handlers in front of it (before its confirmation).
 */
export function addExtensionTools(set: ToolSet, source: ExtensionToolSource, wrap: (run: () => Promise<ToolResult<object>>) => Promise<ToolResult<object>>): void {
	for (const [name, entry] of Object.entries(set)) if (entry.execute) entry.execute = gated(name, entry.execute as unknown as Execute, source) as typeof entry.execute;
	let added: string[] = [];
	const install = () => {
		for (const name of added) delete set[name];
		added = [];
		for (const info of source.tools()) {
			if (Object.hasOwn(set, info.name)) continue;
			const entry: Tool<unknown, ToolResult<object>> = {
				description: info.description,
				inputSchema: standardSchema(info.parameters),
				execute: gated(info.name, (args, { abortSignal }) => wrap(async () => cappedOutput({ ...(await source.runTool(info.name, args, abortSignal)) })), source),
				toModelOutput: ({ output }) => (output.isError ? { type: "error-text", value: output.output } : { type: "text", value: output.output }),
			};
			set[info.name] = entry;
			added.push(info.name);
		}
	};
	install();
	source.onReload?.(install);
}
