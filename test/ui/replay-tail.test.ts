import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { replay, replayTail } from "../../source/ui/chat/replay.js";
import { entryItemCount } from "../../source/ui/chat/transcript.js";
import { itemRows, tailCount } from "../../source/ui/chat/transcript-tail.js";
import { GEN_SESSION } from "../helpers/shared.js";
import { forgetBodies, generatedSession } from "../helpers/generated-session.js";
import { fixtureEntries, pathTo, TREE_FIXTURE } from "./fixture-path.js";

const dir = mkdtempSync(join(tmpdir(), "arbor-replay-tail-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A generated 3,000-entry linear session (tool calls, results, compactions), opened for real. */
function generatedPath() {
	const file = join(dir, "linear.jsonl");
	execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", "linear", "--n", "3000"], { stdio: "ignore" });
	const store = SessionStore.open(file);
	const view = store.snapshot();
	const path = view.getPath(view.leafId);
	store.close();
	return path;
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
