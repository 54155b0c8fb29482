/**
 * Images a tool returned (`read` of a picture; pi's sessions hold them too) as each model can take
 * them. Anthropic and OpenAI's Responses API take images in a tool's result; the chat-completions
 * API (OpenAI-compatible servers: Ollama, LM Studio, llama.cpp, vLLM…) has no images in tool
 * messages — the AI SDK would send their base64 as text — so they go in a user message right after,
 * as pi does; a model not known to take images gets a line saying what was left out.
 */
import type { LanguageModelV3Message, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";

export type ToolImages = "in-result" | "as-user-message" | "omitted";

/** How a model of this API, taking images or not, gets the images of tool results. */
export function toolImagesFor(api: string, takesImages: boolean): ToolImages {
	if (!takesImages) return "omitted";
	return api === "anthropic-messages" || api === "openai-responses" ? "in-result" : "as-user-message";
}

type Image = { data: string; mediaType: string };
type ContentItem = Extract<LanguageModelV3ToolResultOutput, { type: "content" }>["value"][number];

function imageOf(item: ContentItem): Image | undefined {
	if (item.type === "image-data") return { data: item.data, mediaType: item.mediaType };
	if (item.type === "file-data" && item.mediaType.startsWith("image/")) return { data: item.data, mediaType: item.mediaType };
	return undefined;
}

/** The prompt with tool-result images placed as `how` says; the same array when there are none. */
export function placeToolImages(prompt: LanguageModelV3Prompt, how: ToolImages): LanguageModelV3Prompt {
	if (how === "in-result" || !prompt.some((m) => m.role === "tool" && m.content.some((p) => p.type === "tool-result" && p.output.type === "content"))) return prompt;
	const out: LanguageModelV3Message[] = [];
	for (const message of prompt) {
		if (message.role !== "tool") {
			out.push(message);
			continue;
		}
		const moved: Image[] = [];
		const content = message.content.map((part) => {
			if (part.type !== "tool-result" || part.output.type !== "content") return part;
			const images = part.output.value.map(imageOf).filter((i): i is Image => i !== undefined);
			if (images.length === 0) return part;
			moved.push(...images);
			const text = part.output.value.flatMap((item) => (item.type === "text" ? [item.text] : [])).join("\n");
			const note = how === "omitted" ? `[${images.length === 1 ? "an image" : `${images.length} images`} not sent: this model is not known to take images]` : `[${images.length === 1 ? "the image" : `${images.length} images`} in the next message]`;
			return { ...part, output: { type: "text" as const, value: text === "" ? note : `${text}\n${note}` } };
		});
		out.push({ ...message, content });
		if (how === "as-user-message" && moved.length > 0) {
			out.push({
				role: "user",
				content: [{ type: "text", text: "The image(s) the tool call above returned:" }, ...moved.map((i) => ({ type: "file" as const, data: i.data, mediaType: i.mediaType }))],
			});
		}
	}
	return out;
}
