import { describe, expect, it } from "vitest";
import { TaskUpdates } from "../../source/acp/task-updates.js";

const text = (line: string) => [{ type: "content", content: { type: "text", text: line } }];

describe("TaskUpdates: a task's tool calls as updates of its task call", () => {
	it("a task's own call updates its tool call; a nested task's update the outermost one, prefixed; nothing after the end", () => {
		const tasks = new TaskUpdates();
		expect(tasks.update({ type: "task_start", id: "t1", description: "scan", depth: 1 })).toBeUndefined();
		expect(tasks.update({ type: "task_tool", id: "t1", line: "ls ." })).toEqual({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "in_progress", content: text("ls .") });
		tasks.update({ type: "task_start", id: "n1", description: "deeper", depth: 2, parentId: "t1" });
		expect(tasks.update({ type: "task_tool", id: "n1", line: "read a.txt" })).toMatchObject({ toolCallId: "t1", content: text("deeper: read a.txt") });
		tasks.update({ type: "task_end", id: "n1", ok: true, tokens: 5 });
		tasks.update({ type: "task_end", id: "t1", ok: true, tokens: 9 });
		expect(tasks.update({ type: "task_tool", id: "t1", line: "late" })).toBeUndefined();
	});
});
