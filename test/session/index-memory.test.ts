import * as v8 from "node:v8";
import * as vm from "node:vm";
import { describe, expect, it } from "vitest";
import { TreeIndex } from "../../source/session/tree-index.js";
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
	it("an only child costs its parent no list: a 50k chain's index stays under 150 bytes an entry", () => {
		const entries = chain();
		const offsets = entries.map((_, i) => i * 100);
		const before = heapNow();
		const index = TreeIndex.build(entries, { offsets });
		const perEntry = (heapNow() - before) / N;
		expect(index.children(entries[0]?.id ?? "")).toEqual([entries[1]]);
		expect(index.children(entries[N - 1]?.id ?? "")).toEqual([]);
		expect(perEntry).toBeLessThan(150);
	});
});
