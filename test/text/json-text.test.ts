import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonPieces } from "../../source/text/json-text.js";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeJson, treeJsonText } from "../../source/tree/json.js";
import type { TreeJsonNode } from "../../source/tree/types.js";
import { FIXTURES_DIR } from "../helpers/shared.js";
import { itLarge } from "../helpers/large.js";

const text = (value: unknown, indent?: number) => jsonPieces(value, indent).join("");

describe("jsonPieces: JSON.stringify's bytes without recursion", () => {
	const samples: unknown[] = [
		null,
		0,
		-1.5e-7,
		"naïve ✓ 日本 \"quoted\" \n \u0001 \ud83d\ude00",
		true,
		[],
		{},
		[1, [], {}, [[]], { a: [] }],
		{ a: 1, b: undefined, c: () => 1, d: [undefined, null, () => 1], e: { f: { g: "h" } }, 2: "int key first" },
		{ when: new Date(0), nested: [{ when: new Date(1) }] },
		[{ id: "x", children: [{ id: "y", children: [] }], role: "user" }],
	];
	it.each(samples.map((s, i) => [i, s]))("sample %i, compact and indented", (_i, sample) => {
		expect(text(sample)).toBe(JSON.stringify(sample));
		expect(text(sample, 2)).toBe(JSON.stringify(sample, null, 2));
		expect(text(sample, 4)).toBe(JSON.stringify(sample, null, 4));
	});

	itLarge("a chain 200,000 levels deep (JSON.stringify overflows the stack)", () => {
		let deep: { next?: unknown } = {};
		for (let i = 0; i < 200_000; i++) deep = { next: [deep] };
		expect(() => JSON.stringify(deep)).toThrow(RangeError);
		const out = text(deep);
		expect(out.length).toBe(200_000 * '{"next":[]}'.length + 2);
		expect(out.startsWith('{"next":[{"next":[')).toBe(true);
	});
});

describe("treeJsonText", () => {
	it.each(["pi-tree-session.jsonl", "pi-v1-large-session.jsonl"])("is byte-identical to JSON.stringify(…, null, 2) on %s", (name) => {
		const view = SessionStore.open(path.join(FIXTURES_DIR, name)).snapshot();
		for (const filter of ["default", "all", "user", "no-tools", "labeled"] as const) {
			const tree = buildTreeJson(view, { filter });
			expect(treeJsonText(tree)).toBe(JSON.stringify(tree, null, 2));
		}
	});

	it("a deep tree is written on one line, parseable, same shape", () => {
		let node: TreeJsonNode = { id: "x", parentId: "w", type: "message", preview: "p", onActivePath: true, children: [] };
		for (let i = 0; i < 5_000; i++) {
			node = { id: `n${i}`, parentId: null, type: "message", preview: "p", onActivePath: true, children: [node], role: "user" };
		}
		const tree = { leafId: "x", roots: [node] };
		const out = treeJsonText(tree);
		expect(out.includes("\n")).toBe(false);
		expect(out.startsWith('{"leafId":"x","roots":[{"id":"n4999","parentId":null,"type":"message","preview":"p","onActivePath":true,"children":[{"id":"n4998"')).toBe(true);
		let at = JSON.parse(out).roots[0];
		const ids: string[] = [];
		while (at) {
			ids.push(at.id);
			expect(at.role).toBe(at.id === "x" ? undefined : "user");
			at = at.children[0];
		}
		expect(ids).toEqual([...Array.from({ length: 5_000 }, (_, i) => `n${4_999 - i}`), "x"]);
	});
});
