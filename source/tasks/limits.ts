/** The task settings (`taskDepth`, `taskTokenBudget`) with their defaults. */
import type { TaskLimits } from "./types.js";

/** How deep tasks nest by default: a task may start tasks, theirs may not. */
const DEFAULT_TASK_DEPTH = 2;

/** The limits from the settings: depth 2 and no token budget unless they say otherwise. */
export function taskLimits(settings: { taskDepth?: number; taskTokenBudget?: number }): TaskLimits {
	return { maxDepth: settings.taskDepth ?? DEFAULT_TASK_DEPTH, tokenBudget: settings.taskTokenBudget ?? 0 };
}

/** The tool error of a task that would nest deeper than the setting allows. */
export function depthRefusal(depth: number, maxDepth: number): string {
	return `task refused: tasks nest at most ${maxDepth} deep (settings "taskDepth") and this one would be ${depth} deep; do the work yourself`;
}

/** The tool error of a task stopped by its budget; what it had said so far follows. */
export function budgetStop(tokens: number, budget: number): string {
	return `task stopped: it used ${tokens} tokens, more than its budget of ${budget} (settings "taskTokenBudget")`;
}
