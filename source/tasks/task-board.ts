/**
 * The running tasks as a front end shows them: each with its description, depth and the tool calls
 * it made (newest last), kept from the tasks' events. An external store: a new snapshot each change.
 */
import type { TaskEvent } from "./types.js";

/** One running task. */
type RunningTask = { id: string; description: string; depth: number; lines: readonly string[] };

export class TaskBoard {
	private tasks: readonly RunningTask[] = [];
	private readonly listeners = new Set<() => void>();

	/** Takes one event of a task (start, tool call, end). */
	apply(event: TaskEvent): void {
		switch (event.type) {
			case "task_start":
				this.set([...this.tasks, { id: event.id, description: event.description, depth: event.depth, lines: [] }]);
				return;
			case "task_tool":
				this.set(this.tasks.map((t) => (t.id === event.id ? { ...t, lines: [...t.lines, event.line] } : t)));
				return;
			case "task_end":
				this.set(this.tasks.filter((t) => t.id !== event.id));
				return;
			default: {
				const never: never = event;
				throw new Error(`unknown task event ${String(never)}`);
			}
		}
	}

	readonly snapshot = (): readonly RunningTask[] => this.tasks;

	readonly subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	private set(tasks: readonly RunningTask[]): void {
		this.tasks = tasks;
		for (const listener of [...this.listeners]) listener();
	}
}
