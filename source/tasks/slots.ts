/**
 * Where a task works and when it may start. A task that may write (its tools include anything but
 * the read-only ones) runs in the shared working tree one at a time; read-only tasks run at once,
 * side by side. {@link taskWorkspace} is the one place a private copy of the project (the fan-out's
 * per-branch copies, in a sandbox) plugs in later: a writer would then get its own folder and tools
 * there, and stop waiting for the others.
 */
import type { ToolSet } from "ai";

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
}

/** The folder and tools a task works with. */
export type Workspace = { cwd: string; tools: ToolSet; exclusive: boolean };

/**
 * The workspace of a task: today the session's own working tree and tools, exclusive when the
 * tools may write. (A sandboxed copy of the project would be made and returned here.)
 */
export function taskWorkspace(cwd: string, tools: ToolSet): Workspace {
	return { cwd, tools, exclusive: mayWrite(tools) };
}
