import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "../../source/import/import.js";
import { toModelMessages } from "../../source/llm/convert.js";
import { entryType } from "../../source/session/entry-guards.js";
import { SessionStore } from "../../source/session/store.js";
import { tempDir } from "../session/helpers.js";

const DIR = path.join(import.meta.dirname, "../fixtures/import");
const CLAUDE = path.join(DIR, "claude-code-rewinds.jsonl");
const CODEX = path.join(DIR, "rollout-2026-04-02T08-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl");
const U = (i: number) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, "0")}`;

function imported(source: string) {
	const home = tempDir();
	const before = fs.readFileSync(source);
	const outcome = importFile(source, { home, cwd: "/nowhere", now: "2026-11-22T00:00:00.000Z" });
	expect(fs.readFileSync(source).equals(before)).toBe(true);
	if (outcome.status !== "imported") throw new Error(`not imported: ${JSON.stringify(outcome)}`);
	const store = SessionStore.open(outcome.file);
	return { home, outcome, view: store.snapshot() };
}

describe("import: Claude Code sessions", () => {
	it("keeps uuids as ids, so rewinds are branches and a rewound first message is a second root", () => {
		const { view } = imported(CLAUDE);
		expect(view.warnings).toEqual([]);
		expect(view.getRoots().map((e) => e.id)).toEqual([U(1), U(30)]);
		expect(view.getChildren(U(5)).map((e) => e.id)).toEqual([U(6), U(8)]);
	});

	it("merges one reply written as several records and pairs tool calls with tool results", () => {
		const { view } = imported(CLAUDE);
		expect(view.getEntry(U(3))).toBeUndefined();
		const reply = view.getEntry(U(2)) as { message: { role: string; content: { type: string }[]; stopReason: string } };
		expect(reply.message.content.map((c) => c.type)).toEqual(["text", "toolCall"]);
		expect(reply.message.stopReason).toBe("toolUse");
		const result = view.getEntry(U(4)) as { parentId: string; message: Record<string, unknown> };
		expect(result.parentId).toBe(U(2));
		expect(result.message).toMatchObject({ role: "toolResult", toolCallId: "toolu_01", toolName: "Write", isError: false });
	});

	it("skips meta and sidechain records, re-attaching their children, and reports what it skipped", () => {
		const { view, outcome } = imported(CLAUDE);
		expect(view.getEntry(U(12))).toBeUndefined();
		expect(view.getEntry(U(13))).toBeUndefined();
		expect(view.getEntry(U(14))?.parentId).toBe(U(11));
		expect(outcome.status === "imported" && outcome.skipped).toEqual({
			"line 18: malformed JSON": 1,
			"file-history-snapshot record (no uuid)": 1,
			"sidechain (sub-agent) record": 1,
			"meta user record": 1,
			"summary line whose entry is not in this file": 1,
		});
	});

	it("turns a compaction into a compaction entry the context starts from", () => {
		const { view } = imported(CLAUDE);
		const compaction = view.getEntry(U(17)) as Record<string, unknown>;
		expect(compaction).toMatchObject({ type: "compaction", parentId: U(15), tokensBefore: 48213 });
		const context = view.buildContext(U(41));
		expect(context.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
		expect(() => toModelMessages(context.messages)).not.toThrow();
	});

	it("makes summary lines labels and the last one the session name; the leaf is the newest message", () => {
		const { view } = imported(CLAUDE);
		expect(view.getLabel(U(41))).toBe("Adder in TypeScript");
		expect(view.getLabel(U(31))).toBe("Multiplier");
		expect(view.name).toBe("Multiplier");
		expect(view.buildContext().messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		const path41 = view.buildContext(U(15)).messages;
		expect(() => toModelMessages(path41)).not.toThrow();
		expect(path41.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant", "user", "assistant", "toolResult", "assistant", "user", "assistant"]);
	});

	it("records the source, so importing the same bytes again says already imported", () => {
		const { home, outcome } = imported(CLAUDE);
		const header = JSON.parse(fs.readFileSync(outcome.status === "imported" ? outcome.file : "", "utf8").split("\n")[0]!);
		expect(header).toMatchObject({ type: "session", version: 3, cwd: "/home/dev/adder", importedFrom: { format: "claude-code", sessionId: "7f3c1e2a-4b5d-4e6f-8a9b-0c1d2e3f4a5b" } });
		const again = importFile(CLAUDE, { home, cwd: "/nowhere" });
		expect(again).toMatchObject({ status: "already-imported", file: outcome.status === "imported" ? outcome.file : "" });
		expect(fs.readdirSync(path.dirname(again.status === "already-imported" ? again.file : ""))).toHaveLength(1);
	});

	it("skips sub-agent transcripts and files of neither format", () => {
		const home = tempDir();
		expect(importFile(path.join(DIR, "agent-5d1e2f3a.jsonl"), { home, cwd: "/x" }).status).toBe("skipped");
		const other = path.join(home, "other.jsonl");
		fs.writeFileSync(other, '{"hello":1}\n');
		expect(importFile(other, { home, cwd: "/x" })).toMatchObject({ status: "skipped", reason: expect.stringMatching(/not a Claude Code session/) });
	});
});

describe("import: Codex rollouts", () => {
	it("chains the rollout, merging reasoning and calls into one reply, with tool results and a compaction", () => {
		const { view, outcome } = imported(CODEX);
		expect(view.warnings).toEqual([]);
		const roles = view.entries.map((e) => (e.type === "message" ? e.message.role : entryType(e)));
		expect(roles).toEqual(["user", "assistant", "toolResult", "assistant", "toolResult", "assistant", "compaction", "user", "assistant", "toolResult", "assistant"]);
		const reply = view.entries[1] as unknown as { message: { content: { type: string; name?: string }[]; model: string } };
		expect(reply.message.content.map((c) => c.type)).toEqual(["thinking", "toolCall"]);
		expect(reply.message.model).toBe("gpt-5-codex");
		expect((view.entries[2] as unknown as { message: { isError: boolean } }).message.isError).toBe(false);
		expect((view.entries[4] as unknown as { message: { isError: boolean } }).message.isError).toBe(true);
		const context = view.buildContext();
		expect(context.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant", "toolResult", "assistant"]);
		expect(() => toModelMessages(context.messages)).not.toThrow();
		expect(outcome.status === "imported" && outcome.skipped).toMatchObject({ "context Codex injected as a user message": 1, "event record (repeats the items)": 2 });
	});

	it("reads the early rollout layout", () => {
		const { view } = imported(path.join(DIR, "rollout-2025-05-01T12-00-00-5a6b7c8d.jsonl"));
		expect(view.buildContext().messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});
});
