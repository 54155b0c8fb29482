/**
 * A server's tools as entries of the session's AI SDK ToolSet, named `mcp__<server>__<tool>`:
 * behind the permission question (allow once / always / deny; `--yes` skips it) and the
 * extensions' `tool_call` / `tool_result` hooks; the result keeps its text, images and resource
 * links; an `isError` result or a protocol error is the call's error; a call to a server that is
 * not running fails at once with the reason.
 */
import type { Tool } from "ai";
import { describeToolCall } from "../tools/describe.js";
import { gated, standardSchema, cappedOutput, type ExtensionToolSource } from "../tools/extension-tools.js";
import { ToolError, type ToolResult } from "../tools/result.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import type { ToolName } from "../tools/policy.js";
import { knownSecrets, redactText, redactValue } from "../text/secrets.js";
import { errorMessage } from "../text/error-text.js";
import type { McpCallResult, McpConnection, McpTool } from "./connection.js";

/** `mcp__<server>__<tool>`, cut to the 64 characters providers accept, in the characters they accept. */
export function mcpToolName(server: string, tool: string): string {
	return `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);
}

/** Asks before a call: "always" stops asking for that tool for the rest of the session; one question at a time. */
export type McpGate = (name: string, args: unknown, toolCallId?: string) => Promise<void>;

/** The gate of the session's MCP tools: `yes` lets every call run; without `confirm` a call is refused with how to allow it. */
export function mcpGate(confirm: ConfirmFn | undefined, yes: boolean): McpGate {
	const always = new Set<string>();
	let queue: Promise<unknown> = Promise.resolve();
	return async (name, args, toolCallId) => {
		if (yes) return;
		const turn = queue.then(async () => {
			if (always.has(name)) return;
			if (!confirm) throw new ToolError(`${name} needs confirmation and there is no way to ask; rerun with -y (--yes) to let MCP tools run`);
			const description = describeToolCall(name, args);
			const answer = await confirm({ toolName: name as ToolName, args, description, ...(toolCallId ? { toolCallId } : {}) });
			if (answer === "no") throw new ToolError("the user declined to run this tool");
			if (answer === "always") always.add(name);
		});
		queue = turn.catch(() => undefined);
		await turn;
	};
}

/** What one server gives the entries: its connection now (undefined: not running, with `reason`). */
type ServerHandle = { name: string; connection(): McpConnection | undefined; reason(): string };

/** The entry of one tool. */
export function mcpToolEntry(server: ServerHandle, tool: McpTool, opts: { gate: McpGate; ext?: ExtensionToolSource }): Tool<unknown, ToolResult<object>> {
	const name = mcpToolName(server.name, tool.name);
	const execute = async (args: unknown, { abortSignal, toolCallId }: { abortSignal?: AbortSignal; toolCallId?: string }): Promise<ToolResult<object>> => {
		const connection = server.connection();
		if (!connection) throw new ToolError(`MCP server ${server.name} is not running: ${server.reason()}`);
		await opts.gate(name, args, toolCallId);
		if (abortSignal?.aborted) throw new ToolError("cancelled");
		const secrets = knownSecrets();
		let result: McpCallResult;
		try {
			result = await connection.call(tool.name, args, abortSignal);
		} catch (error) {
			const live = server.connection() ? "" : ` (MCP server ${server.name} ${server.reason()})`;
			throw new ToolError(redactText(`${errorMessage(error)}${live}`, secrets));
		}
		const output = redactValue(cappedOutput(resultOutput(result)), secrets);
		if (result.isError) throw new ToolError(output.output || "the tool failed");
		return output;
	};
	return {
		description: tool.description ?? "",
		inputSchema: standardSchema(tool.inputSchema ?? { type: "object" }),
		execute: opts.ext ? gated(name, execute as never, opts.ext) : execute,
		toModelOutput: ({ output }) => {
			if (output.isError) return { type: "error-text", value: output.output };
			if (!output.images?.length) return { type: "text", value: output.output };
			const images = output.images.map((i) => ({ type: "image-data" as const, data: i.data, mediaType: i.mimeType }));
			return { type: "content", value: [{ type: "text", text: output.output }, ...images] };
		},
	};
}

type Part = { type?: string; text?: string; data?: string; mimeType?: string; uri?: string; name?: string; description?: string; resource?: { uri?: string; text?: string; blob?: string; mimeType?: string } };

/** The result's content as arbor's tool result: texts joined, images kept, resource links and other parts as lines. */
export function resultOutput(result: McpCallResult): ToolResult<object> {
	const lines: string[] = [];
	const images: { data: string; mimeType: string }[] = [];
	for (const raw of result.content ?? []) {
		const part = raw as Part;
		if (part.type === "text") lines.push(part.text ?? "");
		else if (part.type === "image" && part.data && part.mimeType) images.push({ data: part.data, mimeType: part.mimeType });
		else if (part.type === "resource_link") lines.push(`[resource link: ${part.uri}${part.name ? ` (${part.name}${part.mimeType ? `, ${part.mimeType}` : ""})` : ""}${part.description ? ` — ${part.description}` : ""}]`);
		else if (part.type === "resource") lines.push(resourceText(part.resource, images));
		else lines.push(`[${part.type ?? "unknown"} content${part.mimeType ? ` (${part.mimeType})` : ""} not shown]`);
	}
	if (lines.length === 0 && result.structuredContent !== undefined) lines.push(JSON.stringify(result.structuredContent));
	return { output: lines.join("\n"), ...(images.length > 0 ? { images } : {}) };
}

function resourceText(resource: Part["resource"], images: { data: string; mimeType: string }[]): string {
	if (!resource) return "[resource]";
	if (resource.text !== undefined) return `[resource ${resource.uri}]\n${resource.text}`;
	if (resource.blob && resource.mimeType?.startsWith("image/")) {
		images.push({ data: resource.blob, mimeType: resource.mimeType });
		return `[resource ${resource.uri}: image]`;
	}
	return `[resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ""}: ${resource.blob ? Math.floor((resource.blob.length * 3) / 4) : 0} bytes not shown]`;
}
