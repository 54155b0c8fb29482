import { afterEach, describe, expect, it } from "vitest";
import { estimateContextTokens } from "../../source/llm/compaction.js";
import { compactNow } from "../../source/navigation/compact.js";
import { EventBus, type BeforeCompactEvent, type CompactEvent } from "../../source/events/bus.js";
import { SessionStore } from "../../source/session/store.js";
import { waitFor } from "../helpers/wait-for.js";
import { FileWatch, cleanTempDirs, conversation, say, summarizer, user } from "./helpers.js";

afterEach(cleanTempDirs);

function roles(store: SessionStore): string[] {
	return store.snapshot().buildContext().messages.map((m) => m.role);
}

describe("compactNow", () => {
	it("summarizes the older part and appends one compaction entry as the leaf", async () => {
		const { store, ids } = conversation();
		const watch = new FileWatch(store.file!);
		const tokensBefore = estimateContextTokens(store.snapshot().buildContext().messages);
		const sum = summarizer(["S1"]);
		const bus = new EventBus();
		const events: CompactEvent[] = [];
		bus.on("session_compact", (event) => void events.push(event));
		const result = await compactNow({ store, model: sum.model, bus, keepRecentTokens: 210, instructions: "FOCUS ON TESTS" });
		const added = watch.grew();
		expect(added).toHaveLength(1);
		expect(added[0]).toEqual({
			type: "compaction",
			id: added[0]!.id,
			parentId: ids[7],
			timestamp: added[0]!.timestamp,
			summary: "S1\n\n<read-files>\nf.ts\n</read-files>",
			firstKeptEntryId: ids[5],
			tokensBefore,
			details: { readFiles: ["f.ts"], modifiedFiles: [] },
		});
		const entry = store.snapshot().getEntry(added[0]!.id as string);
		expect(result).toEqual({ status: "compacted", entry });
		expect(events).toEqual([{ entryId: entry!.id, fromHook: undefined, compactionEntry: entry }]);
		expect(sum.promptText()).toContain("FOCUS ON TESTS");
		expect(sum.promptText()).toContain("b".repeat(400));
		expect(sum.promptText()).not.toContain("t".repeat(800));
		const file = store.file!;
		store.close();
		expect(roles(SessionStore.open(file))).toEqual(["compactionSummary", "assistant", "toolResult", "assistant"]);
	});

	it("never keeps a tool result as the first entry, whatever the keep size", async () => {
		const { store, ids } = conversation();
		const watch = new FileWatch(store.file!);
		const bus = new EventBus();
		const seen: BeforeCompactEvent[] = [];
		bus.on("session_before_compact", (event) => {
			seen.push(event);
			return { cancel: true };
		});
		const sizes = [1, 13, 14, 50, 210, 300, 400, 500];
		for (const keepRecentTokens of sizes) {
			expect(await compactNow({ store, model: summarizer([]).model, bus, keepRecentTokens })).toEqual({ status: "cancelled", reason: "hook" });
		}
		const kept = seen.map((e) => ids.indexOf(e.firstKeptEntryId));
		expect(kept).toEqual([7, 7, 5, 5, 5, 4, 3, 1]);
		expect(seen[3]!.entriesToSummarize!.map((e) => e.id)).toEqual(ids.slice(0, 5));
		watch.unchanged();
		store.close();
	});

	it("a second compaction updates the first: its summary and files reach the prompt", async () => {
		const { store, ids } = conversation();
		await compactNow({ store, model: summarizer(["FIRST SUMMARY"]).model, keepRecentTokens: 210 });
		const watch = new FileWatch(store.file!);
		const u8 = store.appendMessage(user("c".repeat(400))).id;
		const s9 = store.appendMessage(say("e".repeat(400))).id;
		store.appendMessage(user("f".repeat(40)));
		const sum = summarizer(["SECOND"]);
		const result = await compactNow({ store, model: sum.model, keepRecentTokens: 100 });
		expect(watch.grew().map((e) => e.type)).toEqual(["message", "message", "message", "compaction"]);
		expect(sum.promptText()).toContain("FIRST SUMMARY");
		expect(sum.promptText()).not.toContain("<read-files>");
		expect(sum.promptText()).toContain("c".repeat(400));
		expect(sum.promptText()).not.toContain("a".repeat(400));
		expect(result).toMatchObject({
			status: "compacted",
			entry: {
				firstKeptEntryId: s9,
				summary: "SECOND\n\n<read-files>\nf.ts\n</read-files>\n\n<modified-files>\ng.ts\n</modified-files>",
				details: { readFiles: ["f.ts"], modifiedFiles: ["g.ts"] },
			},
		});
		expect(roles(store)).toEqual(["compactionSummary", "assistant", "user"]);
		expect(u8).not.toBe(ids[0]);
		store.close();
	});

	it("a short conversation → nothing, and no event", async () => {
		const { store } = conversation();
		const watch = new FileWatch(store.file!);
		const bus = new EventBus();
		let fired = 0;
		bus.on("session_before_compact", () => void (fired += 1));
		expect(await compactNow({ store, model: summarizer([]).model, bus })).toEqual({ status: "nothing" });
		expect(fired).toBe(0);
		watch.unchanged();
		store.close();
	});

	it("a hook-supplied summary is stored with fromHook and the model is not called", async () => {
		const { store, ids } = conversation();
		const bus = new EventBus();
		bus.on("session_before_compact", () => ({ compaction: { summary: "HOOK SUMMARY", details: { mine: 1 } } }));
		const events: CompactEvent[] = [];
		bus.on("session_compact", (event) => void events.push(event));
		const sum = summarizer([]);
		const result = await compactNow({ store, model: sum.model, bus, keepRecentTokens: 210 });
		expect(sum.calls).toHaveLength(0);
		const entry = store.snapshot().getEntry(store.snapshot().leafId!);
		expect(entry).toMatchObject({ type: "compaction", summary: "HOOK SUMMARY", details: { mine: 1 }, fromHook: true, firstKeptEntryId: ids[5] });
		expect(result).toEqual({ status: "compacted", entry, fromHook: true });
		expect(events).toEqual([{ entryId: entry!.id, fromHook: true, compactionEntry: entry }]);
		store.close();
	});

	it("a summarizer error → failed; an abort → cancelled; the file is unchanged", async () => {
		const { store } = conversation();
		const watch = new FileWatch(store.file!);
		const failed = await compactNow({ store, model: summarizer([new Error("rate limited")]).model, keepRecentTokens: 210, maxRetries: 0 });
		expect(failed).toEqual({ status: "failed", message: "compaction failed: rate limited" });
		const held = summarizer([], { hold: true });
		const controller = new AbortController();
		const running = compactNow({ store, model: held.model, keepRecentTokens: 210, signal: controller.signal });
		await waitFor(() => held.calls.length === 1, { what: "the summarizer call" });
		controller.abort();
		expect(await running).toEqual({ status: "cancelled", reason: "aborted" });
		watch.unchanged();
		store.close();
	});

	it("refuses to append when the leaf moved while summarizing", async () => {
		const { store, ids } = conversation();
		const bus = new EventBus();
		bus.on("session_before_compact", () => {
			store.moveLeaf(ids[3]!);
			return { compaction: { summary: "late" } };
		});
		const result = await compactNow({ store, model: summarizer([]).model, bus, keepRecentTokens: 210 });
		expect(result).toEqual({ status: "failed", message: "compaction failed: the session changed while summarizing" });
		expect(store.snapshot().entries.some((e) => e.type === "compaction")).toBe(false);
		store.close();
	});
});
