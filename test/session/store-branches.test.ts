import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { AssistantMessage, UserMessage } from "../../source/session/types.js";
import { SessionError } from "../../source/session/types.js";
import { expectGrewFrom, readLines, tempDir } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1 });
const assistant = (text: string): AssistantMessage => ({ role: "assistant", content: [{ type: "text", text }], provider: "p", model: "m", stopReason: "stop", timestamp: 2 });

/** A session on disk with one exchange; returns the writer and the answer's id. */
function started(): { store: SessionStore; leaf: string } {
	const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
	store.appendMessage(user("hi"));
	const leaf = store.appendMessage(assistant("hello")).id;
	return { store, leaf };
}

describe("SessionStore.branchAt: fan-out's writer handles on one file", () => {
	it("interleaved appends of two branches land as whole lines under the entry, each branch its own leaf; the trunk sees them; the file only grows", () => {
		const { store, leaf } = started();
		const file = store.file as string;
		let before: Buffer = fs.readFileSync(file);
		const a = store.branchAt(leaf);
		const b = store.branchAt(leaf);
		const a1 = a.appendMessage(user("a"));
		const b1 = b.appendMessage(user("b"));
		before = expectGrewFrom(file, before);
		const a2 = a.appendMessage(assistant("A"));
		const b2 = b.appendMessage(assistant("B"));
		expectGrewFrom(file, before);
		expect([a1.parentId, b1.parentId, a2.parentId, b2.parentId]).toEqual([leaf, leaf, a1.id, b1.id]);
		expect([a.snapshot().leafId, b.snapshot().leafId, store.snapshot().leafId]).toEqual([a2.id, b2.id, leaf]);
		expect(store.snapshot().getChildren(leaf).map((e) => e.id)).toEqual([a1.id, b1.id]);
		expect(readLines(file).slice(-4).map((l) => l.id)).toEqual([a1.id, b1.id, a2.id, b2.id]);
		// A branch's close syncs and releases nothing: the trunk still writes and holds the lock.
		a.close();
		b.close();
		store.appendMessage(user("after"));
		expect(() => SessionStore.open(file, { write: true })).toThrow(SessionError);
		store.close();
		expect(() => SessionStore.open(file, { write: true }).close()).not.toThrow();
	});

	it("refuses a session not on disk yet, a branch of a branch and an unknown entry", () => {
		const pending = SessionStore.create({ cwd: "/proj", sessionDir: path.join(dir, "pending") });
		expect(() => pending.branchAt(null)).toThrow(/on disk/);
		const { store, leaf } = started();
		expect(() => store.branchAt(leaf).branchAt(leaf)).toThrow(/own file/);
		expect(() => store.branchAt("nope")).toThrow(/no entry/);
		store.close();
	});
});
