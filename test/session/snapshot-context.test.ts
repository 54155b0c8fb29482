import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";

describe("a snapshot's context", () => {
	it("is built once per snapshot: the status line, automatic compaction and the turn share it", () => {
		const store = SessionStore.create({ cwd: "/p", inMemory: true });
		const first = store.appendMessage({ role: "user", content: "q", timestamp: 1 });
		store.appendMessage({ role: "assistant", content: [{ type: "text", text: "a" }], stopReason: "stop", timestamp: 2 } as never);
		const view = store.snapshot();
		const context = view.buildContext();
		expect(view.buildContext()).toBe(context);
		expect(store.snapshot().buildContext()).toBe(context);
		expect(view.buildContext(view.leafId)).toBe(context);
		expect(context.messages).toHaveLength(2);
		// Another leaf is built on demand and not kept; a new snapshot gets its own context.
		expect(view.buildContext(first.id).messages).toHaveLength(1);
		store.appendMessage({ role: "user", content: "again", timestamp: 3 });
		const next = store.snapshot().buildContext();
		expect(next).not.toBe(context);
		expect(next.messages).toHaveLength(3);
		expect(context.messages).toHaveLength(2);
	});
});
