import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../source/acp/commands.js";
import { promptOf, stopReasonOf } from "../../source/acp/live-session.js";
import { permissionAnswer } from "../../source/acp/permission.js";
import { pathUpdates } from "../../source/acp/replay.js";
import { toolDiff, toolKind, toolLocations } from "../../source/acp/tool-updates.js";
import { resolveTarget } from "../../source/acp/tree-commands.js";
import { SessionStore } from "../../source/session/store.js";
import type { TurnResult } from "../../source/llm/turn.js";

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const turn = (over: Partial<TurnResult>): TurnResult => ({ ok: true, stopReason: "stop", text: "", usage, leafId: null, ...over });

describe("ACP mappings (pure)", () => {
	it("splits tree commands; other slash text goes to the model as typed", () => {
		expect(parseCommand("/tree abc --summarize focus on tests")).toEqual({ name: "tree", args: ["abc", "--summarize", "focus", "on", "tests"], rest: "abc --summarize focus on tests" });
		expect(parseCommand("  /fork ")).toEqual({ name: "fork", args: [], rest: "" });
		expect(parseCommand("/search \"two words\"")?.rest).toBe('"two words"');
		expect(parseCommand("/model x")).toBeUndefined();
		expect(parseCommand("please /tree abc")).toBeUndefined();
	});

	it("builds the prompt: text in order, resource links inline, embedded files as context blocks after it, images apart", () => {
		const p = promptOf([
			{ type: "text", text: "see " },
			{ type: "resource_link", name: "a.ts", uri: "file:///p/a.ts" },
			{ type: "resource", resource: { uri: "file:///p/b.ts", text: "const b = 1;" } },
			{ type: "image", data: "AAAA", mimeType: "image/png" },
		]);
		expect(p.text).toBe('see [@a.ts](file:///p/a.ts)\n\n<context ref="file:///p/b.ts">\nconst b = 1;\n</context>');
		expect(p.images).toEqual([{ type: "image", data: "AAAA", mimeType: "image/png" }]);
	});

	it("maps stop reasons; a failed turn is an error, not a stop reason", () => {
		expect(stopReasonOf(turn({}), false)).toBe("end_turn");
		expect(stopReasonOf(turn({ stopReason: "length" }), false)).toBe("max_tokens");
		expect(stopReasonOf(turn({ stopReason: "aborted", ok: false }), false)).toBe("cancelled");
		expect(stopReasonOf(turn({}), true)).toBe("cancelled");
		expect(stopReasonOf(turn({ ok: false, stopReason: "error", error: "HTTP 500" }), false)).toEqual({ error: "HTTP 500" });
	});

	it("anything but a chosen allow refuses the tool", () => {
		expect(permissionAnswer({ outcome: { outcome: "selected", optionId: "allow" } })).toBe("yes");
		expect(permissionAnswer({ outcome: { outcome: "selected", optionId: "always" } })).toBe("always");
		expect(permissionAnswer({ outcome: { outcome: "selected", optionId: "reject" } })).toBe("no");
		expect(permissionAnswer({ outcome: { outcome: "selected", optionId: "made-up" } })).toBe("no");
		expect(permissionAnswer({ outcome: { outcome: "cancelled" } })).toBe("no");
		expect(permissionAnswer(undefined)).toBe("no");
	});

	it("gives tools kinds and absolute locations", () => {
		expect(["read", "ls", "grep", "find", "write", "edit", "bash", "mystery"].map(toolKind)).toEqual(["read", "search", "search", "search", "edit", "edit", "execute", "other"]);
		expect(toolLocations("read", { path: "src/a.ts", offset: 10 }, "/p")).toEqual([{ path: "/p/src/a.ts", line: 10 }]);
		expect(toolLocations("grep", { pattern: "x" }, "/p")).toEqual([{ path: "/p" }]);
		expect(toolLocations("bash", { command: "ls" }, "/p")).toEqual([]);
	});

	it("an announced edit's diff is the whole file before and after; one the tool will refuse shows the texts alone", () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-acp-diff-"));
		writeFileSync(join(dir, "a.ts"), "one\ntwo\nthree\ntwo\n");
		const file = join(dir, "a.ts");
		expect(toolDiff("edit", { path: "a.ts", oldText: "three", newText: "3" }, dir, { readOld: true })).toEqual([{ type: "diff", path: file, oldText: "one\ntwo\nthree\ntwo\n", newText: "one\ntwo\n3\ntwo\n" }]);
		expect(toolDiff("edit", { path: "a.ts", oldText: "two", newText: "2" }, dir, { readOld: true })).toEqual([{ type: "diff", path: file, oldText: "two", newText: "2" }]);
		expect(toolDiff("edit", { path: "a.ts", oldText: "three", newText: "3" }, dir, { readOld: false })).toEqual([{ type: "diff", path: file, oldText: "three", newText: "3" }]);
		expect(toolDiff("write", { path: "a.ts", content: "new" }, dir, { readOld: true })).toEqual([{ type: "diff", path: file, oldText: "one\ntwo\nthree\ntwo\n", newText: "new" }]);
		expect(toolDiff("write", { path: "b.ts", content: "new" }, dir, { readOld: true })).toEqual([{ type: "diff", path: join(dir, "b.ts"), oldText: null, newText: "new" }]);
	});

	it("replays a path: thinking, text, an edit's diff kept on its result, a branch summary; labels and model changes are not replayed", () => {
		const store = SessionStore.create({ cwd: "/p", inMemory: true });
		const u = store.appendMessage({ role: "user", content: "fix it", timestamp: 1 });
		const a = store.appendMessage({
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "hmm" },
				{ type: "text", text: "Editing." },
				{ type: "toolCall", id: "c1", name: "edit", arguments: { path: "x.ts", oldText: "a", newText: "b" } },
			],
			stopReason: "toolUse",
			timestamp: 2,
		});
		store.setLabel(u.id, "start");
		store.append({ type: "model_change", provider: "compat", modelId: "m" });
		const r = store.appendMessage({ role: "toolResult", toolCallId: "c1", toolName: "edit", content: [{ type: "text", text: "Edited x.ts" }], isError: false, timestamp: 3 });
		const s = store.append({ type: "branch_summary", fromId: r.id, summary: "tried b" });
		const view = store.snapshot();
		const diff = { type: "diff", path: "/p/x.ts", oldText: "a", newText: "b" };
		expect(pathUpdates(view.getPath(view.leafId), "/p")).toEqual([
			{ sessionUpdate: "user_message_chunk", content: { type: "text", text: "fix it" }, messageId: u.id },
			{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hmm" }, messageId: a.id },
			{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Editing." }, messageId: a.id },
			{ sessionUpdate: "tool_call", toolCallId: "c1", title: "edit x.ts", kind: "edit", status: "pending", locations: [{ path: "/p/x.ts" }], rawInput: { path: "x.ts", oldText: "a", newText: "b" }, content: [diff] },
			{ sessionUpdate: "tool_call_update", toolCallId: "c1", status: "completed", content: [diff, { type: "content", content: { type: "text", text: "Edited x.ts" } }], rawOutput: { output: "Edited x.ts", isError: false } },
			{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Branch summary:\ntried b" }, messageId: s.id },
		]);
		const failed = store.appendMessage({ role: "assistant", content: [], stopReason: "error", errorMessage: "HTTP 500", timestamp: 4 });
		expect(pathUpdates([store.snapshot().getEntry(failed.id)!], "/p")).toEqual([
			{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "\n[error: HTTP 500]" }, messageId: failed.id },
		]);
		expect(resolveTarget(view, "start")).toBe(u.id);
		expect(resolveTarget(view, u.id.slice(0, 6))).toBe(u.id);
		expect(() => resolveTarget(view, "no such label")).toThrow();
	});
});
