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
import { taskCopies } from "./task-copies.js";
import type { RunHost } from "./turn-runner.js";
import type { TaskCopies } from "../tasks/types.js";

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
			...copiesOf(host),
			system: () => deps.system,
			limits: taskLimits(deps.settings ?? {}),
			run: taskConversations({ opts: deps.opts, settings: deps.settings ?? {}, models: deps.models, chat: () => host.chat(), thinking: () => host.thinking() }),
			listener: (event) => host.emit(event),
			...(deps.opts.warn ? { warn: deps.opts.warn } : {}),
		},
		{ depth: 1, turns: new Turns(), runs },
	);
	return runs;
}

/** Copies for tasks that may write (task-copies.ts), when the session can make its tools again for another folder. */
function copiesOf(host: RunHost): { copies?: TaskCopies } {
	const { deps } = host;
	const inFolder = deps.tools.inFolder;
	if (!inFolder) return {};
	const warn = deps.opts.warn ?? ((line: string) => process.stderr.write(`arbor: warning: ${line}\n`));
	const allowNet = deps.opts.allowNet === true || deps.settings?.sandboxNetwork === true;
	// In a fan-out branch the folder is the branch's copy, recorded in the project's store.
	const branch = deps.opts.branch;
	const from = branch ? { workTree: deps.opts.cwd, indexFile: branch.indexFile } : undefined;
	const projectCwd = branch?.projectCwd ?? deps.opts.cwd;
	return { copies: taskCopies({ home: deps.opts.home, projectCwd, settings: deps.settings ?? {}, allowNet, sessionId: () => host.store().id, inFolder, warn }, from) };
}
