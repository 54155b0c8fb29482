/**
 * A running `task`'s progress for the editor (docs/acp.md, docs/tasks.md): the core's `task_tool`
 * events become `tool_call_update`s of the `task` call that started it, its content the task's last
 * tool call (`ls src`) — as the chat's live line. A nested task's calls update the outermost
 * `task` call the editor was shown, prefixed with the nested task's description.
 */
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { AgentEvent } from "../agent/agent-session.js";
import { textContent } from "./tool-updates.js";

type TaskEvent = Extract<AgentEvent, { type: "task_start" | "task_tool" | "task_end" }>;
type Running = { root: string; description: string };

/** Keeps the running tasks (by tool call id) and turns their events into updates. */
export class TaskUpdates {
	private readonly running = new Map<string, Running>();

	/** The update to send for `event`, if any. */
	update(event: TaskEvent): SessionUpdate | undefined {
		switch (event.type) {
			case "task_start": {
				const parent = event.parentId === undefined ? undefined : this.running.get(event.parentId);
				this.running.set(event.id, { root: parent?.root ?? event.id, description: event.description });
				return undefined;
			}
			case "task_tool": {
				const task = this.running.get(event.id);
				if (!task) return undefined;
				const text = task.root === event.id ? event.line : `${task.description}: ${event.line}`;
				return { sessionUpdate: "tool_call_update", toolCallId: task.root, status: "in_progress", content: [textContent(text)] };
			}
			case "task_end":
				this.running.delete(event.id);
				return undefined;
			default: {
				const never: never = event;
				return never;
			}
		}
	}
}
