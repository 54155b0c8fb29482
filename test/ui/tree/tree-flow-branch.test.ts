import { describe, expect, it } from "vitest";
import { INITIAL_TREE_FLOW as init, treeFlowReducer as r, type TreeFlow } from "../../../source/ui/tree/tree-flow.js";

// The compare / merge cases of the one /tree reducer (they had a reducer of their own before).
const marked: TreeFlow = { screen: "tree", mark: "a", notice: "Marked a · Shift+C on another entry compares" };
const merging: TreeFlow = { screen: "merging", fromId: "x", startedAt: 5, mark: "a" };

describe("tree reducer: mark, compare, merge", () => {
	it("entry-marked with no mark marks it", () => expect(r(init, { type: "entry-marked", id: "a" })).toEqual(marked));
	it("entry-marked on the marked entry removes the mark", () => expect(r(marked, { type: "entry-marked", id: "a" })).toEqual({ screen: "tree", notice: "Mark removed" }));
	it("entry-marked on another entry opens the comparison (mark → a)", () => expect(r(marked, { type: "entry-marked", id: "b" })).toEqual({ screen: "comparing", a: "a", b: "b" }));
	it("entry-marked outside the tree changes nothing", () => expect(r(merging, { type: "entry-marked", id: "b" })).toBe(merging));
	it("comparison-closed returns to the tree", () => expect(r({ screen: "comparing", a: "a", b: "b" }, { type: "comparison-closed" })).toEqual({ screen: "tree" }));
	it("merge-started shows the spinner, keeping the mark", () => expect(r(marked, { type: "merge-started", fromId: "x", now: 5 })).toEqual(merging));
	it("merge-failed returns to the tree with the error", () => expect(r(merging, { type: "merge-failed", message: "boom" })).toEqual({ screen: "tree", mark: "a", error: "boom" }));
	it("merge-cancelled returns to the tree with a notice", () => expect(r(merging, { type: "merge-cancelled", notice: "Merge cancelled" })).toEqual({ screen: "tree", mark: "a", notice: "Merge cancelled" }));
	it("merge-done resets", () => expect(r(merging, { type: "merge-done" })).toEqual(init));
	it("a move keeps the mark: a cancelled summary returns to the tree still marked", () => {
		const prompt = r(marked, { type: "node-chosen", targetId: "x", ask: true });
		expect(prompt).toEqual({ screen: "summary-prompt", targetId: "x", option: 0, mark: "a" });
		expect(r(r(prompt, { type: "summary-requested", now: 5 }), { type: "summary-cancelled" })).toEqual({ screen: "tree", notice: "Summary cancelled", mark: "a" });
	});
	it("label-set shows the store's refusal under the tree and clears it on success", () => {
		const refused = r(marked, { type: "label-set", error: "bad label" });
		expect(refused).toEqual({ ...marked, error: "bad label" });
		expect(r(refused, { type: "label-set" })).toEqual(marked);
	});
});
