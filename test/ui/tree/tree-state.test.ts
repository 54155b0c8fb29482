import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../../source/tree/build.js";
import { branchPointFrom, initialTreeState, selectedIndex, treeReducer, type TreeState } from "../../../source/ui/tree/tree-state.js";
import { e, fakeView } from "../../tree/fake-view.js";

const view = fakeView(
	[
		e.user("u1", null, "one"),
		e.toolCall("t", "u1", "c", "read", { path: "a" }),
		e.assistant("a1", "t", "two"),
		e.user("u2", "a1", "three"),
		e.user("u3", "a1", "four"),
		e.assistant("a3", "u3", "five"),
	],
	"a3",
);
const rows = buildTreeRows(view, { filter: "default" }); // u1 a1 u2 u3 a3
const indexOf = new Map(rows.map((r, i) => [r.id, i]));
const s0 = initialTreeState({ selectedId: "a3" });
const at = (state: TreeState) => state.selectedId;

describe("treeReducer", () => {
	it("moved-down wraps to the first row", () => expect(at(treeReducer(s0, { type: "moved-down", rows, indexOf, current: 4 }))).toBe("u1"));
	it("moved-up wraps to the last row", () =>
		expect(at(treeReducer({ ...s0, selectedId: "u1" }, { type: "moved-up", rows, indexOf, current: 0 }))).toBe("a3"));
	it("moves start from the selected entry, so two keys in one chunk move two rows", () => {
		const once = treeReducer(s0, { type: "moved-up", rows, indexOf, current: 4 });
		expect(at(treeReducer(once, { type: "moved-up", rows, indexOf, current: 4 }))).toBe("u2");
	});
	it("moves start from the rendered row when the selected entry is hidden", () =>
		expect(at(treeReducer({ ...s0, selectedId: "t" }, { type: "moved-down", rows, indexOf, current: 0 }))).toBe("a1"));
	it("moved-up moves one row", () => expect(at(treeReducer(s0, { type: "moved-up", rows, indexOf, current: 4 }))).toBe("u3"));
	it("paged clamps at both ends", () => {
		expect(at(treeReducer({ ...s0, selectedId: "a1" }, { type: "paged", delta: -3, rows, indexOf, current: 1 }))).toBe("u1");
		expect(at(treeReducer({ ...s0, selectedId: "u3" }, { type: "paged", delta: 3, rows, indexOf, current: 3 }))).toBe("a3");
		expect(at(treeReducer({ ...s0, selectedId: "u1" }, { type: "paged", delta: 2, rows, indexOf, current: 0 }))).toBe("u2");
	});
	it("went-home / went-end select the first / last row", () => {
		expect(at(treeReducer(s0, { type: "went-home", rows, indexOf, current: 3 }))).toBe("u1");
		expect(at(treeReducer({ ...s0, selectedId: "u1" }, { type: "went-end", rows, indexOf, current: 0 }))).toBe("a3");
	});
	it("moves change nothing without rows", () => expect(treeReducer(s0, { type: "moved-down", rows: [], indexOf: new Map(), current: -1 })).toBe(s0));
	it("filter-toggled switches to the filter and back to default", () => {
		const user = treeReducer(s0, { type: "filter-toggled", filter: "user" });
		expect(user.filter).toBe("user");
		expect(treeReducer(user, { type: "filter-toggled", filter: "all" }).filter).toBe("all");
		expect(treeReducer(user, { type: "filter-toggled", filter: "user" }).filter).toBe("default");
	});
	it("search-typed appends", () => expect(treeReducer({ ...s0, search: "ab" }, { type: "search-typed", text: "c d" }).search).toBe("abc d"));
	it("search-erased drops the last character", () => expect(treeReducer({ ...s0, search: "ab🚀" }, { type: "search-erased" }).search).toBe("ab"));
	it("search-cleared empties the search", () => expect(treeReducer({ ...s0, search: "ab" }, { type: "search-cleared" }).search).toBe(""));
	it("label-times-toggled switches label times on and off", () => {
		const on = treeReducer(s0, { type: "label-times-toggled" });
		expect([on.labelTimes, treeReducer(on, { type: "label-times-toggled" }).labelTimes]).toEqual([true, false]);
	});
	it("search-cleared keeps the match shown as selected", () =>
		expect(treeReducer({ ...s0, search: "ab", selectedId: "a3" }, { type: "search-cleared", shownId: "u1" }).selectedId).toBe("u1"));
	it("folded / unfolded add and remove ids", () => {
		const f = treeReducer(s0, { type: "folded", id: "a1" });
		expect([...f.folded]).toEqual(["a1"]);
		expect([...treeReducer(f, { type: "unfolded", id: "a1" }).folded]).toEqual([]);
	});
	it("branch-jumped selects the branch point", () => expect(at(treeReducer(s0, { type: "branch-jumped", id: "a1" }))).toBe("a1"));
	it("label-edit-started opens the editor prefilled", () =>
		expect(treeReducer(s0, { type: "label-edit-started", id: "u2", text: "cp" }).labelEdit).toEqual({ id: "u2", text: "cp" }));
	it("label-edit-closed removes the editor", () =>
		expect(treeReducer({ ...s0, labelEdit: { id: "u2", text: "x" } }, { type: "label-edit-closed" })).toEqual(s0));
});

describe("selectedIndex", () => {
	const indexOf = new Map(rows.map((r, i) => [r.id, i]));
	it("finds the selected entry", () => expect(selectedIndex({ rows, indexOf, view, selectedId: "u3" })).toBe(3));
	it("falls back to the nearest visible ancestor", () => expect(selectedIndex({ rows, indexOf, view, selectedId: "t" })).toBe(0));
	it("keeps the selection when the filter hides it and restores it when toggled back", () => {
		const userRows = buildTreeRows(view, { filter: "user" }); // u1 u2 u3
		const userIndex = new Map(userRows.map((r, i) => [r.id, i]));
		expect(selectedIndex({ rows: userRows, indexOf: userIndex, view, selectedId: "a3" })).toBe(2);
		expect(selectedIndex({ rows, indexOf, view, selectedId: "a3" })).toBe(4);
	});
	it("is -1 without rows", () => expect(selectedIndex({ rows: [], indexOf: new Map(), view, selectedId: "a3" })).toBe(-1));
});

describe("branchPointFrom", () => {
	it("finds the previous and next branch point", () => {
		expect(branchPointFrom(rows, 4, -1)?.id).toBe("a1");
		expect(branchPointFrom(rows, 0, 1)?.id).toBe("a1");
		expect(branchPointFrom(rows, 1, 1)).toBeUndefined();
	});
});
