import { afterEach, describe, expect, it, vi } from "vitest";
import { renderTreeText } from "../../source/commands/tree-text.js";
import { fullWidth } from "../../source/text/text-width.js";
import { buildTreeRows } from "../../source/tree/build.js";
import { formatTreeRow, formatTreeRowParts } from "../../source/tree/format.js";
import { e, fakeView } from "./fake-view.js";

afterEach(() => vi.restoreAllMocks());

/** A branchy tree: every row below the first has a box-drawing gutter, the leaf a marker and suffix. */
function branchyView() {
	const entries = [e.user("n0", null, "root")];
	let parent = "n0";
	for (let i = 1; i <= 40; i++) {
		entries.push(e.user(`s${i}`, parent, `side ${i}`), e.assistant(`n${i}`, parent, `main ${i}`));
		parent = `n${i}`;
	}
	return fakeView(entries, parent);
}

function branchy() {
	return buildTreeRows(branchyView(), { filter: "default" });
}

describe("tree row widths", () => {
	it("are not measured by the full measure (string-width) when gutters, markers and text are known to be one column a character", () => {
		const rows = branchy();
		const spy = vi.spyOn(fullWidth, "measure");
		const wide = rows.map((r) => formatTreeRow(r, { width: 100_000, selected: false, foldMarks: true }));
		const n3 = rows.findIndex((r) => r.id === "n3");
		const narrow = rows.map((r, i) => formatTreeRow(r, { width: 24, selected: i === n3, foldMarks: true }));
		expect(spy).not.toHaveBeenCalled();
		expect(wide.at(-1)).toBe("  …36          └─ • assistant: main 40 ← active");
		expect(narrow.at(-1)).toBe("  …38    └─ • … ← active");
		expect(narrow[n3]).toBe("›       └─ ⊟ • assistan…");
	});

	it("are not measured by the full measure in `arbor tree`'s text either (its rows are built without row objects)", () => {
		const spy = vi.spyOn(fullWidth, "measure");
		const text = renderTreeText(branchyView(), { filter: "default", width: 24, color: true });
		expect(spy).not.toHaveBeenCalled();
		expect(text.split("\n").at(-3)).toBe("  \u001b[2m…38    └─ \u001b[22m• \u001b[2m…\u001b[22m\u001b[32m ← active\u001b[39m");
	});

	it("in /tree (fullGutter) the gutter is whole while the row keeps 30 columns for its text, `…N` beyond", () => {
		const rows = branchy();
		const n5 = rows.find((r) => r.id === "n5")!;
		// 5 levels = 15 columns: whole at 80 columns (arbor tree's 18-column cap would not cut it either).
		expect(formatTreeRow(n5, { width: 80, selected: false, fullGutter: true })).toBe(`  ${" ".repeat(12)}└─ • assistant: main 5`);
		const last = rows.at(-1)!;
		// 40 levels = 120 columns: at 200 columns they fit (200 - 2 - 30 = 168), at 80 they do not (48: …N and the last four).
		expect(formatTreeRow(last, { width: 200, selected: false, fullGutter: true })).toBe(`  ${" ".repeat(117)}└─ • assistant: main 40 ← active`);
		expect(formatTreeRow(last, { width: 80, selected: false, fullGutter: true })).toBe("  …36          └─ • assistant: main 40 ← active");
		expect(formatTreeRow(last, { width: 200, selected: false })).toBe("  …36          └─ • assistant: main 40 ← active");
	});

	it("still measures wide text (CJK, emoji) and cuts it by columns", () => {
		const rows = buildTreeRows(fakeView([e.user("a", null, "漢字漢字漢字漢字"), e.user("b", "a", "x")], "b"), { filter: "default" });
		const spy = vi.spyOn(fullWidth, "measure");
		const p = formatTreeRowParts(rows[0]!, { width: 16, selected: false });
		expect(spy).toHaveBeenCalled();
		expect(p.text).toBe("user: 漢字…");
	});
});
