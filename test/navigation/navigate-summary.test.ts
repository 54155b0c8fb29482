import { afterEach, describe, expect, it } from "vitest";
import { EventBus, type BeforeTreeEvent, type TreeEvent } from "../../source/events/bus.js";
import { canSummarize, navigateTree, planNavigation } from "../../source/navigation/navigate.js";
import { SessionStore } from "../../source/session/store.js";
import { FileWatch, cleanTempDirs, exampleTree, say, summarizer, user } from "./helpers.js";
import { waitFor } from "../helpers/wait-for.js";

afterEach(cleanTempDirs);

const FILES = "\n\n<read-files>\nsrc/a.ts\n</read-files>\n\n<modified-files>\nsrc/b.ts\n</modified-files>";

describe("navigateTree with a summary", () => {
	it("appends a branch_summary under the new leaf that becomes the leaf and reaches the context", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const sum = summarizer(["## Goal\nApproach one"]);
		const result = await navigateTree({ store, summaryModel: sum.model }, ids.H!, { summarize: true });
		const added = watch.grew();
		expect(added).toHaveLength(1);
		const entry = added[0]!;
		expect(entry).toMatchObject({
			type: "branch_summary",
			parentId: ids.H,
			fromId: ids.F,
			summary: `## Goal\nApproach one${FILES}`,
			details: { readFiles: ["src/a.ts"], modifiedFiles: ["src/b.ts"] },
		});
		expect("fromHook" in entry).toBe(false);
		expect(result).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: entry.id, summaryEntry: store.snapshot().getEntry(entry.id as string) });
		expect(sum.calls).toHaveLength(1);
		expect(sum.promptText()).toContain("contents of a");
		expect(sum.promptText()).not.toContain("approach two");
		const file = store.file!;
		store.close();
		const reopened = SessionStore.open(file);
		expect(reopened.snapshot().leafId).toBe(entry.id);
		expect(reopened.snapshot().buildContext().messages.at(-1)).toMatchObject({
			role: "branchSummary",
			fromId: ids.F,
			summary: `## Goal\nApproach one${FILES}`,
		});
	});

	it("stops at a compaction on the abandoned path and passes its summary as background", async () => {
		const { store, ids } = exampleTree();
		store.append({ type: "compaction", summary: "EARLIER WORK", firstKeptEntryId: ids.F, tokensBefore: 50, details: { readFiles: ["src/k.ts"], modifiedFiles: [] } });
		const x = store.appendMessage(user("after compaction")).id;
		const y = store.appendMessage(say("still going")).id;
		const sum = summarizer(["## Goal\nlater"]);
		const result = await navigateTree({ store, summaryModel: sum.model }, ids.H!, { summarize: true });
		expect(sum.promptText()).toContain("EARLIER WORK");
		expect(sum.promptText()).toContain("after compaction");
		expect(sum.promptText()).not.toContain("contents of a");
		expect(result).toMatchObject({ status: "moved", oldLeafId: y, summaryEntry: { fromId: y, details: { readFiles: ["src/k.ts"], modifiedFiles: [] } } });
		expect(x).not.toBe(y);
		store.close();
	});

	it("a compaction as the leaf (after /compact): moving up summarizes the compaction's own summary", async () => {
		const { store, ids } = exampleTree();
		const compaction = store.append({ type: "compaction", summary: "COMPACTED WORK", firstKeptEntryId: ids.E!, tokensBefore: 50 });
		expect(store.snapshot().leafId).toBe(compaction.id);
		const plan = planNavigation(store.snapshot(), ids.H!);
		expect(plan.abandoned).toEqual([]);
		expect(canSummarize(plan)).toBe(true);
		const watch = new FileWatch(store.file!);
		const bus = new EventBus();
		const seen: BeforeTreeEvent[] = [];
		bus.on("session_before_tree", (event) => void seen.push(event));
		const sum = summarizer(["## Goal\nfrom the compaction"]);
		const result = await navigateTree({ store, summaryModel: sum.model, bus }, ids.H!, { summarize: true });
		expect(sum.calls).toHaveLength(1);
		expect(sum.promptText()).toContain("COMPACTED WORK");
		// pi hands an extension the compaction among the entries to summarize.
		expect(seen[0]!.entriesToSummarize.map((e) => e.id)).toEqual([compaction.id]);
		const added = watch.grew();
		expect(added).toHaveLength(1);
		expect(added[0]).toMatchObject({ type: "branch_summary", parentId: ids.H, fromId: compaction.id });
		expect(result).toMatchObject({ status: "moved", oldLeafId: compaction.id, newLeafId: added[0]!.id });
		store.close();
	});

	it("a compaction whose summary is empty is nothing to summarize", () => {
		const { store, ids } = exampleTree();
		store.append({ type: "compaction", summary: " ", firstKeptEntryId: ids.E!, tokensBefore: 50 });
		expect(canSummarize(planNavigation(store.snapshot(), ids.H!))).toBe(false);
		store.close();
	});

	it("--summarize with nothing to summarize fails with the reason and writes nothing", async () => {
		const { store, ids } = exampleTree();
		store.moveLeaf(ids.C!);
		store.sync();
		const watch = new FileWatch(store.file!);
		const sum = summarizer(["S"]);
		const result = await navigateTree({ store, summaryModel: sum.model }, ids.H!, { summarize: true });
		expect(result).toEqual({ status: "failed", message: `nothing to summarize: moving from ${ids.C} to ${ids.H} leaves no conversation behind` });
		expect(sum.calls).toHaveLength(0);
		watch.unchanged();
		store.close();
	});

	it("labels the summary entry when a label is given", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const result = await navigateTree({ store, summaryModel: summarizer(["S"]).model }, ids.H!, { summarize: true, label: "one" });
		const added = watch.grew();
		expect(added.map((e) => e.type)).toEqual(["branch_summary", "label"]);
		expect(added[1]).toMatchObject({ targetId: added[0]!.id, label: "one", parentId: added[0]!.id });
		expect(result).toMatchObject({ status: "moved", newLeafId: added[0]!.id });
		expect(store.snapshot().getLabel(ids.H!)).toBeUndefined();
		expect(store.snapshot().getLabel(added[0]!.id as string)).toBe("one");
		store.close();
	});
});

