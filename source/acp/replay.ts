/**
 * `session/load`: the active path (root → leaf) as the `session/update` notifications an editor
 * would have seen, in file order. Each update's `messageId` is the entry it comes from. Entries the
 * model never saw as conversation (labels, model changes, names, custom data) are not replayed;
 * branch summaries and compactions are shown as agent text with a heading.
 */
import type { ContentBlock, SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ImageContent, SessionEntry, TextContent, UnknownContent } from "../session/types.js";
import { textContent, toolDiff, toolKind, toolLocations, toolTitle } from "./tool-updates.js";

function blocks(content: string | (TextContent | ImageContent | UnknownContent)[]): ContentBlock[] {
	if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
	// A part of a type arbor does not know (a newer pi's) has no ACP block: left out.
	return content.flatMap((part): ContentBlock[] => {
		if (part.type === "image") return [{ type: "image", data: part.data, mimeType: part.mimeType }];
		return part.type === "text" ? [{ type: "text", text: part.text }] : [];
	});
}

/**
 * The updates one entry replays as; [] for entries that are not conversation. `diffs` carries each
 * announced call's diff to its result (see toolCallEnd).
 */
function entryUpdates(entry: SessionEntry, cwd: string, diffs: Map<string, ToolCallContent[]>): SessionUpdate[] {
	const messageId = entry.id;
	switch (entry.type) {
		case "message": {
			const m = entry.message;
			switch (m.role) {
				case "user":
					return blocks(m.content).map((content) => ({ sessionUpdate: "user_message_chunk", content, messageId }));
				case "assistant": {
					// A failed reply's error is shown after what it streamed, as the terminal shows it.
					const failure: SessionUpdate[] =
						m.stopReason === "error" && m.errorMessage ? [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: `\n[error: ${m.errorMessage}]` }, messageId }] : [];
					return [...m.content.flatMap((part): SessionUpdate[] => {
						if (part.type === "text") return part.text === "" ? [] : [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: part.text }, messageId }];
						if (part.type === "thinking") return part.thinking === "" ? [] : [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: part.thinking }, messageId }];
						if (part.type !== "toolCall") return [];
						const start = toolCallStart(part.id, part.name, part.arguments, cwd, { readOld: false });
						diffs.set(part.id, start.content ?? []);
						return [start];
					}), ...failure];
				}
				case "toolResult":
					return [toolCallEnd(m.toolCallId, m.content.map((c) => (c.type === "text" ? c.text : "")).join(""), m.isError, diffs.get(m.toolCallId) ?? [])];
				case "bashExecution":
					return [
						{ sessionUpdate: "tool_call", toolCallId: `bash-${entry.id}`, title: `bash: ${m.command}`, kind: "execute", status: m.exitCode === 0 ? "completed" : "failed", rawInput: { command: m.command }, content: [textContent(m.output)] },
					];
				case "custom":
					return m.display ? blocks(m.content).map((content) => ({ sessionUpdate: "agent_message_chunk", content, messageId })) : [];
				default:
					return [];
			}
		}
		case "custom_message":
			return entry.display ? blocks(entry.content).map((content) => ({ sessionUpdate: "agent_message_chunk", content, messageId })) : [];
		case "branch_summary":
			return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: `Branch summary:\n${entry.summary}` }, messageId }];
		case "compaction":
			return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: `Compaction summary:\n${entry.summary}` }, messageId }];
		default:
			return [];
	}
}

/**
 * The whole path's replay. A call with no result on the path (its turn was cancelled or aborted
 * before it ran) is closed as failed after what followed it, never left pending.
 */
export function pathUpdates(path: readonly SessionEntry[], cwd: string): SessionUpdate[] {
	const diffs = new Map<string, ToolCallContent[]>();
	const updates = path.flatMap((entry) => entryUpdates(entry, cwd, diffs));
	const ended = new Set(updates.flatMap((u) => (u.sessionUpdate === "tool_call_update" ? [u.toolCallId] : [])));
	return [...updates, ...[...diffs.keys()].filter((id) => !ended.has(id)).map(toolCallUnfinished)];
}

/** The close of a call that never ran: failed (ACP has no cancelled status), saying so. */
export function toolCallUnfinished(toolCallId: string): SessionUpdate {
	return { sessionUpdate: "tool_call_update", toolCallId, status: "failed", content: [textContent("cancelled: the tool did not run")] };
}

/** A tool call as announced (live: before it runs; replayed: from the assistant message). */
export function toolCallStart(toolCallId: string, name: string, args: unknown, cwd: string, opts: { readOld: boolean }): Extract<SessionUpdate, { sessionUpdate: "tool_call" }> {
	return {
		sessionUpdate: "tool_call",
		toolCallId,
		title: toolTitle(name, args),
		kind: toolKind(name),
		status: "pending",
		locations: toolLocations(name, args, cwd),
		rawInput: args,
		content: toolDiff(name, args, cwd, opts),
	};
}

/**
 * A finished tool call: completed or failed, with its output as text. An update replaces the
 * content list, so `kept` (the announced diff, for a call that succeeded) is sent again with it.
 */
export function toolCallEnd(toolCallId: string, output: string, isError: boolean, kept: readonly ToolCallContent[]): SessionUpdate {
	const diff = isError ? [] : kept;
	return {
		sessionUpdate: "tool_call_update",
		toolCallId,
		status: isError ? "failed" : "completed",
		content: [...diff, textContent(output)],
		rawOutput: { output, isError },
	};
}
