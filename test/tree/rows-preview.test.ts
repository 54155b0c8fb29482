import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/build.js";
import { formatTreeRow } from "../../source/tree/format.js";
import { previewText } from "../../source/tree/preview.js";
import { e, fakeView } from "./fake-view.js";

function previews(entries: Parameters<typeof fakeView>[0]) {
	const view = fakeView(entries, null);
	return entries.map((entry) => previewText(view, entry));
}

describe("previews", () => {
	it("shows messages with their role and flattened text", () => {
		expect(
			previews([
				e.user("u", null, "line one\nline  two\t end"),
				e.assistant("a", "u", "done"),
				e.assistant("ab", "a", "", { stopReason: "aborted" }),
				e.assistant("er", "ab", "", { stopReason: "error", errorMessage: "rate limited (429)" }),
				e.assistant("nc", "er", "", { stopReason: "length" }),
				e.other("s", "nc", "message", { message: { role: "user", content: "plain string", timestamp: 0 } }),
			]),
		).toEqual([
			"user: line one line two end",
			"assistant: done",
			"assistant: (aborted)",
			"assistant: rate limited (429)",
			"assistant: (no content)",
			"user: plain string",
		]);
	});

	it("names tool results after the matching tool call, also for parallel calls", () => {
		const calls = {
			...e.toolCall("a", null, "c1", "read", { path: "src/a.ts" }),
		};
		(calls.message as { content: unknown[] }).content.push(
			{ type: "toolCall", id: "c2", name: "edit", arguments: { path: "src/b.ts", oldText: "x", newText: "y" } },
			{ type: "toolCall", id: "c3", name: "write", arguments: { path: "src/c.ts", content: "z" } },
			{ type: "toolCall", id: "c4", name: "bash", arguments: { command: "npm test\n-- --run" } },
			{ type: "toolCall", id: "c5", name: "grep", arguments: { pattern: "TODO", path: "src", limit: 5 } },
		);
		expect(
			previews([
				calls,
				e.toolResult("r1", "a", "c1", "read"),
				e.toolResult("r2", "r1", "c2", "edit"),
				e.toolResult("r3", "r2", "c3", "write"),
				e.toolResult("r4", "r3", "c4", "bash"),
				e.toolResult("r5", "r4", "c5", "grep"),
				e.toolResult("r6", "r5", "missing", "find"),
			]).slice(1),
		).toEqual(["[read: src/a.ts]", "[edit: src/b.ts]", "[write: src/c.ts]", "[bash: npm test -- --run]", "[grep: TODO src 5]", "[find]"]);
	});

	it("shows every other entry type as tree-view.md lists it", () => {
		expect(
			previews([
				e.other("c", null, "compaction", { summary: "x", firstKeptEntryId: "c", tokensBefore: 12_499 }),
				e.other("b", "c", "branch_summary", { fromId: "c", summary: "Tried X\nthen Y" }),
				e.other("cm", "b", "custom_message", { customType: "note", content: [{ type: "text", text: "hello" }], display: true }),
				e.other("mc", "cm", "model_change", { provider: "openai", modelId: "gpt-4.1" }),
				e.other("t", "mc", "thinking_level_change", { thinkingLevel: "high" }),
				e.other("cu", "t", "custom", { customType: "arbor.leaf" }),
				e.other("l", "cu", "label", { targetId: "c", label: "keep" }),
				e.other("l2", "l", "label", { targetId: "c" }),
				e.other("n", "l2", "session_info", { name: "My session" }),
				e.other("z", "n", "future_thing", {}),
				e.other("bx", "z", "message", { message: { role: "bashExecution", command: "ls -la", output: "", exitCode: 0, cancelled: false, truncated: false, timestamp: 0 } }),
				e.other("cr", "bx", "message", { message: { role: "custom", customType: "hint", content: "be brief", display: true, timestamp: 0 } }),
			]),
		).toEqual([
			"[compaction: 12k tokens]",
			"[branch summary]: Tried X then Y",
			"[note]: hello",
			"[model: gpt-4.1]",
			"[thinking: high]",
			"[custom: arbor.leaf]",
			"[label: keep]",
			"[label: (cleared)]",
			"[name: My session]",
			"[future_thing]",
			"[bash: ls -la]",
			"[hint]: be brief",
		]);
	});

	it("caps long previews and cuts rows to the width with …", () => {
		const long = "word ".repeat(200);
		const view = fakeView([e.user("u", null, long), e.other("l", "u", "label", { targetId: "u", label: "a-very-long-label" })], null);
		const [row] = buildTreeRows(view, { filter: "default" });
		expect(row!.text.length).toBe(240);
		expect(formatTreeRow(row!, { width: 30, selected: true })).toBe("› [a-very-long-label] user: w…");
		expect(formatTreeRow(row!, { width: 14, selected: false })).toBe("  [a-very-lon…");
	});
});
