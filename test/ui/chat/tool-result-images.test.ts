/** A tool result with an image in the transcript: its text names it, so no extra `[image]` row; an image alone still shows. */
import { describe, expect, it } from "vitest";
import { entryOp } from "../../../source/ui/chat/transcript.js";
import type { SessionEntry } from "../../../source/session/types.js";

const result = (content: unknown[]): SessionEntry =>
	({ type: "message", id: "r1", parentId: "a1", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "toolResult", toolCallId: "c1", toolName: "read", content, isError: false, timestamp: 1 } }) as SessionEntry;
const image = { type: "image", data: "AAAA", mimeType: "image/png" };

describe("a tool result's image in the transcript", () => {
	it("shows the text that names it, once", () => {
		expect(entryOp(result([{ type: "text", text: "[image: shot.png 4×4, 73 B]" }, image]))).toMatchObject({ type: "settle", result: { output: "[image: shot.png 4×4, 73 B]" } });
	});
	it("an image without text still shows as [image]", () => {
		expect(entryOp(result([image]))).toMatchObject({ type: "settle", result: { output: "[image]" } });
	});
});
