import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { AssistantMessage, UserMessage } from "../../source/session/types.js";
import { graftWhenCalled } from "../../source/tasks/graft.js";
import { expectGrewFrom, tempDir } from "../session/helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1 });
const reply = (text: string, callId?: string): AssistantMessage => ({
	role: "assistant",
	content: callId ? [{ type: "toolCall", id: callId, name: "task", arguments: {} }] : [{ type: "text", text }],
	provider: "p",
	model: "m",
	stopReason: callId ? "toolUse" : "stop",
	timestamp: 2,
});

/** A task's sub-conversation as it runs: in memory, its prompt and its answer. */
function taskSession(prompt: string, answer: string): SessionStore {
	const sub = SessionStore.create({ cwd: "/proj", inMemory: true });
	sub.appendMessage(user(prompt));
	sub.appendMessage(reply(answer));
	return sub;
}

describe("side branches (appendAside, tasks/graft.ts)", () => {
	it("appendAside writes a whole line under its parent and leaves the leaf where it was", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		const u = store.appendMessage(user("hi"));
		const a = store.appendMessage(reply("hello"));
		const before = fs.readFileSync(store.file!);
		const aside = store.appendAside(u.id, { type: "message", message: user("elsewhere") });
		expectGrewFrom(store.file!, before);
		expect(aside.parentId).toBe(u.id);
		expect(store.snapshot().leafId).toBe(a.id);
		store.close();
	});

	it("two tasks waiting for their caller: written one after the other under it when it is stored, before the results that follow it", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		store.appendMessage(user("go"));
		graftWhenCalled(store, "c1", { entries: taskSession("left", "L").snapshot().entries, label: "task: left" });
		graftWhenCalled(store, "c2", { entries: taskSession("right", "R").snapshot().entries, label: "task: right" });
		const caller = store.appendMessage({ ...reply("", "c1"), content: [{ type: "toolCall", id: "c1", name: "task", arguments: {} }, { type: "toolCall", id: "c2", name: "task", arguments: {} }] });
		const result = store.appendMessage({ role: "toolResult", toolCallId: "c1", toolName: "task", content: [{ type: "text", text: "L" }], isError: false, timestamp: 3 });
		const kinds = store.snapshot().entries.map((e) => (e.type === "message" ? `${e.message.role}:${"content" in e.message && typeof e.message.content === "string" ? e.message.content : ""}` : e.type));
		expect(kinds).toEqual(["user:go", "assistant:", "user:left", "assistant:", "label", "user:right", "assistant:", "label", "toolResult:"]);
		const view = store.snapshot();
		expect(view.leafId).toBe(result.id);
		const starts = view.getChildren(caller.id).filter((e) => e.type === "message" && e.message.role === "user");
		expect(starts.map((e) => view.getLabel(e.id))).toEqual(["task: left", "task: right"]);
		store.close();
		expect(SessionStore.open(store.file!).snapshot().leafId).toBe(result.id);
	});
});
