/** The edit tool's arguments as the model sends them, through its input schema (the AI SDK validates with it). */
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../../source/tools/specs.js";
import { editPairs } from "../../source/tools/edit-match.js";

const parse = (v: unknown) => TOOL_SPECS.edit.inputSchema.safeParse(v);

describe("edit's arguments", () => {
	it("takes edits, the older single oldText/newText, and edits sent as a JSON string; refuses none", () => {
		const pair = { oldText: "a", newText: "b" };
		expect(parse({ path: "f", edits: [pair] })).toMatchObject({ success: true, data: { path: "f", edits: [pair] } });
		expect(parse({ path: "f", ...pair })).toMatchObject({ success: true, data: { path: "f", edits: [pair] } });
		expect(parse({ path: "f", edits: JSON.stringify([pair, pair]) })).toMatchObject({ success: true, data: { edits: [pair, pair] } });
		expect(parse({ path: "f", edits: [] }).success).toBe(false);
		expect(parse({ path: "f" }).success).toBe(false);
	});

	it("editPairs reads both forms from a stored call, and nothing else", () => {
		expect(editPairs({ path: "f", oldText: "a", newText: "b" })).toEqual([{ oldText: "a", newText: "b" }]);
		expect(editPairs({ path: "f", edits: [{ oldText: "a", newText: "b" }] })).toEqual([{ oldText: "a", newText: "b" }]);
		expect(editPairs({ path: "f", edits: "[{\"oldText\":\"a\",\"newText\":\"b\"}]" })).toEqual([{ oldText: "a", newText: "b" }]);
		for (const bad of [null, "x", { path: "f" }, { edits: [] }, { edits: [{ oldText: 1, newText: "b" }] }, { edits: "not json" }]) expect(editPairs(bad)).toBeUndefined();
	});
});
