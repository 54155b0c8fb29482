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
