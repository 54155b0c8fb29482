import { describe, expect, it } from "vitest";
import { INITIAL_TREE_FLOW as init, treeFlowReducer as r, treeMessages, type TreeFlow, type TreeFlowEvent } from "../../../source/ui/tree/tree-flow.js";

// The compare / merge cases of the one /tree reducer (they had a reducer of their own before).
const MARKED_A = "Marked a · Shift+C on another entry compares";
const marked: TreeFlow = { screen: "tree", mark: "a", branchNotice: MARKED_A };
const merging: TreeFlow = { screen: "merging", fromId: "x", startedAt: 5, mark: "a" };
const run = (flow: TreeFlow, ...events: TreeFlowEvent[]) => events.reduce(r, flow);

describe("tree reducer: mark, compare, merge", () => {
	it("entry-marked with no mark marks it", () => expect(r(init, { type: "entry-marked", id: "a", key: "Shift+C" })).toEqual(marked));
	it("entry-marked on the marked entry removes the mark", () => expect(r(marked, { type: "entry-marked", id: "a", key: "Shift+C" })).toEqual({ screen: "tree", branchNotice: "Mark removed" }));
	it("entry-marked on another entry opens the comparison (mark → a)", () => expect(r(marked, { type: "entry-marked", id: "b", key: "Shift+C" })).toEqual({ screen: "comparing", a: "a", b: "b" }));
	it("the notice names the mark key as the keymap has it; unbound, it names none", () => {
		expect(r(init, { type: "entry-marked", id: "a", key: "Shift+K" })).toMatchObject({ branchNotice: "Marked a · Shift+K on another entry compares" });
		expect(r(init, { type: "entry-marked", id: "a", key: "" })).toMatchObject({ branchNotice: "Marked a" });
	});
	it("entry-marked outside the tree changes nothing", () => expect(r(merging, { type: "entry-marked", id: "b", key: "Shift+C" })).toBe(merging));
	it("comparison-closed returns to the tree", () => expect(r({ screen: "comparing", a: "a", b: "b" }, { type: "comparison-closed" })).toEqual({ screen: "tree" }));
	it("merge-started shows the spinner, keeping the mark", () => expect(r(marked, { type: "merge-started", fromId: "x", now: 5 })).toEqual(merging));
	it("merge-failed returns to the tree with the error", () => expect(r(merging, { type: "merge-failed", message: "boom" })).toEqual({ screen: "tree", mark: "a", branchError: "boom" }));
	it("merge-cancelled returns to the tree with a notice", () => expect(r(merging, { type: "merge-cancelled", notice: "Merge cancelled" })).toEqual({ screen: "tree", mark: "a", branchNotice: "Merge cancelled" }));
	it("merge-done resets", () => expect(r(merging, { type: "merge-done" })).toEqual(init));
	it("a move keeps the mark: a cancelled summary returns to the tree still marked", () => {
		const prompt = r(marked, { type: "node-chosen", targetId: "x", ask: true });
		expect(prompt).toEqual({ screen: "summary-prompt", targetId: "x", option: 0, mark: "a", branchNotice: MARKED_A });
		expect(r(r(prompt, { type: "summary-requested", now: 5 }), { type: "summary-cancelled" })).toEqual({ screen: "tree", notice: "Summary cancelled", mark: "a", branchNotice: MARKED_A });
	});
	it("label-set shows the store's refusal under the tree and clears it on success", () => {
		const refused = r(marked, { type: "label-set", error: "bad label" });
		expect(refused).toEqual({ ...marked, labelError: "bad label" });
		expect(r(refused, { type: "label-set" })).toEqual(marked);
	});
});

// c297249 kept the compare / merge lines and the label error in states of their own: they outlived
// a move's screens, and the tree showed the move's notice first, then theirs (the same for errors).
describe("the lines under the tree, as before the restructure", () => {
	it("a mark's notice is still shown after the summary prompt's Esc", () => {
		const back = run(marked, { type: "node-chosen", targetId: "x", ask: true }, { type: "went-back" });
		expect(treeMessages(back)).toEqual({ notice: MARKED_A });
	});
	it("a merge's error and a label's error outlive a move; the move's own lines come first", () => {
		const failed = run(merging, { type: "merge-failed", message: "nothing to merge" });
		expect(treeMessages(run(failed, { type: "node-chosen", targetId: "x", ask: true }, { type: "went-back" }))).toEqual({ error: "nothing to merge" });
		const label = r(failed, { type: "label-set", error: "bad label" });
		expect(treeMessages(label)).toEqual({ error: "bad label" });
		const summaryFailed = run(label, { type: "node-chosen", targetId: "x", ask: true }, { type: "summary-requested", now: 1 }, { type: "summary-failed", message: "model down" });
		expect(treeMessages(summaryFailed)).toEqual({ error: "model down" });
		expect(treeMessages(r(summaryFailed, { type: "node-chosen", targetId: "y", ask: false }))).toEqual({ error: "bad label" }); // navigating
		expect(treeMessages(run(summaryFailed, { type: "node-chosen", targetId: "y", ask: true }, { type: "went-back" }))).toEqual({ error: "bad label" });
	});
	it("a notice and an error from different sources show together", () => {
		const cancelled = run(merging, { type: "merge-cancelled", notice: "Merge cancelled" }, { type: "label-set", error: "bad label" });
		expect(treeMessages(cancelled)).toEqual({ notice: "Merge cancelled", error: "bad label" });
	});
	it("a comparison started under a move's notice returns to it", () => {
		const cancelled: TreeFlow = { screen: "tree", notice: "Summary cancelled", mark: "a" };
		expect(treeMessages(run(cancelled, { type: "entry-marked", id: "b", key: "Shift+C" }, { type: "comparison-closed" }))).toEqual({ notice: "Summary cancelled" });
	});
});
