import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { SUMMARY_INSTRUCTIONS } from "../../source/llm/prompts.js";
import { summarizeBranch } from "../../source/llm/summarize.js";
import { buildTranscript } from "../../source/llm/transcript.js";
import type { SessionEntry, StoredMessage } from "../../source/session/types.js";
import { toolCall, toolResult } from "../navigation/helpers.js";
import { resolved, usage } from "./mock-model.js";

let n = 0;
function msg(message: StoredMessage): SessionEntry {
	n += 1;
	return { type: "message", id: `m${n}`, parentId: null, timestamp: "t", message };
}
const entries: SessionEntry[] = [
	msg({ role: "user", content: "Fix the parser in src/parse.ts", timestamp: 1 }),
	msg(toolCall("c1", "read", { path: "src/parse.ts" })),
	msg(toolResult("c1", "read", "x".repeat(3000))),
	msg(toolCall("c2", "read", { path: "README.md" })),
	msg(toolResult("c2", "read", "# readme")),
	msg(toolCall("c3", "edit", { file_path: "src/parse.ts", oldText: "a", newText: "b" })),
	msg(toolResult("c3", "edit", "ok")),
	msg(toolCall("c4", "write", { path: "test/parse.test.ts", content: "t" })),
	msg(toolResult("c4", "write", "ok")),
	{ type: "branch_summary", id: "b1", parentId: null, timestamp: "t", fromId: "zz", summary: "older branch", details: { readFiles: ["docs/a.md"], modifiedFiles: ["lib/z.ts"] } },
	msg({ role: "assistant", content: [{ type: "text", text: "Fixed: TypeError: x is undefined" }], stopReason: "stop", timestamp: 1 }),
];

function generating(text: string | (() => never)) {
	const calls: LanguageModelV3CallOptions[] = [];
	const model = new MockLanguageModelV3({
		doGenerate: async (options) => {
			calls.push(options);
			if (typeof text === "function") return text();
			return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage: usage(5, 5), warnings: [] };
		},
	});
	const promptText = () => JSON.stringify(calls[0]!.prompt);
	return { model: resolved(model), calls, promptText };
}

describe("summarizeBranch", () => {
	it("sends the transcript and the headings, appends the file blocks", async () => {
		const m = generating("## Goal\nFix parser");
		const out = await summarizeBranch({ model: m.model, entries });
		expect(out).toEqual({
			ok: true,
			summary:
				"## Goal\nFix parser\n\n<read-files>\nREADME.md\ndocs/a.md\n</read-files>\n\n<modified-files>\nlib/z.ts\nsrc/parse.ts\ntest/parse.test.ts\n</modified-files>",
			details: { readFiles: ["README.md", "docs/a.md"], modifiedFiles: ["lib/z.ts", "src/parse.ts", "test/parse.test.ts"] },
		});
		const prompt = m.promptText();
		for (const heading of ["## Goal", "## Constraints & Preferences", "## Progress", "### Done", "### In Progress", "### Blocked", "## Key Decisions", "## Next Steps", "## Critical Context"]) {
			expect(prompt).toContain(heading);
		}
		expect(prompt).toContain("User: Fix the parser in src/parse.ts");
		expect(prompt).toContain('Assistant called tool: edit({\\"file_path\\":\\"src/parse.ts\\",\\"oldText\\":\\"a\\",\\"newText\\":\\"b\\"})');
		expect(prompt).toContain("Summary of a branch the conversation came back from:\\nolder branch");
		expect(prompt).toContain("Assistant: Fixed: TypeError: x is undefined");
		// Tool results are cut to 1000 characters.
		expect(prompt).toContain(`Tool result (read): ${"x".repeat(1000)}… [2000 more characters]`);
	});

	it("omits empty file blocks", async () => {
		const m = generating("## Goal\nchat");
		const out = await summarizeBranch({ model: m.model, entries: [entries[0]!] });
		expect(out).toEqual({ ok: true, summary: "## Goal\nchat", details: { readFiles: [], modifiedFiles: [] } });
	});

	it("adds custom instructions as extra focus, or replaces the defaults", async () => {
		const added = generating("s");
		await summarizeBranch({ model: added.model, entries, customInstructions: "Focus on tests" });
		expect(added.promptText()).toContain("Additional focus:\\nFocus on tests");
		expect(added.promptText()).toContain("## Critical Context");

		const replaced = generating("s");
		await summarizeBranch({ model: replaced.model, entries, customInstructions: "Just one line", replaceInstructions: true });
		expect(replaced.promptText()).toContain("Just one line");
		expect(replaced.promptText()).not.toContain("## Critical Context");
		expect(replaced.promptText()).not.toContain(JSON.stringify(SUMMARY_INSTRUCTIONS).slice(1, 40));
	});

	it("passes a background summary to update", async () => {
		const m = generating("s");
		await summarizeBranch({ model: m.model, entries, background: "## Goal\nold goal\n\n<read-files>\nold.ts\n</read-files>", backgroundFiles: { readFiles: ["old.ts"], modifiedFiles: [] } });
		expect(m.promptText()).toContain("<previous-summary>\\n## Goal\\nold goal\\n</previous-summary>");
	});

	it("returns empty, api and aborted failures as values", async () => {
		expect(await summarizeBranch({ model: generating("  \n").model, entries })).toEqual({ ok: false, reason: "empty", message: "the model returned an empty summary" });
		const failing = generating(() => {
			throw new Error("rate limited");
		});
		expect(await summarizeBranch({ model: failing.model, entries, maxRetries: 0 })).toEqual({ ok: false, reason: "api", message: "rate limited" });
		const controller = new AbortController();
		const hanging = new MockLanguageModelV3({
			doGenerate: (options) =>
				new Promise((_, reject) => {
					options.abortSignal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
					controller.abort();
				}),
		});
		expect(await summarizeBranch({ model: resolved(hanging), entries, signal: controller.signal })).toEqual({ ok: false, reason: "aborted", message: "Summary cancelled" });
	});
});

describe("buildTranscript", () => {
	it("fills newest-first within the budget and keeps chronological order", () => {
		const small = [
			msg({ role: "user", content: "a".repeat(40), timestamp: 1 }),
			msg({ role: "user", content: "b".repeat(40), timestamp: 1 }),
			msg({ role: "user", content: "c".repeat(40), timestamp: 1 }),
		];
		// 25 tokens = 100 chars: the two newest blocks (46 chars + separator each) fit.
		expect(buildTranscript(small, 25)).toBe(`[1 earlier entries omitted]\n\nUser: ${"b".repeat(40)}\n\nUser: ${"c".repeat(40)}`);
		expect(buildTranscript(small, 1000)).toBe(`User: ${"a".repeat(40)}\n\nUser: ${"b".repeat(40)}\n\nUser: ${"c".repeat(40)}`);
	});
});
