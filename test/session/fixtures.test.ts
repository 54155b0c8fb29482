import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { SessionTreeView } from "../../source/session/api.js";
import { entryType } from "../../source/session/entry-guards.js";
import { SessionStore } from "../../source/session/store.js";
import { fixture } from "./helpers.js";

type TreeNode = { id: string; type: string; label?: string; children: TreeNode[] };

function ourTree(view: SessionTreeView): TreeNode[] {
	const node = (id: string, type: string): TreeNode => {
		const label = view.getLabel(id);
		const children = view.getChildren(id).map((c) => node(c.id, entryType(c)));
		return label === undefined ? { id, type, children } : { id, type, label, children };
	};
	return view.getRoots().map((r) => node(r.id, entryType(r)));
}

function roundTrip<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

describe("pi fixtures", () => {
	it("pi-tree-session: context and tree equal pi's", () => {
		const expected = JSON.parse(fs.readFileSync(fixture("pi-tree-session.expected.json"), "utf8"));
		const view = SessionStore.open(fixture("pi-tree-session.jsonl")).snapshot();
		expect(view.warnings).toEqual([]);
		expect(view.leafId).toBe(expected.leafId);
		const ctx = roundTrip(view.buildContext());
		expect(ctx).toEqual({
			leafId: expected.leafId,
			model: expected.model,
			thinkingLevel: expected.thinkingLevel,
			messages: expected.messages,
		});
		expect(JSON.stringify(ctx.messages)).toBe(JSON.stringify(expected.messages));
		expect(ourTree(view)).toEqual(expected.tree);
		expect(view.name).toBe("Demo 1");
	});

	it("pi-v1-large-session: migrated in memory, context equal pi's, file untouched", () => {
		const file = fixture("pi-v1-large-session.jsonl");
		const before = fs.readFileSync(file);
		const expected = JSON.parse(fs.readFileSync(fixture("pi-v1-large-session.expected.json"), "utf8"));
		const view = SessionStore.open(file).snapshot();
		expect(view.header.version).toBe(3);
		const ctx = roundTrip(view.buildContext());
		expect(ctx.model).toEqual(expected.model);
		expect(ctx.thinkingLevel).toBe(expected.thinkingLevel);
		expect(ctx.messages).toEqual(expected.messages);
		expect(JSON.stringify(ctx.messages)).toBe(JSON.stringify(expected.messages));
		expect(view.getRoots().length).toBe(1);
		expect(view.getPath(view.leafId).length).toBe(view.entries.length);
		expect(fs.readFileSync(file).equals(before)).toBe(true);
	});
});
