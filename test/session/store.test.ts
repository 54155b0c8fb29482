import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { AssistantMessage, SessionEntry, UserMessage } from "../../source/session/types.js";
import { SessionError } from "../../source/session/types.js";
import { expectGrewFrom, readLines, tempDir } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1 });
const assistant = (text: string): AssistantMessage => ({
	role: "assistant",
	content: [{ type: "text", text }],
	provider: "prov",
	model: "mod",
	stopReason: "stop",
	timestamp: 2,
});

function mode(p: string): number {
	return fs.statSync(p).mode & 0o777;
}

describe("SessionStore", () => {
	it("creates lazily: nothing on disk until the first assistant message", () => {
		const sessionDir = path.join(dir, "a", "b");
		const store = SessionStore.create({ cwd: "/proj", sessionDir });
		expect(path.dirname(store.file as string)).toBe(sessionDir);
		expect(path.basename(store.file as string)).toMatch(
			new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z_${store.id}\\.jsonl$`),
		);
		const model = store.append({ type: "model_change", provider: "prov", modelId: "mod" });
		const u = store.appendMessage(user("hi"));
		expect(fs.existsSync(sessionDir)).toBe(false);
		expect(store.persisted).toBe(false);
		const a = store.appendMessage(assistant("hello"));
		expect(store.persisted).toBe(true);
		const lines = readLines(store.file as string);
		expect(lines).toEqual([
			{ type: "session", version: 3, id: store.id, timestamp: lines[0]!.timestamp, cwd: "/proj" },
			model,
			u,
			a,
		]);
		expect([model.parentId, u.parentId, a.parentId]).toEqual([null, model.id, u.id]);
		expect(mode(store.file as string)).toBe(0o600);
		expect(mode(sessionDir)).toBe(0o700);
		expect(mode(path.join(dir, "a"))).toBe(0o700);
		expect(fs.existsSync(`${store.file}.lock`)).toBe(true);
		store.close();
		expect(fs.existsSync(`${store.file}.lock`)).toBe(false);
	});

	it("appends one line per entry, the file only grows, reopen gives the same tree", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		store.appendMessage(user("q1"));
		const a1 = store.appendMessage(assistant("a1"));
		const file = store.file as string;
		let before: Buffer = fs.readFileSync(file);
		const u2 = store.appendMessage(user("q2"));
		before = expectGrewFrom(file, before);
		expect(before.toString("utf8").endsWith(`${JSON.stringify(u2)}\n`)).toBe(true);
		const alt = store.appendAt(a1.id, { type: "message", message: user("q2 alt") });
		before = expectGrewFrom(file, before);
		expect(store.snapshot().leafId).toBe(alt.id);
		expect(store.snapshot().getChildren(a1.id).map((e) => e.id)).toEqual([u2.id, alt.id]);
		const label = store.setLabel(u2.id, "checkpoint");
		before = expectGrewFrom(file, before);
		const name = store.setName("  My session ");
		before = expectGrewFrom(file, before);
		expect(label).toMatchObject({ type: "label", targetId: u2.id, label: "checkpoint", parentId: alt.id });
		expect(name).toMatchObject({ type: "session_info", name: "My session", parentId: label.id });
		const cleared = store.setLabel(u2.id, undefined);
		expectGrewFrom(file, before);
		expect("label" in cleared).toBe(false);
		const snap = store.snapshot();
		expect(snap.getLabel(u2.id)).toBeUndefined();
		expect(snap.name).toBe("My session");
		store.close();
		const reopened = SessionStore.open(file).snapshot();
		expect(reopened.entries).toEqual(snap.entries);
		expect(reopened.leafId).toBe(cleared.id);
		expect(reopened.getChildren(a1.id).map((e) => e.id)).toEqual([u2.id, alt.id]);
		expect(reopened.name).toBe("My session");
		expect(reopened.warnings).toEqual([]);
	});

	it("moveLeaf persists through an arbor.leaf marker; moveLeaf(null) too", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		const u1 = store.appendMessage(user("q1"));
		const a1 = store.appendMessage(assistant("a1"));
		store.appendMessage(user("q2"));
		const file = store.file as string;
		let before: Buffer = fs.readFileSync(file);
		store.moveLeaf(u1.id);
		before = expectGrewFrom(file, before);
		const marker = readLines(file).at(-1);
		expect(marker).toMatchObject({ type: "custom", customType: "arbor.leaf", data: { leafId: u1.id }, parentId: u1.id });
		expect(store.snapshot().leafId).toBe(u1.id);
		const next = store.appendMessage(assistant("a1 again"));
		expect(next.parentId).toBe(u1.id);
		store.moveLeaf(a1.id);
		before = expectGrewFrom(file, before);
		expect(SessionStore.open(file).snapshot().leafId).toBe(a1.id);
		store.moveLeaf(a1.id); // already there: writes nothing
		expect(fs.readFileSync(file).equals(before)).toBe(true);
		store.moveLeaf(null);
		expectGrewFrom(file, before);
		expect(readLines(file).at(-1)).toMatchObject({ type: "custom", customType: "arbor.leaf", parentId: null, data: { leafId: null } });
		const reopened = SessionStore.open(file).snapshot();
		expect(reopened.leafId).toBeNull();
		expect(reopened.buildContext()).toEqual({ leafId: null, model: null, thinkingLevel: "off", messages: [] });
		const root = store.appendMessage(user("fresh start"));
		expect(root.parentId).toBeNull();
		store.close();
		expect(SessionStore.open(file).snapshot().leafId).toBe(root.id);
	});

	it("moveLeaf with marker: false writes nothing; the next append records the position", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		const u1 = store.appendMessage(user("q1"));
		store.appendMessage(assistant("a1"));
		const file = store.file as string;
		const before = fs.readFileSync(file);
		store.moveLeaf(u1.id, { marker: false });
		expect(fs.readFileSync(file).equals(before)).toBe(true);
		expect(store.snapshot().leafId).toBe(u1.id);
		const next = store.appendMessage(user("q1 follow-up"));
		expect(next.parentId).toBe(u1.id);
		store.close();
		expect(readLines(file).map((l) => l.type)).toEqual(["session", "message", "message", "message"]);
	});

	it("moveLeaf before the file exists stays in memory", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		const u1 = store.appendMessage(user("q1"));
		store.appendMessage(user("q1b"));
		store.moveLeaf(u1.id);
		const a = store.appendMessage(assistant("a"));
		expect(a.parentId).toBe(u1.id);
		expect(readLines(store.file as string).map((l) => l.type)).toEqual(["session", "message", "message", "message"]);
		store.close();
	});

	it("snapshot is stable between changes and subscribers hear every change", () => {
		const store = SessionStore.create({ cwd: "/proj", inMemory: true });
		expect(store.file).toBeUndefined();
		const s0 = store.snapshot();
		expect(store.snapshot()).toBe(s0);
		let calls = 0;
		const off = store.subscribe(() => calls++);
		const u = store.appendMessage(user("q"));
		store.appendMessage(assistant("a"));
		const s2 = store.snapshot();
		expect(s2).not.toBe(s0);
		expect(s0.leafId).toBeNull();
		expect(s0.entries).toEqual([]);
		store.moveLeaf(u.id);
		expect(calls).toBe(3);
		off();
		store.appendMessage(user("more"));
		expect(calls).toBe(3);
		expect(fs.readdirSync(dir)).toEqual([]);
		expect(store.persisted).toBe(false);
	});

	it("rejects unknown parents, read-only writes and writes after close", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		store.appendMessage(user("q"));
		store.appendMessage(assistant("a"));
		const codeOf = (fn: () => unknown): string => {
			try {
				fn();
			} catch (error) {
				return (error as SessionError).code;
			}
			return "none";
		};
		expect(codeOf(() => store.appendAt("ffffffff", { type: "x" }))).toBe("unknown-id");
		expect(codeOf(() => store.moveLeaf("ffffffff"))).toBe("unknown-id");
		expect(codeOf(() => store.setLabel("ffffffff", "x"))).toBe("unknown-id");
		store.close();
		expect(codeOf(() => store.appendMessage(user("late")))).toBe("invalid");
		const ro = SessionStore.open(store.file as string);
		expect(codeOf(() => ro.appendMessage(user("ro")))).toBe("invalid");
		expect(fs.existsSync(`${store.file}.lock`)).toBe(false);
	});

	it("unknown entry types and extra fields are kept verbatim", () => {
		const store = SessionStore.create({ cwd: "/proj", sessionDir: dir });
		store.appendMessage(assistant("a"));
		const odd = store.append({ type: "future_thing", payload: { deep: [1, "two"] }, id: "ignored" });
		expect(odd.id).not.toBe("ignored");
		expect(odd.id).toMatch(/^[0-9a-f]{8}$/);
		store.close();
		const view = SessionStore.open(store.file as string).snapshot();
		expect(view.getEntry(odd.id)).toEqual(odd);
		expect(view.buildContext().messages.length).toBe(1);
	});
});

describe("tree view walks", () => {
	function build() {
		const store = SessionStore.create({ cwd: "/proj", inMemory: true });
		const u1 = store.appendMessage(user("u1"));
		const a1 = store.appendMessage(assistant("a1"));
		const u2 = store.appendMessage(user("u2"));
		const c = store.append({ type: "compaction", summary: "S", firstKeptEntryId: u2.id, tokensBefore: 9 });
		const a2 = store.appendMessage(assistant("a2"));
		const u3 = store.appendAt(a1.id, { type: "message", message: user("u3") });
		const ids: Record<"u1" | "a1" | "u2" | "c" | "a2" | "u3", SessionEntry> = { u1, a1, u2, c, a2, u3 };
		return { ids, store };
	}

	it("commonAncestor, abandoned (stops at a compaction), resolveId", () => {
		const { ids, store } = build();
		const v = store.snapshot();
		expect(v.commonAncestor(ids.a2.id, ids.u3.id)).toBe(ids.a1.id);
		expect(v.commonAncestor(null, ids.u3.id)).toBeNull();
		expect(v.abandoned(ids.a2.id, ids.u3.id)).toEqual({ entries: [ids.a2], commonAncestorId: ids.a1.id, compaction: ids.c });
		expect(v.abandoned(ids.u3.id, ids.a2.id)).toEqual({ entries: [ids.u3], commonAncestorId: ids.a1.id });
		expect(v.abandoned(ids.u2.id, ids.u3.id)).toEqual({ entries: [ids.u2], commonAncestorId: ids.a1.id });
		expect(v.abandoned(ids.a1.id, ids.u3.id)).toEqual({ entries: [], commonAncestorId: ids.a1.id });
		expect(v.abandoned(null, ids.u3.id)).toEqual({ entries: [], commonAncestorId: null });
		expect(v.abandoned(ids.u3.id, null)).toEqual({ entries: [ids.u1, ids.a1, ids.u3], commonAncestorId: null });
		expect(v.resolveId(ids.u1.id)).toBe(ids.u1.id);
		expect(v.resolveId(ids.u1.id.slice(0, 7))).toBe(ids.u1.id);
		expect(() => v.resolveId("zz")).toThrow(new SessionError("unknown-id", 'no entry with id or prefix "zz"'));
		expect(() => v.resolveId("")).toThrow(SessionError);
	});

	it("context after a compaction: summary, kept entries, then newer ones", () => {
		const { ids, store } = build();
		const ctx = store.snapshot().buildContext(ids.a2.id);
		expect(ctx.leafId).toBe(ids.a2.id);
		expect(ctx.model).toEqual({ provider: "prov", modelId: "mod" });
		expect(ctx.messages).toEqual([
			{ role: "compactionSummary", summary: "S", tokensBefore: 9, timestamp: Date.parse(ids.c.timestamp) },
			ids.u2.message,
			ids.a2.message,
		]);
	});

	it("ambiguous prefixes list up to 5 candidates", () => {
		const store = SessionStore.create({ cwd: "/proj", inMemory: true });
		for (let i = 0; i < 40; i++) store.appendMessage(user(String(i)));
		const v = store.snapshot();
		const byFirst = new Map<string, string[]>();
		for (const e of v.entries) byFirst.set(e.id[0]!, [...(byFirst.get(e.id[0]!) ?? []), e.id]);
		const [prefix, list] = [...byFirst].sort((a, b) => b[1].length - a[1].length)[0]!;
		expect(list.length).toBeGreaterThan(1);
		try {
			v.resolveId(prefix);
			throw new Error("should be ambiguous");
		} catch (error) {
			expect((error as SessionError).code).toBe("ambiguous");
			const shown = list.slice(0, 5).join(", ");
			const more = list.length > 5 ? `, … (${list.length} in all)` : "";
			expect((error as Error).message).toBe(`id prefix "${prefix}" matches several entries: ${shown}${more}`);
		}
	});
});
