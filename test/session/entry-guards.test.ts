import { describe, expect, expectTypeOf, it } from "vitest";
import { entryType, messageRole } from "../../source/session/entry-guards.js";
import { SessionStore } from "../../source/session/store.js";
import type { AssistantMessage, CompactionEntry, LabelEntry, MessageEntry, SessionEntry, StoredMessage, UnknownEntry } from "../../source/session/types.js";
import { DAMAGED_ENTRY_TYPE } from "../../source/session/types.js";
import { HEADER, entry, tempSessionFile, writeJsonl } from "./helpers.js";

const at = tempSessionFile();

const FUTURE = { type: "future_thing", id: "f1", parentId: "a1", timestamp: "2026-01-01T00:00:09.000Z", payload: { deep: [1, "x"] } };

/** a1 (user) → f1 (a type arbor does not know) → a2 (damaged: no message) → a3 (assistant). */
function openMixed() {
	const assistant = { role: "assistant", content: [{ type: "text", text: "ok" }], stopReason: "stop", timestamp: 3 };
	writeJsonl(at.file, [HEADER, entry("a1", null), FUTURE, { ...entry("a2", "f1"), message: null }, entry("a3", "a2", { message: assistant })]);
	return SessionStore.open(at.file).snapshot();
}

describe("entry guards on a real file with known, unknown and damaged entries", () => {
	it("entryType reads every entry's type as text", () => {
		const view = openMixed();
		expect(view.entries.map(entryType)).toEqual(["message", "future_thing", DAMAGED_ENTRY_TYPE, "message"]);
	});

	it("messageRole tells the role of message entries, and undefined for every other entry", () => {
		const view = openMixed();
		expect(view.entries.map((e) => messageRole(e))).toEqual(["user", undefined, undefined, "assistant"]);
		expect(messageRole(undefined)).toBeUndefined();
	});

	it("an unknown entry keeps every field as read (it is written back unchanged)", () => {
		expect(openMixed().getEntry("f1")).toEqual(FUTURE);
	});
});

describe("entry types narrow without casts", () => {
	it("a comparison of entry.type narrows to the known entry, and to its message's role", () => {
		const view = openMixed();
		const e: SessionEntry | undefined = view.entries[3];
		if (e?.type !== "message") throw new Error("expected a message entry");
		expectTypeOf(e).toEqualTypeOf<MessageEntry>();
		expectTypeOf(e.message).toEqualTypeOf<StoredMessage>();
		if (e.message.role !== "assistant") throw new Error("expected an assistant message");
		expectTypeOf(e.message).toEqualTypeOf<AssistantMessage>();
		expect(e.message.stopReason).toBe("stop");
	});

	it("only the default branch of a switch holds unknown entries", () => {
		const kinds = openMixed().entries.map((e) => {
			switch (e.type) {
				case "message":
					return e.message.role;
				case "label":
					return e.targetId;
				default:
					expectTypeOf<UnknownEntry>().toMatchTypeOf<typeof e>();
					return `other: ${entryType(e)}`;
			}
		});
		expect(kinds).toEqual(["user", "other: future_thing", `other: ${DAMAGED_ENTRY_TYPE}`, "assistant"]);
	});

	it("a filter by entry.type gives the known entries (the callback is a type guard)", () => {
		const messages = openMixed().entries.filter((e) => e.type === "message");
		expectTypeOf(messages).toEqualTypeOf<MessageEntry[]>();
		expect(messages.map((m) => m.message.role)).toEqual(["user", "assistant"]);
	});
});

describe("the store hands back the entry type it was given", () => {
	it("append returns the known entry when given its fields, else any entry", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: at.dir });
		const user = store.appendMessage({ role: "user", content: "hi", timestamp: 1 });
		expectTypeOf(user).toEqualTypeOf<MessageEntry>();
		const label = store.append({ type: "label", targetId: user.id, label: "start" });
		expectTypeOf(label).toEqualTypeOf<LabelEntry>();
		const compaction = store.append({ type: "compaction", summary: "s", firstKeptEntryId: user.id, tokensBefore: 3 });
		expectTypeOf(compaction).toEqualTypeOf<CompactionEntry>();
		// Missing fields or a type arbor does not know: nothing more than a SessionEntry is promised.
		expectTypeOf(store.append({ type: "compaction", summary: "s" })).toEqualTypeOf<SessionEntry>();
		expectTypeOf(store.append({ type: "future_thing", n: 1 })).toEqualTypeOf<SessionEntry>();
		expect(store.snapshot().entries.map(entryType)).toEqual(["message", "label", "compaction", "compaction", "future_thing"]);
		expect(compaction).toMatchObject({ type: "compaction", parentId: label.id, tokensBefore: 3 });
	});
});
