/** Builds the AI SDK ToolSet for the enabled tools, with the confirmation gate in front. */
import type { FlexibleSchema, Tool, ToolSet } from "ai";
import { describeToolCall } from "./describe.js";
import { previewToolCall } from "./preview.js";
import type { ToolName } from "./policy.js";
import { ToolError, type ToolResult } from "./result.js";
import { TOOL_SPECS, type ToolContext } from "./specs.js";

/** Asks the user whether a tool may run; "always" stops asking for that tool in this ToolSet. */
export type ConfirmFn = (req: { toolName: ToolName; args: unknown; description: string; preview?: string }) => Promise<
	"yes" | "no" | "always"
>;

/**
 * The AI SDK's `tool()` is the identity function that only fixes the types; this typed copy lets
 * the tools load without importing the SDK, which keeps the interactive start-up light.
 */
const tool = <Input, Output>(spec: Tool<Input, Output>): Tool<Input, Output> => spec;

export const DECLINED_MESSAGE = "the user declined to run this tool";

type Gate = (name: ToolName, args: unknown) => Promise<void>;

/**
 * The ToolSet handed to streamText. Each tool's execute returns a `ToolResult` ({output, details?,
 * isError?}); the model sees only `output` (as error text when isError). Expected failures throw
 * ToolError, which the SDK reports as a tool-error with that message.
 */
export function createToolSet(opts: {
	cwd: string;
	enabled: ToolName[];
	confirm?: ConfirmFn;
	needsConfirmation?: (n: ToolName) => boolean;
}): ToolSet {
	const gate = confirmationGate(opts.confirm, opts.needsConfirmation ?? (() => false), opts.cwd);
	const set: ToolSet = {};
	for (const name of opts.enabled) {
		const spec = TOOL_SPECS[name] as (typeof TOOL_SPECS)[ToolName] & {
			run(args: unknown, ctx: ToolContext): Promise<ToolResult<object>>;
		};
		set[name] = tool<unknown, ToolResult<object>>({
			description: spec.description,
			inputSchema: spec.inputSchema as FlexibleSchema<unknown>,
			execute: async (args, { abortSignal }) => {
				await gate(name, args);
				if (abortSignal?.aborted) throw new ToolError("cancelled");
				return spec.run(args, { cwd: opts.cwd, signal: abortSignal });
			},
			toModelOutput: ({ output }) =>
				output.isError ? { type: "error-text", value: output.output } : { type: "text", value: output.output },
		});
	}
	return set;
}

/** Confirmations run one at a time, so parallel tool calls never stack prompts and an "always"
 * answer applies to calls already waiting. */
function confirmationGate(confirm: ConfirmFn | undefined, needs: (n: ToolName) => boolean, cwd: string): Gate {
	const always = new Set<ToolName>();
	let queue: Promise<unknown> = Promise.resolve();
	return async (name, args) => {
		if (!needs(name)) return;
		const turn = queue.then(async () => {
			if (always.has(name)) return;
			if (!confirm) throw new ToolError(`${name} needs confirmation and there is no way to ask; ${DECLINED_MESSAGE}`);
			const preview = await previewToolCall(name, args, cwd);
			const answer = await confirm({ toolName: name, args, description: describeToolCall(name, args), ...(preview ? { preview } : {}) });
			switch (answer) {
				case "yes":
					return;
				case "always":
					always.add(name);
					return;
				case "no":
					throw new ToolError(DECLINED_MESSAGE);
				default: {
					const unreachable: never = answer;
					throw new Error(`unexpected confirmation answer ${String(unreachable)}`);
				}
			}
		});
		queue = turn.catch(() => undefined);
		await turn;
	};
}
