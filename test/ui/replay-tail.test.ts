import { describe, expect, it } from "vitest";
import { replay, replayTail } from "../../source/ui/chat/replay.js";
import { entryItemCount } from "../../source/ui/chat/transcript.js";
import { itemRows, tailCount } from "../../source/ui/chat/transcript-tail.js";
import { forgetBodies, generatedSession } from "../helpers/generated-session.js";
import { fixtureEntries, pathTo, TREE_FIXTURE } from "./fixture-path.js";

/** The path of a generated 3,000-entry linear session (tool calls, results, compactions), opened for real. */
function generatedPath() {
	const { view } = generatedSession("linear", 3000);
	return view.getPath(view.leafId);
}

describe("replayTail", () => {
	it("gives the same last items as a full replay, and counts every earlier one", () => {
		const path = generatedPath();
		const full = replay(path);
		const budget = { lines: 120, cols: 100 };
		const { items, hidden } = replayTail(path, budget);
		expect(items).toEqual(full.slice(full.length - items.length));
		expect(items.length).toBe(tailCount(full, budget));
		expect(hidden + items.length).toBe(full.length);
		expect(items.reduce((n, i) => n + itemRows(i, 100), 0)).toBeLessThanOrEqual(120 + itemRows(items[0]!, 100));
	});
	it("counts the earlier items from what the entries keep in memory: no message body is read back from the file", () => {
		// Opening a 100k-entry linear session read every assistant message back from disk to count
		// the hidden items (~0.45 s of a 2 s open).
		const { file, view } = generatedSession("linear", 3000);
		const path = view.getPath(view.leafId);
		const expected = replay(path).length;
		forgetBodies(file);
		expect(path.reduce((n, e) => n + entryItemCount(e), 0)).toBe(expected);
	});
	it("counts items per entry exactly as replay appends them (fixture)", () => {
		const path = pathTo(fixtureEntries(TREE_FIXTURE), "428890f6");
		expect(path.reduce((n, e) => n + entryItemCount(e), 0)).toBe(replay(path).length);
	});
	it("a short path is replayed whole with nothing hidden", () => {
		const path = pathTo(fixtureEntries(TREE_FIXTURE), "428890f6");
		expect(replayTail(path, { lines: 10_000, cols: 80 })).toEqual({ items: replay(path), hidden: 0 });
	});
	it("keeps the last item even when it alone is taller than the budget", () => {
		const path = pathTo(fixtureEntries(TREE_FIXTURE), "428890f6");
		expect(replayTail(path, { lines: 1, cols: 80 }).items).toEqual(replay(path).slice(-1));
	});
});
