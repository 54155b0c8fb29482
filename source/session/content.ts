/** A message `content` as stored: a string, or parts of which text and images matter here. */
export type MessageContent = string | readonly { type: string; [key: string]: unknown }[];

/** Plain text of a message content: text parts joined by newlines, images as `[image]`. */
export function contentText(content: MessageContent): string {
	if (typeof content === "string") return content;
	return content
		.map((part) => (part.type === "text" ? String(part.text) : part.type === "image" ? "[image]" : ""))
		.filter((s) => s !== "")
		.join("\n");
}

type ToolResultLike = { role: "toolResult"; content: MessageContent; isError: boolean; details?: unknown };

/**
 * arbor before 0.2 stored a tool result's text as the JSON blob `{"output":…,"details":…,"isError"?:…}`.
 * Such a result is read as pi's shape — `content` the output text, `details` and `isError` beside
 * it — so later turns send the model what the live turn sent. The file itself is never rewritten;
 * anything that is not exactly that blob (one text part parsing to an object with a string
 * `output` and no other keys than `details` and `isError`) is returned unchanged.
 */
export function unwrapLegacyToolResult<M extends ToolResultLike>(message: M): M {
	const parts = message.content;
	if (typeof parts === "string" || parts.length !== 1 || parts[0]?.type !== "text") return message;
	const text = String(parts[0].text);
	if (!text.startsWith('{"output":')) return message;
	let blob: unknown;
	try {
		blob = JSON.parse(text);
	} catch {
		// Not JSON after all: a tool that happened to print this prefix; keep its text.
		return message;
	}
	const b = blob as { output?: unknown; details?: unknown; isError?: unknown };
	if (typeof b.output !== "string" || Object.keys(b).some((k) => !["output", "details", "isError"].includes(k))) return message;
	const unwrapped: M = { ...message, content: [{ type: "text", text: b.output }], isError: message.isError || b.isError === true };
	if (b.details !== undefined && message.details === undefined) unwrapped.details = b.details;
	return unwrapped;
}
