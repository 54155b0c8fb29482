import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/build.js";
import { conversationLeaf } from "../../source/tree/filter.js";
import { formatTreeRow } from "../../source/tree/format.js";
import type { TreeRow } from "../../source/tree/types.js";
import { e, fakeView } from "./fake-view.js";

/** u1 → a1 → (uA → aA → name → label) | (uB → aB): the stored leaf is a trailing label entry. */
function session(leafId = "lb") {
	return fakeView(
		[
			e.user("u1", null, "Hello"),
			e.assistant("a1", "u1", "Hi"),
			e.user("uA", "a1", "Try A"),
			e.assistant("aA", "uA", "Done A"),
			e.other("nm", "aA", "session_info", { name: "demo" }),
			e.other("lb", "nm", "label", { targetId: "uA", label: "first" }),
			e.user("uB", "a1", "Try B"),
			e.assistant("aB", "uB", "Done B"),
		],
		leafId,
	);
}

const lines = (rows: TreeRow[], foldMarks = false) => rows.map((r) => formatTreeRow(r, { width: 60, selected: false, foldMarks }));

describe("the leaf the tree marks", () => {
	it("is the conversation entry under trailing /name and /label entries", () => {
		expect(conversationLeaf(session())).toBe("aA");
		expect(conversationLeaf(session("aB"))).toBe("aB");
		expect(conversationLeaf(fakeView([e.other("n", null, "session_info", { name: "x" })], "n"))).toBeNull();
	});

	it("shows ← active on the conversation leaf in every filter that shows it, also with the bookkeeping visible", () => {
		expect(buildTreeRows(session(), { filter: "default" }).filter((r) => r.isLeaf).map((r) => r.id)).toEqual(["aA"]);
		const all = buildTreeRows(session(), { filter: "all" });
		expect(all.filter((r) => r.isLeaf || r.leafBelow).map((r) => r.id)).toEqual(["aA"]);
		expect(lines(all).filter((l) => l.includes("active"))).toEqual(["  │     • assistant: Done A ← active"]);
	});

	it("marks a leaf hidden by the filter as ↓ active on its nearest visible ancestor, never ← active", () => {
		const rows = buildTreeRows(session(), { filter: "user" });
		expect(rows.some((r) => r.isLeaf)).toBe(false);
		expect(lines(rows)).toEqual(["  • user: Hello", "  ├─ • [first] user: Try A ↓ active", "  └─ user: Try B"]);
	});

	it("marks a leaf hidden by a search the same way", () => {
		const rows = buildTreeRows(session(), { filter: "default", search: "try" });
		expect(lines(rows)).toEqual(["  ├─ • [first] user: Try A ↓ active", "  └─ user: Try B"]);
	});
});

describe("fold marks (interactive rows)", () => {
	it("⊟ on an open branch point, ⊞ on a folded row; none without foldMarks (arbor tree)", () => {
		expect(lines(buildTreeRows(session(), { filter: "default" }), true).slice(0, 3)).toEqual([
			"  • user: Hello",
			"  ⊟ • assistant: Hi",
			"  ├─ • [first] user: Try A",
		]);
		expect(lines(buildTreeRows(session(), { filter: "default", folded: new Set(["a1", "uB"]) }), true)).toEqual([
			"  • user: Hello",
			"  ⊞ • assistant: Hi",
		]);
		expect(lines(buildTreeRows(session(), { filter: "default", folded: new Set(["uB"]) }), true).at(-1)).toBe("  └─ ⊞ user: Try B");
		expect(lines(buildTreeRows(session(), { filter: "default" }))[1]).toBe("  • assistant: Hi");
	});
});
