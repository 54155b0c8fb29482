/**
 * `arbor mcp serve --allow-write` (docs/memory.md) through the MCP SDK's Client against the built CLI:
 * a label and a move with the client's own summary land in the session file as /label and /tree write them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { place } from "../helpers/print-run.js";
import { readJsonl } from "../helpers/jsonl.js";
import { SessionStore } from "../../source/session/store.js";
import { startServe, type ServeHarness } from "./serve-client.js";

let mcp: ServeHarness | undefined;
afterEach(async () => {
	await mcp?.close();
	mcp = undefined;
});

describe("arbor mcp serve --allow-write", () => {
	it("lists the write tools too, and label_entry and move_leaf (with the client's summary) change the session as /label and /tree do", async () => {
		const { cwd, home } = place("arbor-mcp-write-");
		const { branched } = writeBranchSessions(cwd, home);
		mcp = await startServe(["--allow-write"], { cwd, home });
		const { tools } = await mcp.client.listTools();
		expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
			["list_sessions", true],
			["search", true],
			["get_tree", true],
			["read_entry", true],
			["read_context", true],
			["label_entry", false],
			["move_leaf", false],
		]);

		const labelled = await mcp.call("label_entry", { session: "0a1b", entryId: "aA", label: "apple verdict" });
		expect(labelled.json).toEqual({ file: branched, entryId: "aA", label: "apple verdict" });
		const labels = readJsonl(branched).filter((e) => e.type === "label");
		expect(labels.map((e) => [e.parentId, e.targetId, e.label])).toEqual([["aB", "aA", "apple verdict"]]);
		// As /label: the label entry hangs from the leaf and becomes it; the branch left starts there.
		const labelId = labels[0].id;

		const moved = await mcp.call("move_leaf", { session: "0a1b", entryId: "aA", summary: "Bananas were tried: BANANAWIN." });
		expect(moved.isError, moved.text).toBe(false);
		expect(moved.json).toMatchObject({ status: "moved", oldLeafId: labelId, summaryEntry: { summary: "Bananas were tried: BANANAWIN." } });
		const summary = readJsonl(branched).find((e) => e.type === "branch_summary");
		expect(summary).toMatchObject({ parentId: "aA", fromId: labelId, summary: "Bananas were tried: BANANAWIN.", id: moved.json.summaryEntry.id });
		// The store reads the move back: the leaf is the summary, under the apple branch.
		const store = SessionStore.open(branched);
		expect(store.snapshot().getPath(store.snapshot().leafId).map((e) => e.id)).toEqual(["u1", "a1", "uA", "aA", summary.id]);
		store.close();
		const tree = await mcp.call("get_tree", { session: "0a1b", filter: "all" });
		expect(tree.json.leafId).toBe(summary.id);

		// Back to the banana branch without a summary: only a leaf marker.
		const back = await mcp.call("move_leaf", { session: "0a1b", entryId: "aB" });
		expect(back.json).toMatchObject({ status: "moved", newLeafId: "aB" });
		// Nothing else was written: opening the session on the core adds no entry of its own.
		expect(readJsonl(branched).slice(7).map((e) => e.customType ?? e.type)).toEqual(["label", "branch_summary", "arbor.leaf"]);
	});

	it("a move to where the leaf is changes nothing; a session open for writing elsewhere (its lock held) is refused", async () => {
		const { cwd, home } = place("arbor-mcp-write-");
		const { branched } = writeBranchSessions(cwd, home);
		mcp = await startServe(["--allow-write"], { cwd, home });
		const here = await mcp.call("move_leaf", { session: "0a1b", entryId: "aB", summary: "x" });
		expect(here.json).toEqual({ file: branched, status: "already-here" });
		const holder = SessionStore.open(branched, { write: true });
		try {
			const refused = await mcp.call("label_entry", { session: "0a1b", entryId: "aA", label: "x" });
			expect(refused.isError).toBe(true);
			expect(refused.text).toMatch(/^label_entry: .*lock/);
		} finally {
			holder.close();
		}
		expect(readJsonl(branched).some((e) => e.type === "label" || e.type === "branch_summary")).toBe(false);
	});
});
