import { describe, expect, it } from "vitest";
import { branchActionsReducer as r, INITIAL_BRANCH_ACTIONS as init, type BranchActions } from "../../../source/ui/tree/branch-actions.js";

const marked: BranchActions = { screen: { kind: "tree" }, mark: "a", notice: "Marked a · Shift+C on another entry compares" };
const merging: BranchActions = { screen: { kind: "merging", fromId: "x", startedAt: 5 }, mark: "a" };

describe("branch actions reducer", () => {
	it("entry-marked with no mark marks it", () => expect(r(init, { type: "entry-marked", id: "a" })).toEqual(marked));
	it("entry-marked on the marked entry removes the mark", () => expect(r(marked, { type: "entry-marked", id: "a" })).toEqual({ screen: { kind: "tree" }, notice: "Mark removed" }));
	it("entry-marked on another entry opens the comparison (mark → a)", () => expect(r(marked, { type: "entry-marked", id: "b" })).toEqual({ screen: { kind: "comparison", a: "a", b: "b" } }));
	it("entry-marked outside the tree changes nothing", () => expect(r(merging, { type: "entry-marked", id: "b" })).toBe(merging));
	it("comparison-closed returns to the tree", () => expect(r({ screen: { kind: "comparison", a: "a", b: "b" } }, { type: "comparison-closed" })).toEqual({ screen: { kind: "tree" } }));
	it("merge-started shows the spinner, keeping the mark", () => expect(r(marked, { type: "merge-started", fromId: "x", now: 5 })).toEqual(merging));
	it("merge-failed returns to the tree with the error", () => expect(r(merging, { type: "merge-failed", message: "boom" })).toEqual({ screen: { kind: "tree" }, mark: "a", error: "boom" }));
	it("merge-cancelled returns to the tree with a notice", () => expect(r(merging, { type: "merge-cancelled", notice: "Merge cancelled" })).toEqual({ screen: { kind: "tree" }, mark: "a", notice: "Merge cancelled" }));
	it("merge-done resets", () => expect(r(merging, { type: "merge-done" })).toEqual(init));
});
