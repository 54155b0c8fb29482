/**
 * The `task` tool in a session's tool set (source/tasks/, docs/tasks.md), when `--tools` or the
 * settings name it: its sub-conversations run on the core (task-conversation.ts), its side branches
 * go to the live session, its progress goes out as the session's events.
 */
import { taskLimits } from "../tasks/limits.js";
import { TaskRuns } from "../tasks/task-runs.js";
import { taskTool } from "../tasks/task-tool.js";
import { Turns } from "../tasks/slots.js";
import { taskConversations } from "./task-conversation.js";
import type { RunHost } from "./turn-runner.js";

/** Adds the `task` tool when the session's tools ask for it; the running tasks, for an abort to wait on. */
export function addTaskTool(host: RunHost): TaskRuns | undefined {
	const { deps } = host;
	if (!deps.tools.task) return undefined;
	const runs = new TaskRuns();
	const toolSet = deps.tools.toolSet;
	toolSet.task = taskTool(
		{
			store: () => host.store(),
			// Not `recall`: it reads the parent's session, and a task starts from its prompt alone.
			tools: () => Object.fromEntries(Object.entries(toolSet).filter(([name]) => name !== "task" && name !== "recall")),
			cwd: deps.opts.cwd,
			system: () => deps.system,
			limits: taskLimits(deps.settings ?? {}),
			run: taskConversations({ opts: deps.opts, models: deps.models, chat: () => host.chat(), thinking: () => host.thinking() }),
			listener: (event) => host.emit(event),
			...(deps.opts.warn ? { warn: deps.opts.warn } : {}),
		},
		{ depth: 1, turns: new Turns(), runs },
	);
	return runs;
}
