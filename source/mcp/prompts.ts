/**
 * MCP prompts as slash commands (docs/mcp.md): `/mcp__<server>__<prompt> [arguments]` is sent as
 * the text the server's prompt gives. The words after the name fill the prompt's arguments in their
 * order; the last argument takes the rest of the line. The session core expands it when the turn
 * starts (agent/turn-runner.ts), so every mode has it.
 */
import type { McpPrompt } from "./connection.js";
import type { McpManager } from "./manager.js";

const COMMAND = /^\/mcp__([A-Za-z0-9_-]+?)__(\S+)(?:\s+([\s\S]*))?$/;

/** The prompt's arguments from the words after its name. */
export function promptArguments(prompt: McpPrompt, rest: string): Record<string, string> {
	const names = (prompt.arguments ?? []).map((a) => a.name);
	const words = rest.trim() === "" ? [] : rest.trim().split(/\s+/);
	const args: Record<string, string> = {};
	names.forEach((name, i) => {
		const value = i === names.length - 1 ? words.slice(i).join(" ") : words[i];
		if (value) args[name] = value;
	});
	const missing = (prompt.arguments ?? []).filter((a) => a.required && !args[a.name]).map((a) => a.name);
	if (missing.length > 0) throw new Error(`/mcp__…__${prompt.name} needs ${missing.join(", ")} (its arguments, in order: ${names.join(" ")})`);
	return args;
}

/** The text of a prompt's messages: their texts and embedded text resources, a blank line apart. */
function messagesText(messages: { role: string; content: unknown }[]): string {
	const parts: string[] = [];
	for (const message of messages) {
		const content = message.content as { type?: string; text?: string; resource?: { text?: string; uri?: string } };
		if (content.type === "text" && content.text) parts.push(content.text);
		else if (content.type === "resource" && content.resource?.text) parts.push(content.resource.text);
		else if (content.type === "resource_link" || content.type === "resource") parts.push(`[resource ${content.resource?.uri ?? ""}]`);
	}
	return parts.join("\n\n");
}

/** `text` with an MCP prompt command expanded; `text` itself when it names none. Throws with the reason a named one cannot be had. */
export async function expandMcpPrompt(manager: McpManager, text: string): Promise<string> {
	const match = COMMAND.exec(text.trim());
	if (!match) return text;
	const [, server = "", name = "", rest = ""] = match;
	const status = manager.statuses().find((s) => s.name === server);
	const prompt = status?.prompts.find((p) => p.name === name);
	const connection = manager.connection(server);
	if (!status || !prompt) return text;
	if (!connection) throw new Error(`MCP server ${server} is not running: ${status.reason ?? status.state}`);
	return messagesText(await connection.prompt(name, promptArguments(prompt, rest)));
}
