import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/build.js";
import type { TreeFilter } from "../../source/tree/types.js";
import { e, fakeView } from "./fake-view.js";

function mixedSession(leaf = "a3") {
	return fakeView(
		[
			e.other("mc", null, "model_change", { provider: "p", modelId: "m" }),
			e.other("tl", "mc", "thinking_level_change", { thinkingLevel: "low" }),
			e.other("si", "tl", "session_info", { name: "n" }),
			e.user("u1", "si", "Fix the parser"),
			e.toolCall("a1", "u1", "c1", "read", { path: "src/parse.ts" }),
			e.toolResult("t1", "a1", "c1", "read"),
			e.assistant("a2", "t1", "The parser drops lines"),
			e.other("cm", "a2", "custom_message", { customType: "note", content: "remember tests", display: true }),
			e.other("cu", "cm", "custom", { customType: "state" }),
			e.other("lb", "cu", "label", { targetId: "a2", label: "found-bug" }),
			e.other("zz", "lb", "mystery", {}),
			e.toolCall("a3", "zz", "c2", "bash", { command: "npm test" }),
		],
		leaf,
	);
}

const ids = (filter: TreeFilter, search?: string, leaf?: string) =>
	buildTreeRows(mixedSession(leaf), { filter, search }).map((r) => r.id);

describe("filters", () => {
	it("default hides metadata, custom state, labels, unknown types and silent assistant steps", () => {
		expect(ids("default")).toEqual(["u1", "t1", "a2", "cm", "a3"]);
	});
	it("default hides a silent assistant step that is not the leaf", () => {
		expect(ids("default", undefined, "cm")).toEqual(["u1", "t1", "a2", "cm"]);
	});
	it("user shows user messages and custom messages only", () => {
		expect(ids("user")).toEqual(["u1", "cm"]);
	});
	it("no-tools is default without tool results", () => {
		expect(ids("no-tools")).toEqual(["u1", "a2", "cm", "a3"]);
	});
	it("labeled shows only labelled entries", () => {
		expect(ids("labeled")).toEqual(["a2"]);
	});
	it("all shows every entry", () => {
		expect(ids("all")).toEqual(["mc", "tl", "si", "u1", "a1", "t1", "a2", "cm", "cu", "lb", "zz", "a3"]);
	});
});

describe("search", () => {
	it("needs every word, in any case, in the preview or the label", () => {
		expect(ids("default", "PARSER")).toEqual(["u1", "a2"]);
		expect(ids("default", "parser drops")).toEqual(["a2"]);
		expect(ids("default", "  found-bug  parser ")).toEqual(["a2"]);
		expect(ids("default", "parser nothing-like-this")).toEqual([]);
	});
	it("re-parents matches under their nearest matching ancestor", () => {
		const view = fakeView(
			[e.user("u", null, "alpha"), e.assistant("a", "u", "beta"), e.user("u2", "a", "alpha two"), e.user("u3", "a", "alpha three")],
			"u2",
		);
		const rows = buildTreeRows(view, { filter: "default", search: "alpha" });
		expect(rows.map((r) => `${r.gutter}${r.id}`)).toEqual(["u", "├─ u2", "└─ u3"]);
	});
});
