import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/build.js";
import { formatTreeRow } from "../../source/tree/format.js";
import { treeIsEmpty } from "../../source/tree/rows.js";
import type { TreeRow } from "../../source/tree/types.js";
import { e, fakeView, SPEC_EXAMPLE_ROWS, specExampleEntries } from "./fake-view.js";
import { itLarge } from "../helpers/large.js";

/** The session behind the example in spec/tree-view.md. */
const specExample = () => fakeView(specExampleEntries(), "uA2");

const lines = (rows: TreeRow[], selectedId?: string, width = 80) =>
	rows.map((r) => formatTreeRow(r, { width, selected: r.id === selectedId }));

describe("buildTreeRows layout", () => {
	it("reproduces the example of tree-view.md", () => {
		const rows = buildTreeRows(specExample(), { filter: "default" });
		// The spec pads before `← active` for illustration; rows put it right after the preview.
		expect(lines(rows, "uA2")).toEqual(SPEC_EXAMPLE_ROWS);
		expect(rows.map((r) => r.kind)).toEqual(["user", "assistant", "user", "tool", "assistant", "summary", "user", "user", "assistant"]);
		expect(rows.filter((r) => r.isBranchPoint).map((r) => r.id)).toEqual(["a1"]);
		expect(rows.filter((r) => r.isLeaf).map((r) => r.id)).toEqual(["uA2"]);
		expect(rows[3]!.gutter).toBe("│     ");
		expect(rows[3]!.gutterWidth).toBe(6);
	});

	it("nests branch points inside branches and lists several roots as siblings", () => {
		const view = fakeView(
			[
				e.user("r1", null, "one"),
				e.user("x", "r1", "x"),
				e.user("x1", "x", "x1"),
				e.user("x2", "x", "x2"),
				e.user("x2a", "x2", "x2a"),
				e.user("y", "r1", "y"),
				e.user("r2", null, "two"),
			],
			null,
		);
		expect(lines(buildTreeRows(view, { filter: "default" }))).toEqual([
			"  ├─ user: one",
			"  │  ├─ user: x",
			"  │  │  ├─ user: x1",
			"  │  │  └─ user: x2",
			"  │  │        user: x2a",
			"  │  └─ user: y",
			"  └─ user: two",
		]);
	});

	it("treats orphans (missing parent) as roots", () => {
		const view = fakeView([e.user("o", "gone", "orphan"), e.assistant("oa", "o", "reply")], "oa");
		expect(lines(buildTreeRows(view, { filter: "default" }))).toEqual(["  • user: orphan", "  • assistant: reply ← active"]);
	});

	it("re-parents visible entries under their nearest visible ancestor", () => {
		const view = fakeView(
			[
				e.other("m", null, "model_change", { provider: "p", modelId: "m1" }),
				e.user("u", "m", "hi"),
				e.other("c1", "u", "custom", { customType: "state" }),
				e.assistant("a", "c1", "first"),
				e.other("c2", "u", "custom", { customType: "state" }),
				e.assistant("b", "c2", "second"),
			],
			"a",
		);
		expect(lines(buildTreeRows(view, { filter: "default" }))).toEqual([
			"  • user: hi",
			"  ├─ • assistant: first ← active",
			"  └─ assistant: second",
		]);
	});

	it("marks the nearest visible ancestor as the leaf when the leaf is hidden", () => {
		const view = fakeView([e.user("u", null, "hi"), e.other("l", "u", "label", { targetId: "u", label: "x" })], "l");
		const rows = buildTreeRows(view, { filter: "default" });
		expect(lines(rows)).toEqual(["  • [x] user: hi ← active"]);
	});
});

describe("buildTreeRows folding", () => {
	it("omits the visible descendants of folded entries and flags the row", () => {
		const rows = buildTreeRows(specExample(), { filter: "default", folded: new Set(["uA", "aB"]) });
		expect(lines(rows)).toEqual([
			"  • user: Hello, can you help",
			"  • assistant: Of course! I can",
			"  ├─ • [checkpoint-1] user: Let's try approach A",
			"  └─ user: Actually, approach B",
			"        assistant: For approach B",
		]);
		expect(rows.map((r) => [r.id, r.foldable, r.folded])).toEqual([
			["u1", true, false],
			["a1", true, false],
			["uA", true, true],
			["uB", true, false],
			["aB", false, false],
		]);
	});
});

describe("buildTreeRows scale", () => {
	itLarge("handles a 100k-deep linear chain without recursion", () => {
		const entries = [e.user("n0", null, "start")];
		for (let i = 1; i < 100_000; i++) entries.push(e.assistant(`n${i}`, `n${i - 1}`, `step ${i}`));
		const view = fakeView(entries, "n99999");
		const rows = buildTreeRows(view, { filter: "default" });
		expect(rows.length).toBe(100_000);
		expect(formatTreeRow(rows[99_999]!, { width: 60, selected: true })).toBe("› • assistant: step 99999 ← active");
		expect(rows[50_000]!.gutter).toBe("");
	});

	it("caps deep gutters at a few columns with a depth marker (…N = levels not drawn), at any width", () => {
		const entries = [e.user("n0", null, "root")];
		let parent = "n0";
		for (let i = 1; i <= 30; i++) {
			entries.push(e.user(`s${i}`, parent, `side ${i}`), e.user(`n${i}`, parent, `main ${i}`));
			parent = `n${i}`;
		}
		const rows = buildTreeRows(fakeView(entries, null), { filter: "default" });
		const last = rows.at(-1)!;
		expect(last.gutterWidth).toBe(30 * 3);
		expect(formatTreeRow(last, { width: 42, selected: false })).toBe("  …26          └─ user: main 30");
		expect(formatTreeRow(last, { width: 100_000, selected: false })).toBe("  …26          └─ user: main 30");
		expect(formatTreeRow(rows.at(-3)!, { width: 100_000, selected: false })).toBe("  …25          └─ user: main 29");
		expect(formatTreeRow(rows[4]!, { width: 100_000, selected: false })).toBe("     └─ user: main 2");
		expect(formatTreeRow(last, { width: 16, selected: false })).toBe("  …29 └─ user: …");
	});
});

describe("treeIsEmpty", () => {
	it("is true only without entries", () => {
		expect(treeIsEmpty(fakeView([], null))).toBe(true);
		expect(treeIsEmpty(fakeView([e.user("u", null, "x")], "u"))).toBe(false);
	});
});
