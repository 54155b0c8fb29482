/** Tool results' images placed as each API takes them (llm/tool-images.ts). */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { placeToolImages, toolImagesFor } from "../../source/llm/tool-images.js";

const prompt: LanguageModelV3Prompt = [
	{ role: "user", content: [{ type: "text", text: "look at shot.png" }] },
	{ role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "read", input: { path: "shot.png" } }] },
	{
		role: "tool",
		content: [{ type: "tool-result", toolCallId: "c1", toolName: "read", output: { type: "content", value: [{ type: "text", text: "[image: shot.png 2×3, 30 B]" }, { type: "image-data", data: "AAAA", mediaType: "image/png" }] } }],
	},
];

describe("placeToolImages", () => {
	it("Anthropic and OpenAI Responses take them in the result: unchanged", () => {
		expect(toolImagesFor("anthropic-messages", true)).toBe("in-result");
		expect(toolImagesFor("openai-responses", true)).toBe("in-result");
		expect(placeToolImages(prompt, "in-result")).toBe(prompt);
	});

	it("chat completions: the result says where the image is, and a user message right after carries it", () => {
		expect(toolImagesFor("openai-completions", true)).toBe("as-user-message");
		const out = placeToolImages(prompt, "as-user-message");
		expect(out).toHaveLength(4);
		expect(out[2]).toMatchObject({ role: "tool", content: [{ type: "tool-result", output: { type: "text", value: "[image: shot.png 2×3, 30 B]\n[the image in the next message]" } }] });
		expect(out[3]).toEqual({ role: "user", content: [{ type: "text", text: "The image(s) the tool call above returned:" }, { type: "file", data: "AAAA", mediaType: "image/png" }] });
	});

	it("a model not known to take images: the result says what was left out, and no image is sent", () => {
		expect(toolImagesFor("anthropic-messages", false)).toBe("omitted");
		const out = placeToolImages(prompt, "omitted");
		expect(out).toHaveLength(3);
		expect(JSON.stringify(out)).not.toContain("AAAA");
		expect(out[2]).toMatchObject({ content: [{ output: { type: "text", value: "[image: shot.png 2×3, 30 B]\n[an image not sent: this model is not known to take images]" } }] });
	});
});
