import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionTreeView } from "../../source/session/api.js";
import { SessionStore } from "../../source/session/store.js";
import { conversationLeaf, passesFilter } from "../../source/tree/filter.js";
import { buildVisibleForest } from "../../source/tree/layout.js";
import { buildTreeModel } from "../../source/tree/build.js";
import { TREE_FILTERS } from "../../source/tree/types.js";
import { filterStructure } from "../../source/tree/structure.js";
import { FIXTURES_DIR } from "../helpers/shared.js";
import { generatedSession } from "../helpers/generated-session.js";

function open(file: string): SessionTreeView {
	const store = SessionStore.open(file);
	const view = store.snapshot();
	store.close();
	return view;
}

function generated(): SessionTreeView {
	return generatedSession("bushy", 3000).view;
}

const views = () => [["pi fixture", open(join(FIXTURES_DIR, "pi-tree-session.jsonl"))], ["bushy 3k", generated()]] as const;

describe("filterStructure (one walk per snapshot, then a pass per filter)", () => {
	it("gives for every filter exactly the forest a fresh walk with that filter gives", () => {
		for (const [, view] of views()) {
			const leaf = conversationLeaf(view);
			for (const filter of TREE_FILTERS) {
				const walked = buildVisibleForest(view, (entry) => passesFilter(view, entry, filter, leaf));
				const fast = filterStructure(view, { filter });
				expect(fast.order.map((x) => x.id)).toEqual(walked.order.map((x) => x.id));
				expect(Array.from(fast.parent)).toEqual(Array.from(walked.parent));
				expect(Array.from(fast.childCount)).toEqual(Array.from(walked.childCount));
				expect(fast.rootCount).toBe(walked.rootCount);
			}
		}
	});

	it("looks rows up by id like a Map of the rows would, folded or not", () => {
		for (const [, view] of views()) {
			for (const filter of TREE_FILTERS) {
				const folded = new Set(view.entries.filter((_, i) => i % 7 === 0).map((x) => x.id));
				for (const opts of [{ filter }, { filter, folded }]) {
					const { rows, indexOf } = buildTreeModel(view, opts);
					const map = new Map(rows.map((r, i) => [r.id, i]));
					for (const entry of view.entries) expect(indexOf.get(entry.id)).toBe(map.get(entry.id));
				}
			}
		}
	});
});
