import { asSchema, type ToolSet } from "ai";

/** See RunTurnOptions.checkpoints (turn.ts). */
export type TurnCheckpointHooks = {
	beforePrompt?(): Promise<(userEntryId: string) => void>;
	beforeTool(toolName: string): Promise<void>;
	afterTurn(): Promise<void>;
};

/**
 * Each tool's input schema as the SDK's own `asSchema` makes it, made once per schema object: the
 * SDK converts a zod schema to JSON Schema again on every request otherwise (~1 ms a request for
 * arbor's tools, issue 35 item 19); the schema it makes keeps its JSON Schema once asked. The same
 * conversion and the same validation, so the request and the checks are unchanged.
 */
const schemas = new WeakMap<object, ReturnType<typeof asSchema>>();

function cachedSchema(schema: unknown): unknown {
	if (typeof schema !== "object" || schema === null) return schema;
	let made = schemas.get(schema);
	if (!made) {
		made = asSchema(schema as Parameters<typeof asSchema>[0]);
		schemas.set(schema, made);
	}
	return made;
}

/** The tools a request offers: schemas made once, and `beforeTool` awaited before each one runs. */
export function turnTools(tools: ToolSet | undefined, hooks: TurnCheckpointHooks | undefined): ToolSet | undefined {
	if (!tools) return tools;
	const offered: ToolSet = {};
	for (const [name, tool] of Object.entries(tools)) {
		const execute = tool.execute;
		const inputSchema = cachedSchema(tool.inputSchema) as typeof tool.inputSchema;
		offered[name] =
			execute && hooks
				? {
						...tool,
						inputSchema,
						execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
							await hooks.beforeTool(name);
							return execute(input, options);
						},
					}
				: { ...tool, inputSchema };
	}
	return offered;
}
