/**
 * Summarizes the branch you leave in /tree (or `arbor navigate --summarize`, or print mode's
 * `--at … --summarize`) with a different, cheaper model than the chat: the seeds' example.
 *
 *   ARBOR_SUMMARIZER_MODEL=openai:gpt-4.1-mini   (default; any provider:model arbor knows)
 *
 * The summary is stored like the built-in one, with `fromHook: true` and the model in `details`.
 */
import type { ExtensionAPI, SessionEntry } from "arbor/extensions";

const SYSTEM = "You summarize an abandoned branch of a coding conversation for the person who returns to it later.";

/** One line per conversation entry: who said what (tool calls and results shortened). */
function transcript(entries: SessionEntry[]): string {
	const lines: string[] = [];
	for (const entry of entries) {
		if (entry.type === "branch_summary" || entry.type === "compaction") lines.push(`[summary]: ${String(entry.summary)}`);
		if (entry.type === "custom_message") lines.push(`[${String(entry.customType)}]: ${textOf(entry.content)}`);
		if (entry.type !== "message") continue;
		const message = entry.message as { role: string; content?: unknown; toolName?: string };
		const text = textOf(message.content).slice(0, 2000);
		lines.push(message.role === "toolResult" ? `[${message.toolName} result]: ${text.slice(0, 300)}` : `${message.role}: ${text}`);
	}
	return lines.join("\n");
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((part) => (part?.type === "text" ? part.text : part?.type === "toolCall" ? `(calls ${part.name})` : ""))
		.filter(Boolean)
		.join("\n");
}

export default function (arbor: ExtensionAPI) {
	arbor.on("session_before_tree", async (event, ctx) => {
		if (!event.userWantsSummary || event.entriesToSummarize.length === 0) return;
		const model = process.env.ARBOR_SUMMARIZER_MODEL ?? "openai:gpt-4.1-mini";
		const focus = event.customInstructions ? `\nFocus on: ${event.customInstructions}` : "";
		const summary = await arbor.complete({
			model,
			system: SYSTEM,
			prompt: `Summarize this branch in a few bullet points: goal, what was done, what is left.${focus}\n\n${transcript(event.entriesToSummarize)}`,
			signal: ctx.signal,
		});
		if (!summary.trim()) return; // nothing usable: arbor's own summarizer takes over
		return { summary: { summary: summary.trim(), details: { model, entries: event.entriesToSummarize.length } } };
	});
}
