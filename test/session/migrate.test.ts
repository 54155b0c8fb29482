import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { must } from "../../source/text/must.js";
import { copyFixture, expectGrewFrom, readLines, tempDir, writeJsonl } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration", () => {
	it("v1 in memory: fresh 8-hex ids, chain in file order, firstKeptEntryIndex → id", () => {
		const file = path.join(dir, "v1.jsonl");
		writeJsonl(file, [
			{ type: "session", id: "s1", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" },
			{ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "a", timestamp: 1 } },
			{ type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: { role: "hookMessage", customType: "x", content: "h", display: true, timestamp: 2 } },
			{ type: "compaction", timestamp: "2025-01-01T00:00:03.000Z", summary: "sum", firstKeptEntryIndex: 2, tokensBefore: 5 },
		]);
		const before = fs.readFileSync(file);
		const view = SessionStore.open(file).snapshot();
		const [e1, e2, e3] = view.entries;
		for (const e of view.entries) expect(e.id).toMatch(/^[0-9a-f]{8}$/);
		expect([e1?.parentId, e2?.parentId, e3?.parentId]).toEqual([null, e1?.id, e2?.id]);
		expect(e3?.firstKeptEntryId).toBe(e2?.id);
		expect("firstKeptEntryIndex" in must(e3, "e3")).toBe(false);
		expect(e2?.type === "message" && e2.message.role).toBe("custom");
		expect(view.header.version).toBe(3);
		expect(view.buildContext().messages.map((m) => m.role)).toEqual(["compactionSummary", "custom"]);
		expect(fs.readFileSync(file).equals(before)).toBe(true);
		expect(fs.readdirSync(dir)).toEqual(["v1.jsonl"]);
	});

	it("v1 on a write-open: nothing rewritten until the first append; then atomic, .v1.bak, idempotent", () => {
		const file = copyFixture("pi-v1-large-session.jsonl", dir);
		const original = fs.readFileSync(file);
		const store = SessionStore.open(file, { write: true });
		const migrated = store.snapshot();
		expect(fs.readFileSync(file).equals(original)).toBe(true);
		expect(fs.readdirSync(dir).sort()).toEqual(["pi-v1-large-session.jsonl", "pi-v1-large-session.jsonl.lock"]);
		const label = store.setLabel(migrated.entries[2]!.id, "here");
		expect(fs.readFileSync(`${file}.v1.bak`).equals(original)).toBe(true);
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		const lines = readLines(file);
		expect(lines[0]).toMatchObject({ type: "session", version: 3, id: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617" });
		expect(lines.slice(1)).toEqual([...migrated.entries, label]);
		expect(fs.readdirSync(dir).sort()).toEqual(["pi-v1-large-session.jsonl", "pi-v1-large-session.jsonl.lock", "pi-v1-large-session.jsonl.v1.bak"]);
		store.close();
		const rewritten = fs.readFileSync(file);
		const again = SessionStore.open(file, { write: true });
		expect(again.snapshot().entries).toEqual([...migrated.entries, label]);
		expect(again.snapshot().getLabel(migrated.entries[2]!.id)).toBe("here");
		again.setName("n");
		again.close();
		expectGrewFrom(file, rewritten);
		expect(fs.readdirSync(dir).sort()).toEqual(["pi-v1-large-session.jsonl", "pi-v1-large-session.jsonl.v1.bak"]);
	});

	it("v1 ids are the same on every read, so an id printed before migration names the same entry after", () => {
		const file = copyFixture("pi-v1-large-session.jsonl", dir);
		const ids = SessionStore.open(file).snapshot().entries.map((e) => e.id);
		expect(SessionStore.open(file).snapshot().entries.map((e) => e.id)).toEqual(ids);
		expect(new Set(ids).size).toBe(ids.length);
		const store = SessionStore.open(file, { write: true });
		store.setLabel(ids[500]!, "x");
		store.close();
		expect(readLines(file).slice(1, ids.length + 1).map((l) => l.id)).toEqual(ids);
	});

	it("v2 on a write-open: hookMessage → custom, ids kept, .v2.bak", () => {
		const file = path.join(dir, "v2.jsonl");
		const hook = { role: "hookMessage", customType: "x", content: "h", display: false, timestamp: 2 };
		writeJsonl(file, [
			{ type: "session", version: 2, id: "s2", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" },
			{ type: "message", id: "aaaaaaaa", parentId: null, timestamp: "2025-01-01T00:00:01.000Z", message: hook },
		]);
		const original = fs.readFileSync(file);
		SessionStore.open(file, { write: true }).close();
		expect(fs.readFileSync(file).equals(original)).toBe(true);
		expect(fs.existsSync(`${file}.v2.bak`)).toBe(false);
		const store = SessionStore.open(file, { write: true });
		const name = store.setName("two");
		store.close();
		expect(fs.readFileSync(`${file}.v2.bak`).equals(original)).toBe(true);
		expect(readLines(file)).toEqual([
			{ type: "session", version: 3, id: "s2", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" },
			{ type: "message", id: "aaaaaaaa", parentId: null, timestamp: "2025-01-01T00:00:01.000Z", message: { ...hook, role: "custom" } },
			name,
		]);
	});
});
