// The text of a turn's prompt (a string, or pi's content parts), for the `input` hook.

/** The text of a prompt: the string, or its first text part; undefined for anything else. */
export function promptText(prompt: unknown): string | undefined {
	if (typeof prompt === "string") return prompt;
	if (!Array.isArray(prompt)) return undefined;
	const part = prompt.find((p: { type?: unknown; text?: unknown }) => p?.type === "text" && typeof p.text === "string") as { text: string } | undefined;
	return part?.text;
}

/** `prompt` with its text (the string, or its first text part) replaced. */
export function withPromptText<P>(prompt: P, text: string): P {
	if (typeof prompt === "string") return text as P;
	if (!Array.isArray(prompt)) return prompt;
	const at = prompt.findIndex((p: { type?: unknown; text?: unknown }) => p?.type === "text" && typeof p.text === "string");
	return (at === -1 ? prompt : prompt.map((p: object, i: number) => (i === at ? { ...p, text } : p))) as P;
}
