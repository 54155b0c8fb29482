/**
 * The `task` tool (docs/tasks.md): a sub-conversation with its own system prompt and the session's
 * tools, run through the session core in an in-memory session, then written to the live session as
 * a side branch under the assistant entry that called it (graft.ts); its final answer is the tool's
 * result. Tasks nest up to the `taskDepth` setting; a task over its `taskTokenBudget` is stopped.
 */
import type { Tool, ToolExecutionOptions } from "ai";
import { z } from "zod";
import { SessionStore } from "../session/store.js";
import { describeToolCall } from "../tools/describe.js";
import { ToolError, type ToolResult } from "../tools/result.js";
import { oneLine } from "../text/one-line.js";
import { errorMessage } from "../text/error-text.js";
import { graftWhenCalled, type TaskBranch } from "./graft.js";
import { budgetStop, depthRefusal } from "./limits.js";
import { TASK_DESCRIPTION, taskSystemPrompt } from "./prompt.js";
import { taskWorkspace, Turns, type Workspace } from "./slots.js";
import type { TaskRuns } from "./task-runs.js";
import { withReturn } from "./copy-note.js";
import type { AsideStore, TaskContext, TaskEvent, TaskInput, TaskOutcome, TaskProgress } from "./types.js";

/** Built when a task tool is first made, not while the module loads (print mode loads it and offers no task tool). */
let inputSchema: z.ZodType<TaskInput> | undefined;
const taskInputSchema = () =>
	(inputSchema ??= z.object({
		description: z.string().describe("A few words naming the task (it labels the task's branch)"),
		prompt: z.string().describe("The whole task: what to do, where, and what to answer"),
		model: z.string().optional().describe("A provider:model spec; default: the session's model"),
	}));

/** Where in the nesting a `task` tool sits: the depth of the tasks it starts, their queue, the order their copies come back in. */
type TaskLevel = { depth: number; turns: Turns; runs: TaskRuns; parentId?: string; returns?: Turns };

/** The tool for the tasks at `level` (depth 1: the ones the session's own model starts). */
export function taskTool(ctx: TaskContext, level: TaskLevel): Tool<TaskInput, ToolResult<object>> {
	const returns = level.returns ?? new Turns();
	return {
		description: TASK_DESCRIPTION,
		inputSchema: taskInputSchema(),
		execute: async (input: TaskInput, options: ToolExecutionOptions) => {
			if (level.depth > ctx.limits.maxDepth) throw new ToolError(depthRefusal(level.depth, ctx.limits.maxDepth));
			// Taken as the call comes, before anything waits: copies come back in the order of the calls.
			const turn = returns.reserve();
			return level.runs.track(inWorkspace(ctx, level, { input, options, turn }));
		},
		toModelOutput: ({ output }) => (output.isError ? { type: "error-text", value: output.output } : { type: "text", value: output.output }),
	};
}

type Call = { input: TaskInput; id: string; signal: AbortSignal | undefined; store: AsideStore; space: Workspace };
type Asked = { input: TaskInput; options: ToolExecutionOptions; turn: { ready: Promise<void>; end: () => void } };

/** Runs the task in its workspace (slots.ts); a copy's changes come back when it ends, whatever its outcome. */
async function inWorkspace(ctx: TaskContext, level: TaskLevel, asked: Asked): Promise<ToolResult<object>> {
	try {
		const space = await taskWorkspace(ctx, ctx.tools());
		const call: Call = { input: asked.input, id: asked.options.toolCallId, signal: asked.options.abortSignal, store: ctx.store(), space };
		const start = () => runTask(ctx, level, call);
		const ran = await (space.exclusive ? level.turns.run(start) : start()).then(
			(value) => ({ value }),
			(error: unknown) => ({ error }),
		);
		await asked.turn.ready;
		const back = space.copy ? await space.copy.bringBack() : undefined;
		if ("error" in ran) throw ran.error;
		return back ? withReturn(ran.value, back) : ran.value;
	} finally {
		asked.turn.end();
	}
}

