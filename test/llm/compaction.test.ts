import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import {
	compactSession,
	estimateContextTokens,
	prepareCompaction,
	shouldAutoCompact,
} from "../../source/llm/compaction.js";
import type { AssistantMessage, ContextMessage, StoredMessage } from "../../source/session/types.js";
import { FakeStore } from "./fake-store.js";
import { resolved, usage } from "./mock-model.js";

const user = (text: string): StoredMessage => ({ role: "user", content: text, timestamp: 1 });
const say = (text: string): StoredMessage => ({ role: "assistant", content: [{ type: "text", text }], stopReason: "stop", timestamp: 1 });
const call = (id: string, file: string, name = "read"): StoredMessage => ({
	role: "assistant",
	content: [{ type: "toolCall", id, name, arguments: { path: file } }],
	stopReason: "toolUse",
	timestamp: 1,
});
const result = (id: string, text: string): StoredMessage => ({
	role: "toolResult",
	toolCallId: id,
	toolName: "read",
	content: [{ type: "text", text }],
	isError: false,
	timestamp: 1,
});

/** e001..e008: user, read f.ts, result, answer, user, edit g.ts, big result, short answer. */
function conversation(): FakeStore {
	const store = new FakeStore();
	for (const m of [
		user("a".repeat(400)),
		call("c1", "f.ts"),
		result("c1", "r".repeat(400)),
		say("s".repeat(400)),
		user("b".repeat(400)),
		call("c2", "g.ts", "edit"),
		result("c2", "t".repeat(800)),
		say("d".repeat(40)),
	]) {
		store.appendMessage(m);
	}
	return store;
}

function summarizer(texts: string[]) {
	const calls: LanguageModelV3CallOptions[] = [];
	const model = new MockLanguageModelV3({
		doGenerate: async (options) => {
			calls.push(options);
			const text = texts[calls.length - 1] ?? "";
			return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage: usage(1, 1), warnings: [] };
		},
	});
	return { model: resolved(model), calls };
}

describe("prepareCompaction", () => {
	it("moves a cut that would land on a tool result back to its assistant message", () => {
		const store = conversation();
		// e008 (~13 tokens) + e007 tool result (~205) reach 210 tokens: the cut would be e007.
		const plan = prepareCompaction(store.snapshot(), { keepRecentTokens: 210 });
		expect(plan?.firstKeptEntryId).toBe("e006");
		expect(plan?.toSummarize.map((e) => e.id)).toEqual(["e001", "e002", "e003", "e004", "e005"]);
		expect(plan?.previousSummary).toBeUndefined();
		expect(plan?.tokensBefore).toBe(estimateContextTokens(store.snapshot().buildContext().messages));
	});

	it("returns null when everything fits in the kept region", () => {
		expect(prepareCompaction(conversation().snapshot(), { keepRecentTokens: 100_000 })).toBeNull();
		expect(prepareCompaction(new FakeStore().snapshot())).toBeNull();
	});
});

