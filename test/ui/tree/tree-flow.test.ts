import { describe, expect, it } from "vitest";
import { INITIAL_TREE_FLOW, treeFlowReducer, type TreeFlow } from "../../../source/ui/tree/tree-flow.js";

const prompt: TreeFlow = { screen: "summary-prompt", targetId: "x", option: 0 };
const custom: TreeFlow = { screen: "custom-instructions", targetId: "x", text: "focus" };
const summarizing: TreeFlow = { screen: "summarizing", targetId: "x", startedAt: 5 };
const r = treeFlowReducer;

describe("treeFlowReducer", () => {
	it("node-chosen asks for a summary when the move abandons entries", () =>
		expect(r(INITIAL_TREE_FLOW, { type: "node-chosen", targetId: "x", ask: true })).toEqual(prompt));
	it("node-chosen navigates at once otherwise", () =>
		expect(r(INITIAL_TREE_FLOW, { type: "node-chosen", targetId: "x", ask: false })).toEqual({ screen: "navigating", targetId: "x" }));
	it("node-chosen is ignored while a move runs", () => expect(r(summarizing, { type: "node-chosen", targetId: "y", ask: false })).toBe(summarizing));
	it("option-moved wraps both ways", () => {
		expect(r(prompt, { type: "option-moved", delta: -1 })).toEqual({ ...prompt, option: 2 });
		expect(r({ ...prompt, option: 2 }, { type: "option-moved", delta: 1 })).toEqual(prompt);
	});
	it("summary-declined navigates without a summary", () =>
		expect(r(prompt, { type: "summary-declined" })).toEqual({ screen: "navigating", targetId: "x" }));
	it("summary-requested starts summarizing at the given time", () =>
		expect(r(prompt, { type: "summary-requested", now: 5 })).toEqual(summarizing));
	it("summary-unavailable stays on the prompt with the error", () =>
		expect(r(prompt, { type: "summary-unavailable", message: "No model configured for summaries" })).toEqual({
			...prompt,
			error: "No model configured for summaries",
		}));
	it("custom-requested opens an empty editor", () =>
		expect(r(prompt, { type: "custom-requested" })).toEqual({ screen: "custom-instructions", targetId: "x", text: "" }));
	it("instructions-edited replaces the text", () =>
		expect(r(custom, { type: "instructions-edited", text: "a\nb" })).toEqual({ ...custom, text: "a\nb" }));
	it("instructions-submitted summarizes with the text", () =>
		expect(r(custom, { type: "instructions-submitted", now: 5 })).toEqual({ ...summarizing, customInstructions: "focus" }));
	it("summary-failed returns to the tree with the error", () =>
		expect(r(summarizing, { type: "summary-failed", message: "boom" })).toEqual({ screen: "tree", error: "boom" }));
	it("summary-cancelled returns to the tree with a notice", () =>
		expect(r(summarizing, { type: "summary-cancelled" })).toEqual({ screen: "tree", notice: "Summary cancelled" }));
	it("navigation-cancelled returns to the tree silently", () =>
		expect(r({ screen: "navigating", targetId: "x" }, { type: "navigation-cancelled" })).toEqual({ screen: "tree" }));
	it("navigation-done resets to the tree", () => expect(r(summarizing, { type: "navigation-done" })).toEqual({ screen: "tree" }));
	it("went-back goes from the editor to the prompt on its option, keeping the draft", () =>
		expect(r(custom, { type: "went-back" })).toEqual({ ...prompt, option: 2, draft: "focus" }));
	it("custom-requested offers the draft again (after Esc and moving the option)", () => {
		const back = r(r(r(custom, { type: "went-back" }), { type: "option-moved", delta: 1 }), { type: "option-moved", delta: -1 });
		expect(r(back, { type: "custom-requested" })).toEqual(custom);
	});
	it("went-back goes from the prompt to the tree", () => expect(r(prompt, { type: "went-back" })).toEqual({ screen: "tree" }));
	it("went-back leaves a running summary alone", () => expect(r(summarizing, { type: "went-back" })).toBe(summarizing));
});
