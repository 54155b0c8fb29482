/** The system prompt of a task's sub-conversation, and the tool's description the model reads. */

/** The `task` tool's description. */
export const TASK_DESCRIPTION = [
	"Hand a self-contained piece of work to a sub-agent: it works in its own conversation with the same tools and",
	"answers once. Its answer is this tool's result; its steps do not fill your context. Give it everything it needs",
	"in `prompt` (it does not see this conversation). Several task calls in one step run at the same time.",
].join(" ");

/** The session's system prompt with what a task must know about its place. */
export function taskSystemPrompt(base: string, description: string): string {
	return [
		base,
		"",
		`You are a sub-agent working on one task for another agent: ${description}.`,
		"You see only the task's prompt, not that agent's conversation. Do the work with your tools, then answer once:",
		"your final message is all the other agent receives, so make it complete and self-contained (findings, file",
		"paths, what you changed, what is left).",
	].join("\n");
}