describe("navigateTree failures leave the file unchanged", () => {
	it("a summarizer error → failed", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const result = await navigateTree({ store, summaryModel: summarizer([new Error("boom")]).model, maxRetries: 0 }, ids.H!, { summarize: true });
		expect(result).toEqual({ status: "failed", message: "summary failed: boom" });
		watch.unchanged();
		expect(store.snapshot().leafId).toBe(ids.F);
		store.close();
	});

	it("an empty answer → failed", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const result = await navigateTree({ store, summaryModel: summarizer(["  \n"]).model }, ids.H!, { summarize: true });
		expect(result).toEqual({ status: "failed", message: "summary failed: the model returned an empty summary" });
		watch.unchanged();
		store.close();
	});

	it("no summary model → failed", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const result = await navigateTree({ store }, ids.H!, { summarize: true });
		expect(result).toEqual({ status: "failed", message: "no model configured for summaries (use --summary-model or --model)" });
		watch.unchanged();
		store.close();
	});

	it("aborting the signal while summarizing → cancelled aborted", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const sum = summarizer([], { hold: true });
		const controller = new AbortController();
		const running = navigateTree({ store, summaryModel: sum.model }, ids.H!, { summarize: true, signal: controller.signal });
		await waitFor(() => sum.calls.length === 1, { what: "the summarizer call" });
		controller.abort();
		expect(await running).toEqual({ status: "cancelled", reason: "aborted" });
		watch.unchanged();
		expect(store.snapshot().leafId).toBe(ids.F);
		store.close();
	});
});

describe("extension events", () => {
	it("session_before_tree sees the plan; cancel writes nothing and skips the model", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const bus = new EventBus();
		const seen: BeforeTreeEvent[] = [];
		const after: TreeEvent[] = [];
		bus.on("session_before_tree", (event) => {
			seen.push(event);
			return { cancel: true };
		});
		bus.on("session_tree", (event) => void after.push(event));
		const sum = summarizer(["S"]);
		const result = await navigateTree({ store, summaryModel: sum.model, bus }, ids.H!, { summarize: true, customInstructions: "focus" });
		expect(result).toEqual({ status: "cancelled", reason: "hook" });
		expect(seen).toHaveLength(1);
		expect(seen[0]).toMatchObject({ targetId: ids.H, oldLeafId: ids.F, commonAncestorId: ids.C, userWantsSummary: true, customInstructions: "focus" });
		expect(seen[0]!.entriesToSummarize.map((e) => e.id)).toEqual([ids.D, ids.E, ids.F]);
		expect(sum.calls).toHaveLength(0);
		expect(after).toEqual([]);
		watch.unchanged();
		store.close();
	});

	it("a hook summary is used instead of the model, stored with fromHook", async () => {
		const { store, ids } = exampleTree();
		const bus = new EventBus();
		bus.on("session_before_tree", () => ({ summary: { summary: "from the hook", details: { custom: true } } }));
		const after: TreeEvent[] = [];
		bus.on("session_tree", (event) => void after.push(event));
		const sum = summarizer(["S"]);
		const result = await navigateTree({ store, summaryModel: sum.model, bus }, ids.H!, { summarize: true });
		expect(sum.calls).toHaveLength(0);
		const entry = store.snapshot().getEntry(store.snapshot().leafId!)!;
		expect(entry).toMatchObject({ type: "branch_summary", parentId: ids.H, fromId: ids.F, summary: "from the hook", details: { custom: true }, fromHook: true });
		expect(result).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: entry.id, summaryEntry: entry, fromHook: true });
		expect(after).toEqual([{ newLeafId: entry.id, oldLeafId: ids.F, summaryEntry: entry, fromHook: true }]);
		store.close();
	});

	it("a hook summary is ignored when the user declined a summary", async () => {
		const { store, ids } = exampleTree();
		const bus = new EventBus();
		bus.on("session_before_tree", () => ({ summary: { summary: "unwanted" } }));
		expect(await navigateTree({ store, bus }, ids.H!)).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: ids.H });
		expect(store.snapshot().entries.some((e) => e.type === "branch_summary")).toBe(false);
		store.close();
	});

	it("a hook overrides customInstructions, replaceInstructions and label", async () => {
		const { store, ids } = exampleTree();
		const bus = new EventBus();
		bus.on("session_before_tree", () => ({ customInstructions: "ONLY LIST FILES", replaceInstructions: true, label: "hooked" }));
		const after: TreeEvent[] = [];
		bus.on("session_tree", (event) => void after.push(event));
		const sum = summarizer(["S"]);
		await navigateTree({ store, summaryModel: sum.model, bus }, ids.H!, { summarize: true, customInstructions: "mine", label: "mine" });
		expect(sum.promptText()).toContain("ONLY LIST FILES");
		expect(sum.promptText()).not.toContain("mine");
		const summaryId = after[0]!.summaryEntry!.id;
		expect(store.snapshot().getLabel(summaryId)).toBe("hooked");
		expect(after).toEqual([{ newLeafId: summaryId, oldLeafId: ids.F, summaryEntry: after[0]!.summaryEntry, fromHook: undefined }]);
		store.close();
	});
});
