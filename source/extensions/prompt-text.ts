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

/** A prompt's text (its text parts joined) and images, as pi's before_agent_start shows them. */
export function promptParts(prompt: unknown): { text: string; images: { type: "image"; data: string; mimeType: string }[] } {
	if (typeof prompt === "string") return { text: prompt, images: [] };
	const parts = Array.isArray(prompt) ? (prompt as { type?: unknown; text?: unknown; data?: unknown; mimeType?: unknown }[]) : [];
	const text = parts.flatMap((p) => (p?.type === "text" && typeof p.text === "string" ? [p.text] : [])).join("\n");
	const images = parts.flatMap((p) => (p?.type === "image" && typeof p.data === "string" && typeof p.mimeType === "string" ? [{ type: "image" as const, data: p.data, mimeType: p.mimeType }] : []));
	return { text, images };
}
