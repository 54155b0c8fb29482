/**
 * The `task` tool in the chat (docs/tasks.md) while the chat still runs its turns itself (docs/core.md:
 * it moves onto AgentSession next, which adds the tool on its own and sends the same task events):
 * the chat's effects wrapped so that the tool set gets the tool, the tool sees the turn that runs
 * (its session, model, thinking level and system prompt), and the running tasks go to a board the
 * live area shows.
 */
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { RunTurnOptions } from "../../llm/turn.js";
import type { ThinkingLevel } from "../../llm/thinking.js";
import { TaskBoard } from "../../tasks/task-board.js";
import { TaskRuns } from "../../tasks/task-runs.js";
import { taskTool } from "../../tasks/task-tool.js";
import { Turns } from "../../tasks/slots.js";
import type { AsideStore, RunConversation, TaskLimits } from "../../tasks/types.js";
import type { UiDeps } from "../deps.js";

/** What interactive mode hands the chat when the session's tools name `task`: the core's way to run one, the limits. */
export type ChatTasks = {
	conversations(turn: { chat(): ResolvedModel | undefined; thinking(): ThinkingLevel | undefined }): RunConversation;
	limits: TaskLimits;
	cwd: string;
};

/** `deps` with the task tool in its tool sets and the running tasks on `deps.tasks`; as it is without `tasks`. */
export function withTasks(deps: UiDeps, tasks: ChatTasks | undefined): UiDeps {
	if (!tasks) return deps;
	const board = new TaskBoard();
	const runs = new TaskRuns();
	let turn: RunTurnOptions | undefined;
	const run = tasks.conversations({ chat: () => turn?.model, thinking: () => turn?.thinkingLevel });
	return {
		...deps,
		tasks: board,
		runTurn: (t) => ((turn = t), deps.runTurn(t)),
		createTools: async (confirm) => {
			const set = (await deps.createTools(confirm)) ?? {};
			const others = () => Object.fromEntries(Object.entries(set).filter(([name]) => name !== "task"));
			const store = (): AsideStore => {
				if (!turn || !("appendAside" in turn.store)) throw new Error("no session to write the task to");
				return turn.store as AsideStore;
			};
			set.task = taskTool({ store, tools: others, cwd: tasks.cwd, system: () => turn?.system ?? "", limits: tasks.limits, run, listener: (e) => board.apply(e) }, { depth: 1, turns: new Turns(), runs });
			return set;
		},
	};
}