describe("compactSession", () => {
	it("appends a compaction entry, then a later one updates the previous summary", async () => {
		const store = conversation();
		const first = summarizer(["## Goal\nfirst", "## Goal\nsecond"]);
		const one = await compactSession({ store, model: first.model, keepRecentTokens: 210, instructions: "mind the parser" });
		expect(one).toMatchObject({
			ok: true,
			entry: {
				id: "e009",
				parentId: "e008",
				type: "compaction",
				summary: "## Goal\nfirst\n\n<read-files>\nf.ts\n</read-files>",
				firstKeptEntryId: "e006",
				details: { readFiles: ["f.ts"], modifiedFiles: [] },
			},
		});
		expect(JSON.stringify(first.calls[0]!.prompt)).toContain("Additional focus:\\nmind the parser");
		expect(store.syncCount).toBe(1);
		// The context now starts with the summary and keeps e006.. verbatim.
		const roles = store.snapshot().buildContext().messages.map((m: ContextMessage) => m.role);
		expect(roles).toEqual(["compactionSummary", "assistant", "toolResult", "assistant"]);

		store.appendMessage(user("c".repeat(400)));
		store.appendMessage(say("e".repeat(400)));
		const plan = prepareCompaction(store.snapshot(), { keepRecentTokens: 210 });
		expect(plan?.previousSummary).toBe("## Goal\nfirst\n\n<read-files>\nf.ts\n</read-files>");
		// Only what lies between the previous kept region's start and the new cut.
		expect(plan?.toSummarize.map((e) => e.id)).toEqual(["e006", "e007"]);
		expect(plan?.firstKeptEntryId).toBe("e008");

		const two = await compactSession({ store, model: first.model, keepRecentTokens: 210 });
		const prompt = JSON.stringify(first.calls[1]!.prompt);
		expect(prompt).toContain("<previous-summary>\\n## Goal\\nfirst\\n</previous-summary>");
		expect(two).toMatchObject({
			ok: true,
			entry: {
				summary: "## Goal\nsecond\n\n<read-files>\nf.ts\n</read-files>\n\n<modified-files>\ng.ts\n</modified-files>",
				firstKeptEntryId: "e008",
				details: { readFiles: ["f.ts"], modifiedFiles: ["g.ts"] },
			},
		});
	});

	it("leaves the store unchanged when there is nothing to compact or the summary fails", async () => {
		const store = conversation();
		const s = summarizer([""]);
		expect(await compactSession({ store, model: s.model })).toEqual({
			ok: false,
			reason: "empty",
			message: "nothing to compact: the conversation is already small",
		});
		expect(await compactSession({ store, model: s.model, keepRecentTokens: 210 })).toEqual({
			ok: false,
			reason: "empty",
			message: "the model returned an empty summary",
		});
		expect(store.entries).toHaveLength(8);
	});
});

describe("token estimates", () => {
	it("uses the last successful assistant usage plus chars/4 after it", () => {
		const withUsage: AssistantMessage = {
			...(say("x") as AssistantMessage),
			usage: { input: 100, output: 20, cacheRead: 30, cacheWrite: 0 },
		};
		const aborted: AssistantMessage = { ...(say("y") as AssistantMessage), stopReason: "aborted", usage: { input: 999, output: 0, cacheRead: 0, cacheWrite: 0 } };
		// "User: " + 14 chars = 20 chars = 5 tokens; the aborted turn's transcript text
		// "Assistant: y\n[assistant reply aborted by the user]" = 50 chars = 13 tokens.
		expect(estimateContextTokens([user("q"), withUsage, user("12345678901234"), aborted] as ContextMessage[])).toBe(150 + 5 + 13);
		expect(estimateContextTokens([user("12345678901234")] as ContextMessage[])).toBe(5);
	});

	it("decides on automatic compaction from window and reserve", () => {
		expect(shouldAutoCompact({ contextTokens: 190_000, contextWindow: 200_000 })).toBe(true);
		expect(shouldAutoCompact({ contextTokens: 180_000, contextWindow: 200_000 })).toBe(false);
		expect(shouldAutoCompact({ contextTokens: 150_001, contextWindow: 200_000, reserveTokens: 60_000 })).toBe(true);
		// The reserve is at most a quarter of the window: a 16k reserve in an 8k window never stops compaction.
		expect(shouldAutoCompact({ contextTokens: 6_000, contextWindow: 8_192 })).toBe(false);
		expect(shouldAutoCompact({ contextTokens: 6_200, contextWindow: 8_192 })).toBe(true);
		expect(shouldAutoCompact({ contextTokens: 10_000_000 })).toBe(false);
	});
});

describe("estimateContextTokens after a compaction", () => {
	it("ignores a usage counted before the compaction (it measured the replaced messages)", async () => {
		const { estimateContextTokens } = await import("../../source/llm/tokens.js");
		const usage = { input: 69_000, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 69_000, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
		const reply = { role: "assistant", content: [{ type: "text", text: "ok" }], provider: "p", model: "m", api: "x", usage, stopReason: "stop", timestamp: 1000 } as const;
		const summary = { role: "compactionSummary", summary: "x".repeat(400), tokensBefore: 69_000, timestamp: 2000 } as const;
		expect(estimateContextTokens([reply as never])).toBe(69_000);
		expect(estimateContextTokens([summary as never, reply as never])).toBeLessThan(200);
		expect(estimateContextTokens([summary as never, { ...reply, timestamp: 3000 } as never])).toBe(69_000);
	});
});
