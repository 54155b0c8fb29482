import * as v8 from "node:v8";
import * as vm from "node:vm";
import * as fs from "node:fs";
import { describe, expect } from "vitest";
import { itLarge } from "../helpers/large.js";
import { SessionStore } from "../../source/session/store.js";
import type { SessionSnapshot } from "../../source/session/snapshot.js";
import { TreeIndex } from "../../source/session/tree-index.js";
import { tempSessionFile } from "./helpers.js";
import type { SessionEntry } from "../../source/session/types.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** heapUsed after full collections. */
function heapNow(): number {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

const N = 50_000;

/** A chain of N entries (each the only child of the one before), as JSON.parse makes them. */
function chain(): SessionEntry[] {
	const entries: SessionEntry[] = [];
	for (let i = 0; i < N; i++) {
		const id = i.toString(16).padStart(8, "0");
		const parentId = i === 0 ? null : (i - 1).toString(16).padStart(8, "0");
		entries.push(JSON.parse(`{"type":"custom","id":"${id}","parentId":${JSON.stringify(parentId)},"timestamp":"2026-01-01T00:00:00.000Z","customType":"x"}`) as SessionEntry);
	}
	return entries;
}

describe("the tree index's own memory (issue 17 item 16)", () => {
	itLarge("an only child costs its parent no list: a 50k chain's index stays under 150 bytes an entry", () => {
		const entries = chain();
		const offsets = entries.map((_, i) => i * 100);
		const before = heapNow();
		const index = TreeIndex.build(entries, { offsets });
		const perEntry = (heapNow() - before) / N;
		expect(index.children(entries[0]?.id ?? "")).toEqual([entries[1]]);
		expect(index.children(entries[N - 1]?.id ?? "")).toEqual([]);
		expect(perEntry).toBeLessThan(150);
	});

	const t = tempSessionFile();

	itLarge("an entry whose body stays in the file is not given its line's offset twice", () => {
		const header = JSON.stringify({ type: "session", version: 3, id: "m", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" });
		const lines = [header];
		for (let i = 0; i < N; i++) {
			const id = i.toString(16).padStart(8, "0");
			const parentId = i === 0 ? null : (i - 1).toString(16).padStart(8, "0");
			const message = { role: "user", content: `message ${i} ${"body ".repeat(120)}`, timestamp: i };
			lines.push(JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:00.000Z", message }));
		}
		fs.writeFileSync(t.file, `${lines.join("\n")}\n`);
		const starts: number[] = [];
		for (let i = 0, at = 0; i < lines.length; at += Buffer.byteLength(lines[i] ?? "") + 1, i++) starts.push(at);
		const view = SessionStore.open(t.file).snapshot() as unknown as SessionSnapshot;
		const entries = [...view.entries];
		const offsets = starts.slice(1);
		const before = heapNow();
		const index = TreeIndex.build(entries, { offsets });
		const perEntry = (heapNow() - before) / N;
		expect(entries.map((e) => index.offsets.get(e))).toEqual(offsets);
		expect(entries.map((e) => view.rawOffset(e))).toEqual(offsets);
		expect(perEntry).toBeLessThan(100);
	});
});