async function runTask(ctx: TaskContext, level: TaskLevel, call: Call): Promise<ToolResult<object>> {
	const emit = (event: TaskEvent) => ctx.listener?.(event);
	const description = oneLine(call.input.description).trim() || "task";
	if (call.signal?.aborted) throw new ToolError("cancelled");
	emit({ type: "task_start", id: call.id, description, depth: level.depth, ...(level.parentId ? { parentId: level.parentId } : {}) });
	const sub = SessionStore.create({ cwd: call.space.cwd, inMemory: true });
	const stop = new AbortController();
	const onAbort = () => stop.abort();
	call.signal?.addEventListener("abort", onAbort, { once: true });
	const spent = { tokens: 0, over: false };
	// Its own tasks' branches go into its session, and with it into the live one when it ends; in a copy they work from the copy.
	const copy = call.space.copy;
	const inner: TaskContext = { ...ctx, store: () => sub, ...(copy ? { cwd: copy.cwd, tools: () => copy.tools, copies: copy.copies } : {}) };
	const tools = { ...call.space.tools, task: taskTool(inner, { depth: level.depth + 1, turns: new Turns(), runs: level.runs, parentId: call.id }) };
	let outcome: TaskOutcome;
	try {
		const progress = progressOf({ ctx, id: call.id, spent, stop });
		const model = call.input.model ? { model: call.input.model } : {};
		outcome = await ctx.run({ store: sub, prompt: call.input.prompt, ...model, system: taskSystemPrompt(ctx.system(), description), tools, signal: stop.signal, progress, ...(copy ? { files: copy.files } : {}) });
	} catch (error) {
		emit({ type: "task_end", id: call.id, ok: false, error: errorMessage(error), tokens: spent.tokens });
		throw new ToolError(`task not started: ${errorMessage(error)}`);
	} finally {
		call.signal?.removeEventListener("abort", onAbort);
	}
	writeBranch(ctx, call, { entries: sub.snapshot().entries, label: `task: ${description}` });
	const result = taskResult(outcome, spent, ctx.limits.tokenBudget);
	emit({ type: "task_end", id: call.id, ok: !result.isError, ...(result.isError ? { error: firstLineOf(result.output) } : {}), tokens: spent.tokens });
	return result;
}

/** The task's tool calls as events; its tokens counted, and the task stopped once they pass the budget. */
function progressOf(t: { ctx: TaskContext; id: string; spent: { tokens: number; over: boolean }; stop: AbortController }): TaskProgress {
	const budget = t.ctx.limits.tokenBudget;
	return {
		toolCall: (name, args) => t.ctx.listener?.({ type: "task_tool", id: t.id, line: describeToolCall(name, args) }),
		tokens: (total) => {
			t.spent.tokens = total;
			if (budget <= 0 || total <= budget || t.spent.over) return;
			t.spent.over = true;
			t.stop.abort();
		},
	};
}

/** The branch into the live session (graft.ts); a session closed meanwhile is a warning. */
function writeBranch(ctx: TaskContext, call: Call, branch: TaskBranch): void {
	try {
		graftWhenCalled(call.store, call.id, branch);
	} catch (error) {
		const warn = ctx.warn ?? ((line: string) => process.stderr.write(`arbor: warning: ${line}\n`));
		warn(`${branch.label}: its branch was not written: ${errorMessage(error)}`);
	}
}

/** The tool's result: the task's answer, or why it stopped with what it had said. */
function taskResult(outcome: TaskOutcome, spent: { tokens: number; over: boolean }, budget: number): ToolResult<object> {
	const details = { tokens: spent.tokens };
	if (spent.over) return { output: joined(budgetStop(spent.tokens, budget), outcome.text), isError: true, details };
	if (outcome.aborted) return { output: joined("task cancelled", outcome.text), isError: true, details };
	if (!outcome.ok) return { output: joined(`task failed: ${outcome.error ?? "no answer"}`, outcome.text), isError: true, details };
	return { output: outcome.text, details };
}

function joined(head: string, text: string): string {
	return text.trim() === "" ? head : `${head}; its last words:\n${text}`;
}

function firstLineOf(text: string): string {
	return text.split("\n")[0] ?? "";
}
