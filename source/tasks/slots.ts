/**
 * Where a task works and when it may start (docs/tasks.md). Read-only tasks (their tools are all
 * read-only ones) share the working tree and run at once. A task that may write gets a private
 * copy of the files (the fan-out's copies, its bash in the sandbox: made by the core) and runs at
 * once too; its changes come back when it ends, in the order the tasks were called. Where no copy
 * can be made it works in the shared working tree, one such task at a time.
 */
import type { ToolSet } from "ai";
import type { TaskCopies, TaskCopy } from "./types.js";

// `recall` reads the session only; `mcp_tool_search` only lists tool definitions.
const READ_ONLY = new Set(["read", "ls", "grep", "find", "task", "recall", "mcp_tool_search"]);

/** True when one of the tools may change files or run commands (write, edit, bash, extensions' tools). */
export function mayWrite(tools: ToolSet): boolean {
	return Object.keys(tools).some((name) => !READ_ONLY.has(name));
}

/** One at a time, in the order asked; a task's own tasks get a new Turns (their parent waits for them). */
export class Turns {
	private tail: Promise<void> = Promise.resolve();

	/** Runs `work` after everything queued before it has finished. */
	run<T>(work: () => Promise<T>): Promise<T> {
		const result = this.tail.then(work);
		this.tail = result.then(
			() => undefined,
			() => undefined,
		);
		return result;
	}

	/** A place in the queue taken now: `ready` once every earlier place has ended; `end` must be called. */
	reserve(): { ready: Promise<void>; end: () => void } {
		const ready = this.tail;
		let end = () => {};
		const mine = new Promise<void>((resolve) => (end = resolve));
		this.tail = ready.then(() => mine);
		return { ready, end };
	}
}

/** The folder and tools a task works with; `copy` when they are a private copy's. */
export type Workspace = { cwd: string; tools: ToolSet; exclusive: boolean; copy?: TaskCopy };

/** The workspace of a task: the folder as it is for a read-only one, a copy for one that may write, else the folder, exclusive. */
export async function taskWorkspace(where: { cwd: string; copies?: TaskCopies }, tools: ToolSet): Promise<Workspace> {
	if (!mayWrite(tools)) return { cwd: where.cwd, tools, exclusive: false };
	const copy = await where.copies?.make(tools);
	if (copy) return { cwd: copy.cwd, tools: copy.tools, exclusive: false, copy };
	return { cwd: where.cwd, tools, exclusive: true };
}
