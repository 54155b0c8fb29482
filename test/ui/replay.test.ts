import { describe, expect, it } from "vitest";
import { replay, transcriptStep } from "../../source/ui/chat/replay.js";
import { settledPrefix, type TranscriptItem } from "../../source/ui/chat/transcript.js";
import type { SessionEntry } from "../../source/session/types.js";
import { fixtureEntries, pathTo, TREE_FIXTURE } from "./fixture-path.js";

const ts = "2026-01-01T00:00:00.000Z";
const user = (id: string, parentId: string | null, text: string): SessionEntry => ({
	type: "message", id, parentId, timestamp: ts, message: { role: "user", content: text, timestamp: 1 },
});
const callEntry = (id: string, parentId: string, callId: string): SessionEntry => ({
	type: "message", id, parentId, timestamp: ts,
	message: {
		role: "assistant", stopReason: "toolUse", timestamp: 1,
		content: [{ type: "toolCall", id: callId, name: "read", arguments: { path: "a.ts" } }],
	},
});
const resultEntry = (id: string, parentId: string, callId: string, text: string): SessionEntry => ({
	type: "message", id, parentId, timestamp: ts,
	message: { role: "toolResult", toolCallId: callId, toolName: "read", content: [{ type: "text", text }], isError: false, timestamp: 1 },
});

const keys = (items: TranscriptItem[]) => items.map((i) => `${i.kind}:${i.key}`);

describe("replay", () => {
	it("replays the fixture's active path: markers, labels and metadata hidden, results paired", () => {
		const entries = fixtureEntries(TREE_FIXTURE);
		const items = replay(pathTo(entries, "428890f6"));
		expect(keys(items)).toEqual([
			"user:4b5d6f09", "assistant:474513f0", "user:983b1dd0", "assistant:ff351946", "tool:ff351946:call_1",
			"summary:37c0f0b2", "user:a8030db6", "assistant:1a6f5a5a", "user:cf0ac4e2", "assistant:4f3ed909",
			"tool:4f3ed909:call_59", "assistant:1a5bdad1", "user:8d97fecb", "assistant:53f50698", "tool:53f50698:call_60",
			"assistant:cc40148b", "user:95234cbe", "user:3f2c933f", "assistant:a6b00d77", "tool:a6b00d77:call_74",
			"assistant:966322f2", "user:44071f34", "assistant:a8aff2c0", "tool:a8aff2c0:call_75", "assistant:c766824e",
			"user:2734ae67", "assistant:00bb9f21", "user:9517f599", "assistant:bd744786", "tool:bd744786:call_77",
			"assistant:e5add1b0", "user:35278d91", "assistant:1e9a11b3", "tool:1e9a11b3:call_78", "assistant:2945353b",
			"user:6095ae81", "assistant:428890f6",
		]);
		// call_1's result lives on another branch: the call is settled without a result.
		expect(items[4]).toEqual({
			kind: "tool", key: "ff351946:call_1", toolCallId: "call_1", toolName: "bash",
			args: { command: "npm test -- model" }, settled: true,
		});
		expect(items[10]).toMatchObject({
			kind: "tool", toolName: "write", settled: true,
			result: { output: "file root bash bash fix read fork session root fix", isError: false },
		});
		expect(items[5]).toMatchObject({ kind: "summary", label: "branch summary" });
		expect(settledPrefix(items)).toBe(items.length);
	});

	it("live steps give the same items as replay", () => {
		const path = [user("u1", null, "hi"), callEntry("a1", "u1", "c1"), resultEntry("r1", "a1", "c1", "ok")];
		let live: TranscriptItem[] = [];
		for (const e of path) live = transcriptStep(live, e);
		expect(live).toEqual(replay(path));
	});

	it("a pending call blocks the settled prefix until its result is stored", () => {
		const afterCall = transcriptStep(transcriptStep([], user("u1", null, "hi")), callEntry("a1", "u1", "c1"));
		expect(settledPrefix(afterCall)).toBe(1);
		const afterResult = transcriptStep(afterCall, resultEntry("r1", "a1", "c1", "done"));
		expect(settledPrefix(afterResult)).toBe(2);
	});

	it("a result without its call becomes a standalone tool item", () => {
		expect(replay([resultEntry("r1", null as unknown as string, "zz", "out")])).toEqual([
			{ kind: "tool", key: "r1", toolCallId: "zz", toolName: "read", args: {}, result: { output: "out", isError: false }, settled: true },
		]);
	});

	it("hides arbor.leaf markers and non-display custom messages", () => {
		const marker: SessionEntry = { type: "custom", id: "m1", parentId: "u1", timestamp: ts, customType: "arbor.leaf", data: { leafId: "u1" } };
		const hidden: SessionEntry = { type: "custom_message", id: "c1", parentId: "m1", timestamp: ts, customType: "x", content: "secret", display: false };
		const shown: SessionEntry = { type: "custom_message", id: "c2", parentId: "c1", timestamp: ts, customType: "ext", content: "visible", display: true };
		expect(replay([user("u1", null, "hi"), marker, hidden, shown])).toEqual([
			{ kind: "user", key: "u1", text: "hi" },
			{ kind: "custom", key: "c2", customType: "ext", text: "visible" },
		]);
	});

	it("aborted assistant without text still shows, compaction is a summary block", () => {
		const aborted: SessionEntry = {
			type: "message", id: "a1", parentId: null, timestamp: ts,
			message: { role: "assistant", content: [], stopReason: "aborted", errorMessage: "Request was aborted", timestamp: 1 },
		};
		const compaction: SessionEntry = { type: "compaction", id: "k1", parentId: "a1", timestamp: ts, summary: "## Goal\nx", firstKeptEntryId: "a1", tokensBefore: 5 };
		expect(replay([aborted, compaction])).toEqual([
			{ kind: "assistant", key: "a1", text: "", thinking: "", stopReason: "aborted", errorMessage: "Request was aborted" },
			{ kind: "summary", key: "k1", label: "compaction", text: "## Goal\nx" },
		]);
	});
});
