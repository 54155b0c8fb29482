/**
 * The types of the `task` tool (task-tool.ts): what the model asks for, what a task reports while
 * it runs (for the front ends' live lines), and what the session core hands the tool to run one.
 */
import type { ToolSet } from "ai";
import type { SessionStore } from "../session/store.js";
import type { SessionStoreApi } from "../session/api.js";

/** The live session as tasks write to it: a store that can append a side branch without moving the leaf. */
export type AsideStore = SessionStoreApi & Pick<SessionStore, "appendAside">;

/** The tool's arguments. `model`: a `provider:model` spec; absent, the session's model. */
export type TaskInput = { description: string; prompt: string; model?: string };

/** What a running task reports; `id` is the tool call's id (one task per call). */
export type TaskEvent =
	| { type: "task_start"; id: string; description: string; depth: number; parentId?: string }
	| { type: "task_tool"; id: string; line: string }
	| { type: "task_end"; id: string; ok: boolean; error?: string; tokens: number };

/** What a finished sub-conversation gives back. */
export type TaskOutcome = { ok: boolean; text: string; error?: string; aborted: boolean };

/** What the sub-conversation tells the tool while it runs. */
export type TaskProgress = { toolCall(name: string, args: unknown): void; tokens(total: number): void };

/**
 * Runs one sub-conversation on `store` (an in-memory session of its own) through the session core:
 * `prompt` as its first user message, `system` as its system prompt, `tools` as its tools.
 * Throws an Error whose message the model gets when `model` names no usable model.
 */
export type RunConversation = (req: {
	store: SessionStore;
	prompt: string;
	model?: string;
	system: string;
	tools: ToolSet;
	signal: AbortSignal;
	progress: TaskProgress;
	/** A task in a copy: its checkpoints are taken there (recorded as `copy` ones). */
	files?: CopyFiles;
}) => Promise<TaskOutcome>;

/** A copy's folder and the git index its snapshots use. */
export type CopyFiles = { workTree: string; indexFile: string };

/** What came back of a copy when its task ended: the files written, those not, the copy kept when some were not. */
export type CopyReturn = { applied: string[]; notApplied: string[]; kept?: string; error?: string };

/** A task's private copy of the files (made by the core: agent/task-copies.ts) and its tools there. */
export type TaskCopy = {
	cwd: string;
	tools: ToolSet;
	files: CopyFiles;
	/** Copies for the task's own tasks, made from this one (and brought back into it). */
	copies: TaskCopies;
	/** Its changes into the folder it was made from; the copy is removed unless some were not applied. */
	bringBack(): Promise<CopyReturn>;
};

/** Makes copies for tasks that may write; undefined: none can be made (the task works in the folder itself). */
export type TaskCopies = { make(tools: ToolSet): Promise<TaskCopy | undefined> };

/** The settings of tasks: how deep they nest and the tokens one may spend (0: no limit). */
export type TaskLimits = { maxDepth: number; tokenBudget: number };

/** What the `task` tool needs from the session it runs in. */
export type TaskContext = {
	/** The live session: the side branches are written to it. */
	store(): AsideStore;
	/** The session's other tools (the task gets the same ones, and a `task` tool one level deeper). */
	tools(): ToolSet;
	cwd: string;
	/** Private copies for tasks that may write (docs/tasks.md); absent: they work in `cwd`, one at a time. */
	copies?: TaskCopies;
	/** The session's system prompt; a task's adds what it must know about its place (prompt.ts). */
	system(): string;
	limits: TaskLimits;
	run: RunConversation;
	/** Where the running tasks are reported (the chat's live lines, RPC events); absent: nowhere. */
	listener?: (event: TaskEvent) => void;
	/** A branch that could not be written (the session closed before the task ended); default: stderr. */
	warn?: (line: string) => void;
};
