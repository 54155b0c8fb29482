import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../source/agent/events.js";
import { PiEventWriter } from "../../source/rpc/pi-events.js";
import type { AssistantMessage, ToolResultMessage, UserMessage } from "../../source/session/types.js";

const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 };
const user: UserMessage = { role: "user", content: "go", timestamp: 1 };
const step1: AssistantMessage = {
	role: "assistant",
	content: [{ type: "thinking", thinking: "hmm" }, { type: "text", text: "Hi" }, { type: "toolCall", id: "c1", name: "ls", arguments: {} }],
	api: "openai-completions",
	provider: "p",
	model: "m",
	usage,
	stopReason: "toolUse",
	timestamp: 2,
};
const result: ToolResultMessage = { role: "toolResult", toolCallId: "c1", toolName: "ls", content: [{ type: "text", text: "a" }], isError: false, timestamp: 3 };
const step2: AssistantMessage = { ...step1, content: [{ type: "text", text: "done" }], stopReason: "stop", timestamp: 4 };

describe("arbor's agent events → pi's RPC events", () => {
	it("derives pi's turns (one per model step, with its tool results) and the message_update deltas", () => {
		const out: Record<string, any>[] = [];
		const writer = new PiEventWriter((e) => out.push(structuredClone(e)), () => undefined);
		const events: AgentEvent[] = [
			{ type: "agent_start" },
			{ type: "turn_start", prompt: "go" },
			{ type: "message_end", entryId: "u1", message: user },
			{ type: "message_start" },
			{ type: "thinking_delta", delta: "hmm" },
			{ type: "text_delta", delta: "H" },
			{ type: "text_delta", delta: "i" },
			{ type: "tool_call", toolCallId: "c1", toolName: "ls", args: {} },
			{ type: "tool_result", toolCallId: "c1", toolName: "ls", output: "a", isError: false, durationMs: 7 },
			{ type: "message_end", entryId: "a1", message: step1 },
			{ type: "message_end", entryId: "r1", message: result },
			{ type: "message_start" },
			{ type: "text_delta", delta: "done" },
			{ type: "message_end", entryId: "a2", message: step2 },
			{ type: "turn_end", result: { ok: true, stopReason: "stop", text: "done", usage, leafId: "a2" } },
			{ type: "agent_end", messages: [user, step1, result, step2], result: undefined },
			{ type: "agent_settled", aborted: false },
		];
		for (const e of events) writer.write(e);
		const names = out.map((e) => (e.type === "message_update" ? `update:${e.assistantMessageEvent.type}` : e.type));
		expect(names).toEqual([
			"agent_start",
			"turn_start", "message_start", "message_end", // the user message
			"message_start", "update:start",
			"update:thinking_start", "update:thinking_delta",
			"update:thinking_end", "update:text_start", "update:text_delta", "update:text_delta",
			"update:text_end", "update:toolcall_start", "update:toolcall_end",
			"update:done", "message_end",
			// pi's order: the assistant message ends, then its tools run (arbor's ran while it streamed)
			"tool_execution_start", "tool_execution_end",
			"message_start", "message_end", // the tool result
			"turn_end",
			"turn_start", "message_start", "update:start", "update:text_start", "update:text_delta", "update:text_end", "update:done", "message_end",
			"turn_end",
			"agent_end",
			"agent_settled",
		]);
		expect(out.find((e) => e.type === "tool_execution_end")).toMatchObject({ toolCallId: "c1", durationMs: 7 });
		expect(out.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		const firstTurnEnd = out.find((e) => e.type === "turn_end");
		expect(firstTurnEnd).toMatchObject({ message: step1, toolResults: [result] });
		const lastText = out.filter((e) => e.type === "message_update" && e.assistantMessageEvent.type === "text_end")[0];
		expect(lastText?.assistantMessageEvent.content).toBe("Hi");
		expect(out.filter((e) => e.type === "turn_end")).toHaveLength(2);
	});

	it("passes a task's progress through as arbor's own events (docs/tasks.md)", () => {
		const out: Record<string, any>[] = [];
		const writer = new PiEventWriter((e) => out.push(structuredClone(e)), () => undefined);
		const events: AgentEvent[] = [
			{ type: "task_start", id: "t1", description: "scan", depth: 1 },
			{ type: "task_tool", id: "t1", line: "ls ." },
			{ type: "task_end", id: "t1", ok: true, tokens: 30 },
		];
		for (const event of events) writer.write(event);
		expect(out).toEqual(events);
	});

	it("session_info_changed leaves `name` out when it was cleared (pi 1.6's), and keeps it when set", () => {
		const out: Record<string, any>[] = [];
		const writer = new PiEventWriter((e) => out.push(e), () => undefined);
		writer.write({ type: "session_info_changed", name: undefined });
		writer.write({ type: "session_info_changed", name: "refactor" });
		expect(out.map((e) => Object.keys(e))).toEqual([["type"], ["type", "name"]]);
		expect(out[1]).toEqual({ type: "session_info_changed", name: "refactor" });
	});
});
