import fs from "node:fs";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { MISSING_RESULT_TEXT, toModelMessages } from "../../source/llm/convert.js";
import { assistantFromStep, stopReasonFrom, toolResultFromStep, usageFromSdk } from "../../source/llm/from-step.js";
import type { ContextMessage } from "../../source/session/types.js";
import { FIXTURES_DIR } from "../helpers/shared.js";

const FIXTURES = FIXTURES_DIR;

function fixtureMessages(name: string): ContextMessage[] {
	return JSON.parse(fs.readFileSync(`${FIXTURES}/${name}.expected.json`, "utf8")).messages;
}

/** Every tool call is answered by exactly one result in the tool message right after it. */
function checkPairing(messages: ModelMessage[]): { calls: number; synthetic: number } {
	let calls = 0;
	let synthetic = 0;
	messages.forEach((m, i) => {
		if (m.role !== "assistant" || typeof m.content === "string") return;
		const ids = m.content.flatMap((p) => (p.type === "tool-call" ? [p.toolCallId] : []));
		if (ids.length === 0) return;
		calls += ids.length;
		const next = messages[i + 1];
		expect(next?.role).toBe("tool");
		const results = (next!.content as { type: string; toolCallId: string; output: { value: unknown } }[]).filter((p) => p.type === "tool-result");
		expect(results.map((r) => r.toolCallId).sort()).toEqual([...ids].sort());
		synthetic += results.filter((r) => r.output.value === MISSING_RESULT_TEXT).length;
	});
	return { calls, synthetic };
}

describe("toModelMessages over the fixtures", () => {
	it("converts the pi tree session context", () => {
		const context = fixtureMessages("pi-tree-session");
		const out = toModelMessages(context);
		// 12 user + 1 branch summary as user, 17 assistant; 7 tool-call turns but only 6 stored
		// results (one call's result lies on another branch), so 7 tool messages, one synthetic.
		expect(out.map((m) => m.role).filter((r) => r === "user")).toHaveLength(13);
		expect(out.filter((m) => m.role === "assistant")).toHaveLength(17);
		expect(out.filter((m) => m.role === "tool")).toHaveLength(7);
		expect(checkPairing(out)).toEqual({ calls: 7, synthetic: 1 });
		const summary = out.find((m) => m.role === "user" && typeof m.content === "string" && m.content.includes("<summary>"));
		expect(summary?.content).toBe(
			"The following is a summary of a branch that this conversation came back from:\n\n<summary>\n## Goal\nmodel ink fork test react hook bash session session context api react\n\n## Next Steps\n1. file root edit write test read</summary>",
		);
	});

	it("converts the large v1 session: empty aborted turns dropped, orphan calls answered", () => {
		const context = fixtureMessages("pi-v1-large-session");
		const out = toModelMessages(context);
		expect(out.filter((m) => m.role === "user")).toHaveLength(88);
		// 453 assistant messages minus 14 aborted ones with no content.
		expect(out.filter((m) => m.role === "assistant")).toHaveLength(439);
		// 391 calls: 373 stored results + 18 synthetic for calls of error/aborted turns.
		expect(checkPairing(out)).toEqual({ calls: 391, synthetic: 18 });
		const parts = out.flatMap((m) => (m.role === "tool" ? m.content : []));
		expect(parts).toHaveLength(391);
		// Thinking never goes out.
		const hasReasoning = out.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === "reasoning"));
		expect(hasReasoning).toBe(false);
	});
});

describe("toModelMessages shapes", () => {
	it("maps every context item", () => {
		const ts = 1;
		const context: ContextMessage[] = [
			{ role: "compactionSummary", summary: "S", tokensBefore: 9, timestamp: ts },
			{ role: "user", content: [{ type: "text", text: "look" }, { type: "image", data: "AAA", mimeType: "image/png" }], timestamp: ts },
			{ role: "assistant", content: [{ type: "thinking", thinking: "hmm" }, { type: "text", text: "ok" }, { type: "toolCall", id: "c1", name: "read", arguments: { path: "a.ts" } }], stopReason: "toolUse", timestamp: ts },
			{ role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "nope" }], isError: true, timestamp: ts },
			{ role: "bashExecution", command: "ls", output: "a.ts\n", exitCode: 2, cancelled: false, truncated: true, timestamp: ts },
			{ role: "bashExecution", command: "secret", output: "x", exitCode: 0, cancelled: false, truncated: false, excludeFromContext: true, timestamp: ts },
			{ role: "custom", customType: "note", content: "remember", display: true, timestamp: ts },
			{ role: "assistant", content: [], stopReason: "aborted", timestamp: ts },
			{ role: "toolResult", toolCallId: "stray", toolName: "read", content: [{ type: "text", text: "x" }], isError: false, timestamp: ts },
		];
		expect(toModelMessages(context)).toEqual([
			{ role: "user", content: "The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>" },
			{ role: "user", content: [{ type: "text", text: "look" }, { type: "image", image: "AAA", mediaType: "image/png" }] },
			{ role: "assistant", content: [{ type: "text", text: "ok" }, { type: "tool-call", toolCallId: "c1", toolName: "read", input: { path: "a.ts" } }] },
			{ role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "read", output: { type: "error-text", value: "nope" } }] },
			// pi 1.6's bashExecutionToText: a truncated output names its file only when one was kept.
			{ role: "user", content: "Ran `ls`\n```\na.ts\n\n```\n\nCommand exited with code 2" },
			{ role: "user", content: "remember" },
		]);
	});
});

