import { describe, expect, it } from "vitest";
import { appReducer, initialAppState, type AppState } from "../../source/ui/chat/app-reducer.js";
import type { SessionEntry } from "../../source/session/types.js";

const ts = "2026-01-01T00:00:00.000Z";
const user = (id: string, text: string): SessionEntry => ({
	type: "message", id, parentId: null, timestamp: ts, message: { role: "user", content: text, timestamp: 1 },
});
const assistant = (id: string, text: string, withCall = false): SessionEntry => ({
	type: "message", id, parentId: null, timestamp: ts,
	message: {
		role: "assistant", stopReason: withCall ? "toolUse" : "stop", timestamp: 1,
		content: [{ type: "text", text }, ...(withCall ? [{ type: "toolCall" as const, id: "c1", name: "ls", arguments: {} }] : [])],
	},
});
const size = { rows: 24, cols: 80 };
const base = (): AppState => initialAppState([user("u1", "hi")], { size });
const tool = { toolCallId: "c1", toolName: "ls", args: {}, startedAt: 1000 };

describe("appReducer", () => {
	it("initial state replays the path into items", () => expect(base().items).toEqual([{ kind: "user", key: "u1", text: "hi" }]));
	it("path-replayed replaces items, bumps staticKey, clears live", () => {
		const s = appReducer({ ...base(), live: { text: "x", thinkingChars: 0 } }, { type: "path-replayed", path: [user("u2", "yo")], size, warnings: 2 });
		// Printed below the old output (nothing is cleared), under a rule that says what it is.
		const rule = { kind: "notice", key: "hidden-notice", text: "── the conversation now ──", hidden: 0 };
		expect([s.items, s.staticKey, s.live, s.warnings]).toEqual([[rule, { kind: "user", key: "u2", text: "yo" }], 1, null, 2]);
	});
	it("path-replayed on a long path keeps three screens of tail behind a notice", () => {
		// 24 rows → 72 rows of budget; a one-line user message takes 2 (blank line + text): 36 fit.
		const path = Array.from({ length: 5000 }, (_, i) => user(`u${i}`, `m${i}`));
		const s = appReducer(base(), { type: "path-replayed", path, size });
		expect([s.items.length, s.items[0], s.items[1], s.items.at(-1)]).toEqual([
			37, { kind: "notice", key: "hidden-notice", text: "── the conversation now ──\n… 4,964 earlier messages not shown · /tree browses them", hidden: 4964 },
			{ kind: "user", key: "u4964", text: "m4964" }, { kind: "user", key: "u4999", text: "m4999" },
		]);
	});
	it("transcript-toggled flips the form, remounts <Static> and keeps only what fits three screens in the new form", () => {
		const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
		const path: SessionEntry[] = [];
		for (let i = 0; i < 30; i++) {
			path.push(user(`u${i}`, `m${i}`), assistant(`a${i}`, "t", true));
			path.push({ type: "message", id: `r${i}`, parentId: null, timestamp: ts, message: { role: "toolResult", toolCallId: "c1", toolName: "ls", content: [{ type: "text", text: long }], isError: false, timestamp: 1 } });
		}
		const open = appReducer(base(), { type: "path-replayed", path, size });
		const hiddenBefore = (open.items[0] as { hidden: number }).hidden;
		const expanded = appReducer(open, { type: "transcript-toggled", size });
		// An expanded call takes ~42 rows: the last one and the one that crosses 72 rows are printed whole, the rest joins the notice.
		expect([expanded.expanded, expanded.staticKey, expanded.items.length]).toEqual([true, open.staticKey + 1, 5]);
		expect(expanded.items[0]).toMatchObject({ text: expect.stringMatching(/^── expanded ──\n/) as unknown });
		const shown = expanded.items.length - 1;
		expect(expanded.items[0]).toMatchObject({ kind: "notice", hidden: hiddenBefore + (open.items.length - 1 - shown) });
		expect(expanded.items.at(-1)).toEqual(open.items.at(-1));
		const collapsed = appReducer(expanded, { type: "transcript-toggled", size });
		expect([collapsed.expanded, collapsed.items.slice(1)]).toEqual([false, expanded.items.slice(1)]);
		expect(collapsed.items[0]).toMatchObject({ text: expect.stringMatching(/^── short forms ──\n/) as unknown });
		// A replay while expanded keeps the expanded form.
		expect(appReducer(expanded, { type: "path-replayed", path, size }).items.slice(1)).toEqual(expanded.items.slice(1));
	});
	it("transcript-toggled prints a tool output taller than three screens whole, above the reply after it (issue 37)", () => {
		const tall = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join("\n");
		const path: SessionEntry[] = [user("u0", "go"), assistant("a0", "t", true)];
		path.push({ type: "message", id: "r0", parentId: null, timestamp: ts, message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: tall }], isError: false, timestamp: 1 } });
		path.push(assistant("a1", "done", false));
		const expanded = appReducer(appReducer(base(), { type: "path-replayed", path, size }), { type: "transcript-toggled", size });
		expect(expanded.items.find((i) => i.kind === "tool")).toMatchObject({ result: { output: tall } });
	});
	it("transcript-toggled keeps a tool call still waiting for its result after the printed tail", () => {
		const busy = appReducer(appReducer(base(), { type: "turn-started", startedAt: 1 }), { type: "entries-stored", entries: [assistant("a1", "t", true)] });
		const toggled = appReducer(busy, { type: "transcript-toggled", size });
		expect(toggled.items.at(-1)).toMatchObject({ kind: "tool", settled: false });
	});
	it("initial state of a long path prints only the tail; a short path has no notice", () => {
		const path = Array.from({ length: 300 }, (_, i) => user(`u${i}`, `m${i}`));
		expect(initialAppState(path, { size: { rows: 10, cols: 80 } }).items.length).toBe(16);
		expect(initialAppState(path.slice(0, 10), { size }).items.map((i) => i.kind)).toEqual(Array(10).fill("user"));
	});
	it("status-expired clears only the hint it was set for", () => {
		const hint = appReducer(base(), { type: "status-shown", status: { text: "Press Ctrl+C again to quit", kind: "info" } });
		expect(appReducer(hint, { type: "status-expired", text: "Press Ctrl+C again to quit" }).status).toBeNull();
		const other = appReducer(hint, { type: "status-shown", status: { text: "Unknown command /x", kind: "error" } });
		expect(appReducer(other, { type: "status-expired", text: "Press Ctrl+C again to quit" }).status?.text).toBe("Unknown command /x");
	});
	it("entries-stored appends and resets streamed text for an assistant step", () => {
		const s = appReducer({ ...base(), live: { text: "hel", thinkingChars: 0 } }, { type: "entries-stored", entries: [assistant("a1", "hello")] });
		expect([s.items.length, s.live]).toEqual([2, { text: "", thinkingChars: 0 }]);
	});
	it("entries-stored outside a turn settles tool calls at once", () => {
		const s = appReducer(base(), { type: "entries-stored", entries: [assistant("a1", "t", true)] });
		expect(s.items[2]).toMatchObject({ kind: "tool", settled: true });
	});
	it("turn-started sets busy and an empty live message", () => {
		const s = appReducer({ ...base(), status: { text: "old", kind: "info" } }, { type: "turn-started", startedAt: 5 });
		expect([s.busy, s.live, s.status]).toEqual([{ kind: "reply", startedAt: 5 }, { text: "", thinkingChars: 0 }, null]);
	});
	it("compaction-started sets busy compact", () => expect(appReducer(base(), { type: "compaction-started", startedAt: 7 }).busy).toEqual({ kind: "compact", startedAt: 7 }));
	it("text-streamed appends to live text", () => {
		const s = appReducer(appReducer(base(), { type: "text-streamed", delta: "Hel" }), { type: "text-streamed", delta: "lo" });
		expect(s.live).toEqual({ text: "Hello", thinkingChars: 0 });
	});
	it("thinking-streamed counts characters", () => expect(appReducer(base(), { type: "thinking-streamed", delta: "abcd" }).live).toEqual({ text: "", thinkingChars: 4 }));
	it("tool-started adds a running tool once", () => {
		const s = appReducer(appReducer(base(), { type: "tool-started", tool }), { type: "tool-started", tool });
		expect(s.running).toEqual([tool]);
	});
	it("tool-finished removes the running tool", () => expect(appReducer({ ...base(), running: [tool] }, { type: "tool-finished", toolCallId: "c1" }).running).toEqual([]));
	it("turn-finished clears busy/live/running and settles pending calls", () => {
		const busy: AppState = { ...base(), busy: { kind: "reply", startedAt: 1 }, running: [tool] };
		const pending = appReducer(busy, { type: "entries-stored", entries: [assistant("a1", "t", true)] });
		expect(pending.items[2]).toMatchObject({ kind: "tool", settled: false });
		const s = appReducer(pending, { type: "turn-finished" });
		expect([s.busy, s.live, s.running, s.items[2]]).toEqual([null, null, [], expect.objectContaining({ kind: "tool", settled: true })]);
	});
	it("turn-finished can carry a status", () => expect(appReducer(base(), { type: "turn-finished", status: { text: "Aborted", kind: "info" } }).status).toEqual({ text: "Aborted", kind: "info" }));
	it("turn-failed shows the error in the status line", () => {
		const s = appReducer({ ...base(), busy: { kind: "reply", startedAt: 1 } }, { type: "turn-failed", message: "boom" });
		expect([s.busy, s.status, s.items.length]).toEqual([null, { text: "boom", kind: "error" }, 1]);
	});
	it("tree-opened switches the screen", () => expect(appReducer(base(), { type: "tree-opened" }).screen).toEqual({ kind: "tree" }));
	it("tree-opened on a search hit selects it and keeps the status", () => {
		const shown = appReducer(base(), { type: "status-shown", status: { text: "Opened s", kind: "info" } });
		expect(appReducer(shown, { type: "tree-opened", selectedId: "e1" })).toMatchObject({ screen: { kind: "tree", selectedId: "e1" }, status: { text: "Opened s" } });
	});
	it("search-opened shows the hits", () => {
		const result = { query: "q", files: 1, total: 0, hits: [] };
		expect(appReducer(base(), { type: "search-opened", result, all: true }).screen).toEqual({ kind: "search", result, all: true });
	});
	it("tree-closed returns to chat with the status", () => {
		const s = appReducer({ ...base(), screen: { kind: "tree" } }, { type: "tree-closed", status: "Already at this point" });
		expect([s.screen, s.status]).toEqual([{ kind: "chat" }, { text: "Already at this point", kind: "info" }]);
	});
	it("picker-opened shows the picker", () => expect(appReducer(base(), { type: "picker-opened", picker: "fork-picker" }).screen).toEqual({ kind: "fork-picker" }));
	it("help-opened shows help", () => expect(appReducer(base(), { type: "help-opened" }).screen).toEqual({ kind: "help" }));
	it("screen-closed returns to chat keeping or replacing the status", () => {
		const s = appReducer({ ...base(), screen: { kind: "help" } }, { type: "screen-closed", status: { text: "x", kind: "error" } });
		expect([s.screen, s.status]).toEqual([{ kind: "chat" }, { text: "x", kind: "error" }]);
	});
	it("confirm-requested shows the request", () => {
		const request = { toolName: "bash", args: { command: "ls" }, description: "bash: ls" };
		expect(appReducer(base(), { type: "confirm-requested", request }).screen).toEqual({ kind: "confirm", request });
	});
	it("confirm-answered returns to chat", () => expect(appReducer({ ...base(), screen: { kind: "help" } }, { type: "confirm-answered" }).screen).toEqual({ kind: "chat" }));
	it("status-shown sets the status", () => expect(appReducer(base(), { type: "status-shown", status: { text: "hey", kind: "info" } }).status).toEqual({ text: "hey", kind: "info" }));
	it("status-cleared removes it", () => expect(appReducer({ ...base(), status: { text: "a", kind: "info" } }, { type: "status-cleared" }).status).toBe(null));
	it("editor-text-requested bumps seq each time", () => {
		const s = appReducer(appReducer(base(), { type: "editor-text-requested", text: "a" }), { type: "editor-text-requested", text: "a" });
		expect(s.editorRequest).toEqual({ text: "a", seq: 2 });
	});
	it("editor-text-requested drops escape sequences and control codes (text from a file)", () => {
		const s = appReducer(base(), { type: "editor-text-requested", text: "a\u001b]0;PWNED\u0007b\u001b[2J\nc\td" });
		expect(s.editorRequest?.text).toBe("ab\nc\td");
	});
});
