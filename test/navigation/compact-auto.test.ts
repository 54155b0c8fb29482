import { afterEach, describe, expect, it } from "vitest";
import { estimateContextTokens } from "../../source/llm/compaction.js";
import { autoCompactIfNeeded } from "../../source/navigation/compact.js";
import { EventBus } from "../../source/events/bus.js";
import { FileWatch, cleanTempDirs, conversation, summarizer } from "./helpers.js";

afterEach(cleanTempDirs);

describe("autoCompactIfNeeded", () => {
	it("does nothing while the context leaves the reserve free (boundary: equal is still fine)", async () => {
		const { store } = conversation();
		const watch = new FileWatch(store.file!);
		const tokens = estimateContextTokens(store.snapshot().buildContext().messages);
		const chat = summarizer([]);
		const model = { ...chat.model, contextWindow: tokens + 100 };
		expect(await autoCompactIfNeeded({ store, model, reserveTokens: 100, keepRecentTokens: 210 })).toEqual({ status: "not-needed" });
		expect(chat.calls).toHaveLength(0);
		watch.unchanged();
		store.close();
	});

	it("skips when the model's window is unknown, however long the context", async () => {
		const { store } = conversation();
		const chat = summarizer([]);
		expect(chat.model.contextWindow).toBeUndefined();
		expect(await autoCompactIfNeeded({ store, model: chat.model, reserveTokens: 1_000_000, keepRecentTokens: 1 })).toEqual({ status: "not-needed" });
		expect(chat.calls).toHaveLength(0);
		store.close();
	});

	it("compacts with the summary model once the context passes window − reserve", async () => {
		const { store, ids } = conversation();
		const watch = new FileWatch(store.file!);
		const tokens = estimateContextTokens(store.snapshot().buildContext().messages);
		const chat = summarizer([]);
		const sum = summarizer(["AUTO"]);
		const bus = new EventBus();
		const fired: string[] = [];
		bus.on("session_before_compact", (event) => void fired.push(`before ${event.firstKeptEntryId}`));
		bus.on("session_compact", (event) => void fired.push(`after ${event.entryId}`));
		const result = await autoCompactIfNeeded({
			store,
			model: { ...chat.model, contextWindow: tokens + 99 },
			summaryModel: sum.model,
			reserveTokens: 100,
			keepRecentTokens: 210,
			bus,
		});
		const added = watch.grew();
		expect(added.map((e) => [e.type, e.firstKeptEntryId, e.summary])).toEqual([["compaction", ids[5], "AUTO\n\n<read-files>\nf.ts\n</read-files>"]]);
		expect(result).toEqual({ status: "compacted", entry: store.snapshot().getEntry(added[0]!.id as string) });
		expect(chat.calls).toHaveLength(0);
		expect(sum.calls).toHaveLength(1);
		expect(fired).toEqual([`before ${ids[5]}`, `after ${added[0]!.id}`]);
		store.close();
	});

	it("reports nothing when the context is too big but cannot be compacted", async () => {
		const { store } = conversation();
		const watch = new FileWatch(store.file!);
		const chat = summarizer([]);
		const result = await autoCompactIfNeeded({ store, model: { ...chat.model, contextWindow: 10 }, reserveTokens: 5 });
		expect(result).toEqual({ status: "nothing" });
		watch.unchanged();
		store.close();
	});
});