describe("stored shapes from steps", () => {
	it("maps usage, stop reasons and tool results", () => {
		const usage = usageFromSdk({
			inputTokens: 100,
			inputTokenDetails: { noCacheTokens: 60, cacheReadTokens: 30, cacheWriteTokens: 10 },
			outputTokens: 7,
			outputTokenDetails: { textTokens: 7, reasoningTokens: 0 },
			totalTokens: 107,
		});
		expect(usage).toEqual({ input: 60, output: 7, cacheRead: 30, cacheWrite: 10, totalTokens: 107, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });
		expect(["stop", "length", "tool-calls", "error", "content-filter", "other", "aborted"].map((r) => stopReasonFrom(r as never))).toEqual([
			"stop", "length", "toolUse", "error", "error", "stop", "aborted",
		]);
		expect(toolResultFromStep({ toolCallId: "c", toolName: "ls", output: { files: 2 }, isError: false })).toMatchObject({
			role: "toolResult", toolCallId: "c", toolName: "ls", content: [{ type: "text", text: '{"files":2}' }], isError: false,
		});
	});

	it("builds assistant messages in pi's shape", () => {
		const model = { spec: "anthropic:claude-x", provider: "anthropic", modelId: "claude-x", model: {} as never, api: "anthropic-messages" as const };
		const message = assistantFromStep({ model, text: "hi", reasoning: "think", toolCalls: [{ toolCallId: "t", toolName: "read", input: "not json" }], stopReason: "toolUse" });
		expect(message).toMatchObject({
			role: "assistant",
			content: [{ type: "thinking", thinking: "think" }, { type: "text", text: "hi" }, { type: "toolCall", id: "t", name: "read", arguments: { input: "not json" } }],
			api: "anthropic-messages",
			provider: "anthropic",
			model: "claude-x",
			usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
			stopReason: "toolUse",
		});
		expect(message.errorMessage).toBeUndefined();
		expect(typeof message.timestamp).toBe("number");
	});
});

describe("pi 1.6's words", () => {
	it("answers a tool call without a result as pi 1.6's transformMessages does", () => {
		const out = toModelMessages([
			{ role: "assistant", content: [{ type: "toolCall", id: "c1", name: "read", arguments: {} }], stopReason: "toolUse", timestamp: 1 },
			{ role: "user", content: "go on", timestamp: 1 },
		]);
		expect(out[1]).toEqual({ role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "read", output: { type: "error-text", value: "No result provided" } }] });
	});

	it("writes a `!command` as pi 1.6's bashExecutionToText: no output, cancelled", () => {
		const out = toModelMessages([
			{ role: "bashExecution", command: "true", output: "", exitCode: 0, cancelled: false, truncated: false, timestamp: 1 },
			{ role: "bashExecution", command: "sleep 9", output: "x", exitCode: null, cancelled: true, truncated: false, timestamp: 1 },
		]);
		expect(out.map((m) => m.content)).toEqual(["Ran `true`\n(no output)", "Ran `sleep 9`\n```\nx\n```\n\n(command cancelled)"]);
	});
});

describe("toModelMessages converts each stored message once (issue 35 item 19)", () => {
	it("a later turn's conversion of the same messages equals a fresh one, and the grouped tool messages are not shared", () => {
		const context = fixtureMessages("pi-tree-session");
		const fresh = JSON.parse(JSON.stringify(toModelMessages(structuredClone(context)))) as ModelMessage[];
		const first = toModelMessages(context);
		// The next turn: the same message objects, then more (a reply with two calls, one result).
		const calls = assistantFromStep({
			model: { provider: "p", modelId: "m" } as never,
			text: "two calls",
			reasoning: "",
			toolCalls: [
				{ toolCallId: "c1", toolName: "read", input: { path: "a" } },
				{ toolCallId: "c2", toolName: "read", input: { path: "b" } },
			],
			stopReason: "toolUse",
		});
		const result = toolResultFromStep({ toolCallId: "c1", toolName: "read", output: { output: "A" }, isError: false });
		const second = toModelMessages([...context, calls, result]);
		expect(JSON.parse(JSON.stringify(second.slice(0, first.length)))).toEqual(fresh);
		expect(second.at(-1)).toMatchObject({ role: "tool", content: [{ toolCallId: "c1" }, { toolCallId: "c2", output: { value: MISSING_RESULT_TEXT } }] });
		// The first call's tool messages were not changed by the second.
		expect(JSON.parse(JSON.stringify(first))).toEqual(fresh);
		const third = toModelMessages([...context, calls, result]);
		expect(third.at(-1)).not.toBe(second.at(-1));
		expect(third).toEqual(second);
	});
});
