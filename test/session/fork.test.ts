import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forkSession, forkToFile } from "../../source/session/fork.js";
import { SessionStore } from "../../source/session/store.js";
import { fixture, readLines, tempDir } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("forkSession", () => {
	it("copies root → entry verbatim, drops label entries, re-creates labels at the end", () => {
		const sourceFile = fixture("pi-tree-session.jsonl");
		const source = SessionStore.open(sourceFile).snapshot();
		const target = "dac67923";
		const path0 = source.getPath(target);
		// 466c198f hangs under label 41ad91d2 in the source: the copy re-parents it to 1bdff519.
		const expectedCopy = path0
			.filter((e) => e.type !== "label")
			.map((e) => (e.id === "466c198f" ? { ...e, parentId: "1bdff519" } : e));
		expect(source.getEntry("466c198f")?.parentId).toBe("41ad91d2");
		const labelled = expectedCopy.filter((e) => source.getLabel(e.id) !== undefined);
		expect(path0.some((e) => e.type === "label")).toBe(true);
		expect(labelled.map((e) => source.getLabel(e.id))).toEqual(["cp-68", "cp-6"]);
		const sessionDir = path.join(dir, "forks");
		const store = forkSession({ source, sourceFile, entryId: target, sessionDir, cwd: "/elsewhere" });
		const file = store.file as string;
		const lines = readLines(file);
		expect(lines[0]).toEqual({ type: "session", version: 3, id: store.id, timestamp: lines[0]!.timestamp, cwd: "/elsewhere", parentSession: sourceFile });
		expect(lines.slice(1, 1 + expectedCopy.length)).toEqual(expectedCopy);
		const labels = lines.slice(1 + expectedCopy.length);
		expect(labels.map((l) => [l.type, l.targetId, l.label])).toEqual(labelled.map((e) => ["label", e.id, source.getLabel(e.id)]));
		expect(labels[0]!.parentId).toBe(target);
		expect(labels[1]!.parentId).toBe(labels[0]!.id);
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		expect(fs.statSync(sessionDir).mode & 0o777).toBe(0o700);
		const view = store.snapshot();
		expect(view.leafId).toBe(labels[1]!.id);
		expect(view.buildContext()).toEqual({ ...source.buildContext(target), leafId: labels[1]!.id });
		expect(view.getLabel("b2125f5a")).toBe("cp-68");
		expect(fs.existsSync(`${file}.lock`)).toBe(true);
		const before = fs.readFileSync(file);
		store.appendMessage({ role: "user", content: "after fork", timestamp: 1 });
		store.close();
		expect(fs.readFileSync(file).subarray(0, before.length).equals(before)).toBe(true);
		expect(SessionStore.open(file).snapshot().entries.length).toBe(expectedCopy.length + 3);
	});

	it("keeps unknown entry types; entryId null gives a header-only file", () => {
		const src = SessionStore.create({ cwd: "/p", inMemory: true });
		src.appendMessage({ role: "user", content: "q", timestamp: 1 });
		const odd = src.append({ type: "mystery", blob: { a: 1 } });
		const fork = forkSession({ source: src.snapshot(), entryId: odd.id, sessionDir: dir, cwd: "/p" });
		expect(readLines(fork.file as string).slice(1)).toEqual(src.snapshot().entries);
		expect("parentSession" in readLines(fork.file as string)[0]!).toBe(false);
		fork.close();
		const empty = forkSession({ source: src.snapshot(), entryId: null, sessionDir: dir, cwd: "/p" });
		expect(readLines(empty.file as string).length).toBe(1);
		expect(empty.snapshot().leafId).toBeNull();
		empty.close();
		expect(() => forkSession({ source: src.snapshot(), entryId: "nope", sessionDir: dir, cwd: "/p" })).toThrow(/no entry with id "nope"/);
	});

	it("copies source lines byte for byte, also from a fork and after appends", () => {
		const sourceFile = fixture("pi-tree-session.jsonl");
		const sourceLines = new Map(
			fs.readFileSync(sourceFile, "utf8").split("\n").filter((l) => l !== "").map((l) => [JSON.parse(l).id as string, l]),
		);
		const source = SessionStore.open(sourceFile).snapshot();
		const first = forkSession({ source, sourceFile, entryId: "428890f6", sessionDir: dir, cwd: "/p" });
		const added = first.appendMessage({ role: "user", content: "x", timestamp: 1 });
		const firstLines = fs.readFileSync(first.file as string, "utf8").split("\n").slice(1, -1);
		// Lines written compactly by pi and not re-parented (their label parent was dropped) are raw copies.
		const compact = firstLines.filter((l) => {
			const src = sourceLines.get(JSON.parse(l).id);
			return src?.includes('"id":"') && JSON.parse(src).parentId === JSON.parse(l).parentId;
		});
		expect(compact.length).toBeGreaterThan(30);
		for (const line of compact) expect(line).toBe(sourceLines.get(JSON.parse(line).id));
		const second = forkSession({ source: first.snapshot(), sourceFile: first.file, entryId: added.id, sessionDir: dir, cwd: "/p" });
		first.close();
		const secondLines = fs.readFileSync(second.file as string, "utf8").split("\n").slice(1, -1);
		const firstById = new Map(firstLines.map((l) => [JSON.parse(l).id as string, l]));
		const same = secondLines.filter((l) => JSON.parse(l).type !== "label" && JSON.parse(firstById.get(JSON.parse(l).id) ?? "{}").parentId === JSON.parse(l).parentId);
		expect(same.length).toBe(secondLines.length - 2); // minus the fresh label and the re-parented message
		for (const line of same) expect(line).toBe(firstById.get(JSON.parse(line).id));
		expect(second.snapshot().buildContext().messages.at(-1)).toEqual({ role: "user", content: "x", timestamp: 1 });
		second.close();
	});

	it("raw copies keep the source's exact bytes (spacing, number spelling)", () => {
		const file = path.join(dir, "src.jsonl");
		const odd = '{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"hi",  "timestamp":1.50}}';
		fs.writeFileSync(file, `${JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "t", cwd: "/p" })}\n${odd}\n`);
		const store = SessionStore.open(file, { write: true });
		store.appendMessage({ role: "user", content: "next", timestamp: 2 });
		const fork = forkSession({ source: store.snapshot(), sourceFile: file, entryId: store.snapshot().leafId, sessionDir: path.join(dir, "f"), cwd: "/p" });
		const lines = fs.readFileSync(fork.file as string, "utf8").split("\n");
		expect(lines[1]).toBe(odd);
		expect(lines[2]).toBe(fs.readFileSync(file, "utf8").split("\n")[2]);
		store.close();
		fork.close();
	});

	it("forkToFile writes the same lines as forkSession, reports the leaf and leaves no lock", () => {
		const sourceFile = fixture("pi-tree-session.jsonl");
		const source = SessionStore.open(sourceFile).snapshot();
		const viaStore = forkSession({ source, sourceFile, entryId: "dac67923", sessionDir: path.join(dir, "a"), cwd: "/x" });
		viaStore.close();
		const viaFile = forkToFile({ source, sourceFile, entryId: "dac67923", sessionDir: path.join(dir, "b"), cwd: "/x" });
		const a = readLines(viaStore.file as string);
		const b = readLines(viaFile.file);
		const withoutIds = (lines: ReturnType<typeof readLines>) =>
			lines.slice(1).map((l) => (l.type === "label" ? { targetId: l.targetId, label: l.label } : l));
		expect(withoutIds(b)).toEqual(withoutIds(a));
		expect(b[0]).toMatchObject({ id: viaFile.id, parentSession: sourceFile });
		expect(viaFile.leafId).toBe(b[b.length - 1]!.id);
		expect(fs.existsSync(`${viaFile.file}.lock`)).toBe(false);
		SessionStore.open(viaFile.file, { write: true }).close();
	});
});
