import { afterEach, describe, expect, it } from "vitest";
import { canSummarize, navigateTree, planNavigation } from "../../source/navigation/navigate.js";
import { SessionStore } from "../../source/session/store.js";
import { LEAF_MARKER_TYPE } from "../../source/session/types.js";
import { FileWatch, cleanTempDirs, exampleTree, say, summarizer, user } from "./helpers.js";

afterEach(cleanTempDirs);

const SUMMARY = "## Goal\nApproach one";

describe("planNavigation", () => {
	it("abandons D, E, F when moving from F to H (summaries.md example)", () => {
		const { store, ids } = exampleTree();
		const plan = planNavigation(store.snapshot(), ids.H!);
		expect(plan).toEqual({
			targetId: ids.H,
			oldLeafId: ids.F,
			alreadyHere: false,
			newLeafId: ids.H,
			editorText: undefined,
			commonAncestorId: ids.C,
			abandoned: [ids.D, ids.E, ids.F].map((id) => store.snapshot().getEntry(id!)),
			compaction: undefined,
		});
		store.close();
	});

	it("abandons nothing when moving forward (old leaf is an ancestor of the target)", () => {
		const { store, ids } = exampleTree();
		store.moveLeaf(ids.C!);
		const plan = planNavigation(store.snapshot(), ids.H!);
		expect(plan.abandoned).toEqual([]);
		expect(plan.commonAncestorId).toBe(ids.C);
		expect(plan.newLeafId).toBe(ids.H);
		store.close();
	});

	it("selecting a user message goes to its parent with its text for the editor", () => {
		const { store, ids } = exampleTree();
		const plan = planNavigation(store.snapshot(), ids.C!);
		expect(plan.newLeafId).toBe(ids.B);
		expect(plan.editorText).toBe("try approach one");
		expect(plan.abandoned.map((e) => e.id)).toEqual([ids.C, ids.D, ids.E, ids.F]);
		store.close();
	});

	it("throws unknown-id for an id that is not in the session", () => {
		const { store } = exampleTree();
		expect(() => planNavigation(store.snapshot(), "nope")).toThrow(/no entry nope/);
		store.close();
	});
});

describe("navigateTree without a summary", () => {
	it("moves F → H writing exactly one arbor.leaf marker; reopening gives the same leaf", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		const result = await navigateTree({ store }, ids.H!);
		expect(result).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: ids.H });
		const added = watch.grew();
		expect(added).toHaveLength(1);
		expect(added[0]).toMatchObject({ type: "custom", customType: LEAF_MARKER_TYPE, parentId: ids.H, data: { leafId: ids.H } });
		const file = store.file!;
		store.close();
		const reopened = SessionStore.open(file);
		expect(reopened.snapshot().leafId).toBe(ids.H);
		expect(reopened.snapshot().buildContext().messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "assistant"]);
	});

	it("moving forward asks nothing and abandons nothing", async () => {
		const { store, ids } = exampleTree();
		store.moveLeaf(ids.C!);
		const { model, calls } = summarizer([SUMMARY]);
		expect(canSummarize(planNavigation(store.snapshot(), ids.H!))).toBe(false);
		const result = await navigateTree({ store, summaryModel: model }, ids.H!);
		expect(result).toEqual({ status: "moved", oldLeafId: ids.C, newLeafId: ids.H });
		expect(calls).toHaveLength(0);
		expect(store.snapshot().entries.some((e) => e.type === "branch_summary")).toBe(false);
		store.close();
	});

	it("selecting the current leaf is already-here and writes nothing", async () => {
		const { store, ids } = exampleTree();
		const watch = new FileWatch(store.file!);
		expect(await navigateTree({ store }, ids.F!, { summarize: true, label: "x" })).toEqual({ status: "already-here" });
		watch.unchanged();
		store.close();
	});

	it("selecting a user message moves to its parent and returns its text", async () => {
		const { store, ids } = exampleTree();
		const result = await navigateTree({ store }, ids.C!);
		expect(result).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: ids.B, editorText: "try approach one" });
		expect(store.snapshot().leafId).toBe(ids.B);
		store.close();
	});

	it("selecting the root user message empties the conversation; the file remembers it", async () => {
		const { store, ids } = exampleTree();
		const result = await navigateTree({ store }, ids.A!);
		expect(result).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: null, editorText: "start the project" });
		const file = store.file!;
		store.close();
		const reopened = SessionStore.open(file);
		expect(reopened.snapshot().leafId).toBeNull();
		expect(reopened.snapshot().buildContext().messages).toEqual([]);
		const last = reopened.snapshot().entries.at(-1)!;
		expect(last).toMatchObject({ type: "custom", customType: LEAF_MARKER_TYPE, parentId: null });
	});

	it("selecting an assistant message makes it the leaf", async () => {
		const { store, ids } = exampleTree();
		expect(await navigateTree({ store }, ids.B!)).toEqual({ status: "moved", oldLeafId: ids.F, newLeafId: ids.B });
		expect(store.snapshot().leafId).toBe(ids.B);
		store.close();
	});

	it("the label option labels the target when no summary is written", async () => {
		const { store, ids } = exampleTree();
		await navigateTree({ store }, ids.H!, { label: "two" });
		expect(store.snapshot().getLabel(ids.H!)).toBe("two");
		const file = store.file!;
		store.close();
		const reopened = SessionStore.open(file);
		expect(reopened.snapshot().getLabel(ids.H!)).toBe("two");
		expect(reopened.snapshot().buildContext().leafId).not.toBeNull();
		expect(reopened.snapshot().buildContext().messages.at(-1)).toMatchObject({ role: "assistant", content: [{ text: "approach two done" }] });
	});
});

describe("a label entry as the leaf (after /label)", () => {
	it("selecting the labelled entry is already-here, not a move abandoning the label", async () => {
		const { store, ids } = exampleTree();
		store.setLabel(ids.F!, "mine");
		const watch = new FileWatch(store.file!);
		const plan = planNavigation(store.snapshot(), ids.F!);
		expect(plan.alreadyHere).toBe(true);
		expect(await navigateTree({ store }, ids.F!, { summarize: true })).toEqual({ status: "already-here" });
		watch.unchanged();
		store.close();
	});

	it("a label on the abandoned path is not summarized on its own", async () => {
		const { store, ids } = exampleTree();
		store.moveLeaf(ids.H!);
		store.setLabel(ids.H!, "two");
		const plan = planNavigation(store.snapshot(), ids.G!);
		expect(plan.abandoned.map((e) => e.id)).toEqual([ids.H]);
		store.close();
	});
});

describe("a session that is only in memory", () => {
	it("moves the leaf without a file", async () => {
		const store = SessionStore.create({ cwd: "/p", inMemory: true });
		const a = store.appendMessage(user("hi")).id;
		const b = store.appendMessage(say("hello")).id;
		expect(await navigateTree({ store }, a)).toEqual({ status: "moved", oldLeafId: b, newLeafId: null, editorText: "hi" });
		expect(store.file).toBeUndefined();
	});
});
