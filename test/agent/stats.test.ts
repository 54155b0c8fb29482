import { describe, expect, it } from "vitest";
import { sessionStats } from "../../source/agent/stats.js";
import { forgetBodies, generatedSession } from "../helpers/generated-session.js";

describe("sessionStats (RPC get_session_stats)", () => {
	it("counts the path's messages and tool calls without reading a message back from the file", () => {
		// On a 100k-entry linear session every assistant message was read back from disk to count its
		// tool calls: ~0.6 s a call.
		const { file, view } = generatedSession("linear", 3000);
		const messages = view.getPath(view.leafId).flatMap((e) => (e.type === "message" ? [e.message] : []));
		const calls = messages.reduce((n, m) => n + (m.role === "assistant" ? m.content.filter((c) => c.type === "toolCall").length : 0), 0);
		expect(calls).toBeGreaterThan(100);
		forgetBodies(file);
		const stats = sessionStats(view, { file, id: "s" }, undefined);
		expect(stats).toMatchObject({
			toolCalls: calls,
			userMessages: messages.filter((m) => m.role === "user").length,
			assistantMessages: messages.filter((m) => m.role === "assistant").length,
			toolResults: messages.filter((m) => m.role === "toolResult").length,
			totalMessages: messages.length,
		});
		expect(stats.contextUsage).toBeUndefined();
	});
});
