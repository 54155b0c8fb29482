import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forkToFile } from "../../source/session/fork.js";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeJson } from "../../source/tree/json.js";
import { renderTreeText } from "../../source/commands/tree-text.js";
import { DAMAGED_ENTRY_TYPE } from "../../source/session/types.js";
import { MAX_NESTING, entryProblem } from "../../source/session/entry-shape.js";
import { HEADER, entry, expectGrewFrom, tempDir, writeJsonl } from "./helpers.js";

let dir: string;
let file: string;
beforeEach(() => {
	dir = tempDir();
	file = path.join(dir, "s.jsonl");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Stands for 5,000 nested lists in a line (JSON.stringify itself could not write them). */
const DEEP = "__5000_levels__";
const writeLines = (items: unknown[]) =>
	fs.writeFileSync(file, items.map((i) => `${JSON.stringify(i).replace(`"${DEEP}"`, `${"[".repeat(5000)}${"]".repeat(5000)}`)}\n`).join(""));
const msg = (message: unknown) => ({ message });

/** Damaged entries, each as the middle entry a2 of a1 → a2 → a3, and the reason arbor gives. */
const CASES: [string, Record<string, unknown>, RegExp][] = [
	["message: null", msg(null), /message is missing or not an object/],
	["no message", { message: undefined }, /message is missing or not an object/],
	["a role that is no string", msg({ role: 7, content: "x" }), /message role 7 is not one arbor can use/],
	["system sections a list", msg({ role: "system", content: "", sections: [], timestamp: 1 }), /sections is not an object/],
	["context edit without target", { type: "context_edit", replacement: null }, /targetId is not a string/],
	["context edit with a number", { type: "context_edit", targetId: "a1", replacement: 3 }, /replacement is neither null nor an object/],
	["user content a number", msg({ role: "user", content: 5, timestamp: 1 }), /content is neither text nor a list of parts/],
	["user content nested lists", msg({ role: "user", content: [[{ type: "text", text: "x" }]], timestamp: 1 }), /content part 1 is not one of text, image/],
	["text part without text", msg({ role: "user", content: [{ type: "text", text: { a: 1 } }], timestamp: 1 }), /content part 1 \(text\): text is not a string/],
	["assistant content a string", msg({ role: "assistant", content: "hi", stopReason: "stop", timestamp: 1 }), /content is not a list of parts/],
	["tool call without name", msg({ role: "assistant", content: [{ type: "toolCall", id: "c", arguments: {} }], stopReason: "toolUse", timestamp: 1 }), /toolCall\): name is not a string/],
	["tool result content a string", msg({ role: "toolResult", toolCallId: "c", toolName: "read", content: "x", isError: false, timestamp: 1 }), /content is not a list of parts/],
	["usage a number", msg({ role: "assistant", content: [], usage: 7, stopReason: "stop", timestamp: 1 }), /usage is not an object/],
	["compaction without summary", { type: "compaction", firstKeptEntryId: "a1", tokensBefore: 1 }, /summary is not a string/],
	["label with a numeric target", { type: "label", targetId: 4, label: "x" }, /targetId is not a string/],
	["no type", { type: 7 }, /entry has no type/],
	["5,000 levels of nesting", msg({ role: "user", content: [{ type: "text", text: "x", extra: DEEP }], timestamp: 1 }), /values nested more than 256 levels deep/],
];

describe("entries views or the model cannot use", () => {
	it.each(CASES)("%s: reported with its line, kept as a linked placeholder, left out of context; views do not throw", (_name, damage, why) => {
		writeLines([HEADER, entry("a1", null), { ...entry("a2", "a1"), ...damage }, entry("a3", "a2")]);
		const before = fs.readFileSync(file);
		const store = SessionStore.open(file, { write: true });
		const view = store.snapshot();
		expect(view.warnings).toHaveLength(1);
		expect(view.warnings[0]).toMatchObject({ kind: "bad-entry", line: 3, id: "a2" });
		expect(view.warnings[0]!.message).toMatch(why);
		expect(view.warnings[0]!.message).toMatch(/^line 3: .*, left out of views and context$/);
		expect(view.getEntry("a2")).toMatchObject({ type: DAMAGED_ENTRY_TYPE, id: "a2", parentId: "a1", line: 3 });
		// The path through the damaged entry stays whole: a3's context still starts at a1.
		expect(view.getPath("a3").map((e) => e.id)).toEqual(["a1", "a2", "a3"]);
		const context = view.buildContext();
		expect(context.messages.map((m) => (m as { content: unknown }).content)).toEqual(["m a1", "m a3"]);
		expect(() => JSON.stringify(context)).not.toThrow();
		expect(renderTreeText(view, { filter: "all", width: 80, color: false })).toContain(`[${DAMAGED_ENTRY_TYPE}]`);
		expect(() => JSON.stringify(buildTreeJson(view, { filter: "all" }))).not.toThrow();
		store.setLabel("a3", "after");
		store.close();
		expectGrewFrom(file, before);
	});

	it("a fork copies a damaged entry's original line, not the placeholder", () => {
		const bad = { ...entry("a2", "a1"), message: null };
		writeJsonl(file, [HEADER, entry("a1", null), bad, entry("a3", "a2")]);
		const source = SessionStore.open(file).snapshot();
		const forked = forkToFile({ source, sourceFile: file, entryId: "a3", sessionDir: dir, cwd: "/p" });
		const lines = fs.readFileSync(forked.file, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(lines.slice(1)).toEqual([entry("a1", null), bad, entry("a3", "a2")]);
	});

	it("unknown entry types and unknown fields are kept as they are and round-trip", () => {
		const odd = { type: "future_thing", id: "a2", parentId: "a1", timestamp: "2026-01-01T00:00:02.000Z", payload: { x: [1, { y: null }] } };
		writeJsonl(file, [HEADER, entry("a1", null), odd, entry("a3", "a2", { extra: { kept: true } })]);
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings).toEqual([]);
		expect(view.getEntry("a2")).toEqual(odd);
		expect(view.getEntry("a3")).toEqual(entry("a3", "a2", { extra: { kept: true } }));
	});

	it("a v1 file with a damaged entry: the placeholder gets the migrated id and the migration writes the original", () => {
		const v1 = { type: "session", id: "s1", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" };
		const user = (text: string) => ({ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
		writeJsonl(file, [v1, user("a"), { type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: 3 }, user("c")]);
		const store = SessionStore.open(file, { write: true });
		const [a, b, c] = store.snapshot().entries;
		expect(b).toMatchObject({ type: DAMAGED_ENTRY_TYPE, parentId: a!.id });
		expect(store.snapshot().getPath(c!.id)).toHaveLength(3);
		store.setName("n");
		store.close();
		const lines = fs.readFileSync(file, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(lines[2]).toEqual({ type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: 3, id: b!.id, parentId: a!.id });
	});

	it("a v1 file with 5,000 levels of nesting in one entry migrates without overflowing: that line keeps its text", () => {
		const v1 = { type: "session", id: "s1", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" };
		const user = (text: unknown) => ({ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
		writeLines([v1, user("a"), user([{ type: "text", text: "b", extra: DEEP }]), user("c")]);
		const deepLine = fs.readFileSync(file, "utf8").split("\n")[2];
		const store = SessionStore.open(file, { write: true });
		const [a, b, c] = store.snapshot().entries;
		expect(b).toMatchObject({ type: DAMAGED_ENTRY_TYPE, parentId: a!.id });
		store.setLabel(c!.id, "after");
		store.close();
		expect(fs.readFileSync(`${file}.v1.bak`, "utf8").split("\n")[2]).toBe(deepLine);
		const lines = fs.readFileSync(file, "utf8").split("\n");
		expect(lines[2]).toBe(`{"id":"${b!.id}","parentId":"${a!.id}",${deepLine!.slice(1)}`);
		const again = SessionStore.open(file).snapshot();
		expect(again.getPath(c!.id).map((e) => e.id)).toEqual([a!.id, b!.id, c!.id]);
		expect(again.getEntry(b!.id)?.type).toBe(DAMAGED_ENTRY_TYPE);
		expect(again.getLabel(c!.id)).toBe("after");
	});

	it("forking a v1 file (no raw offsets) with a 5,000-level entry copies that entry's text with its ids", () => {
		const v1 = { type: "session", id: "s1", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" };
		const user = (text: unknown) => ({ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
		writeLines([v1, user("a"), user([{ type: "text", text: "b", extra: DEEP }]), user("c")]);
		const deepLine = fs.readFileSync(file, "utf8").split("\n")[2];
		const source = SessionStore.open(file).snapshot();
		const [a, b, c] = source.entries;
		const forked = forkToFile({ source, sourceFile: file, entryId: c!.id, sessionDir: dir, cwd: "/p" });
		const lines = fs.readFileSync(forked.file, "utf8").split("\n");
		expect(lines[2]).toBe(`{"id":"${b!.id}","parentId":"${a!.id}",${deepLine!.slice(1)}`);
		expect(SessionStore.open(forked.file).snapshot().getPath(c!.id).map((e) => e.id)).toEqual([a!.id, b!.id, c!.id]);
	});
});

describe("the nesting limit, at its edge", () => {
	/** `levels` lists inside each other: `[[…[]…]]`. */
	const lists = (levels: number): unknown => {
		let value: unknown = [];
		for (let i = 1; i < levels; i++) value = [value];
		return value;
	};

	it.each([
		[255, undefined],
		[256, `values nested more than ${MAX_NESTING} levels deep`],
	])("an entry (level 1) whose data holds %i levels of lists: %s", (levels, problem) => {
		// The entry is level 1, `data` level 2, its innermost list level `levels` + 1: 256 is the limit.
		const value = { type: "custom", id: "c1", parentId: null, timestamp: "t", customType: "x", data: { deep: lists(levels - 1) } };
		expect(entryProblem(value, true)).toBe(problem);
		expect(entryProblem({ ...value, data: [lists(levels - 1)] }, true)).toBe(problem);
	});
});

describe("what newer pi versions write is kept, not damaged", () => {
	it("an unknown role and an unknown part: no warning, shown by name, left out of context and requests", async () => {
		const { toModelMessages } = await import("../../source/llm/convert.js");
		const final = { type: "finalAnswer", text: "42", extra: { x: 1 } };
		writeLines([
			HEADER,
			entry("a1", null),
			{ ...entry("a2", "a1"), ...msg({ role: "wizard", content: "spell", timestamp: 1 }) },
			{ ...entry("a3", "a2"), ...msg({ role: "assistant", content: [{ type: "text", text: "so" }, final], stopReason: "stop", timestamp: 1 }) },
			{ ...entry("a4", "a3"), ...msg({ role: "user", content: [final, { type: "text", text: "ok" }], timestamp: 1 }) },
		]);
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings).toEqual([]);
		const context = view.buildContext();
		expect(context.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
		// The part stays in the message as stored…
		expect((context.messages[1] as { content: unknown }).content).toEqual([{ type: "text", text: "so" }, final]);
		// …and out of what is sent.
		expect(toModelMessages(context.messages).slice(1)).toEqual([
			{ role: "assistant", content: [{ type: "text", text: "so" }] },
			{ role: "user", content: [{ type: "text", text: "ok" }] },
		]);
		const text = renderTreeText(view, { filter: "all", width: 80, color: false });
		expect(text).toContain("[wizard]");
		expect(text).toContain("assistant: so [finalAnswer]");
		expect(text).toContain("user: [finalAnswer] ok");
	});
});
