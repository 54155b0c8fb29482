import { afterEach, describe, expect, it } from "vitest";
import { compactionBudget, estimateContextTokens } from "../../source/llm/compaction.js";
import { autoCompactIfNeeded, nothingOlder } from "../../source/navigation/compact.js";
import { EventBus } from "../../source/events/bus.js";
import { SessionStore } from "../../source/session/store.js";
import { FileWatch, cleanTempDirs, conversation, summarizer, tempDir, user } from "./helpers.js";

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

	it("reports nothing, with the context's size and before any spinner, when one message fills the window", async () => {
		const dir = tempDir();
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		store.appendMessage(user("z".repeat(40_000)));
		const leaf = store.snapshot().leafId;
		const chat = summarizer([]);
		let spinner = false;
		const result = await autoCompactIfNeeded({ store, model: { ...chat.model, contextWindow: 8_192 }, onCompacting: () => (spinner = true) });
		const contextTokens = estimateContextTokens(store.snapshot().buildContext().messages);
		expect(result).toEqual({ status: "nothing", contextTokens, contextWindow: 8_192 });
		expect(nothingOlder(result as { contextTokens: number; contextWindow: number })).toBe(`Context ${contextTokens} tokens (${Math.round((100 * contextTokens) / 8_192)} % of the window): nothing older to compact`);
		expect(spinner).toBe(false);
		expect(chat.calls).toHaveLength(0);
		expect(store.snapshot().leafId).toBe(leaf);
		store.close();
	});

	it("scales the reserve and the kept region to a small window (a quarter each), not the 16k and 20k defaults", async () => {
		expect(compactionBudget({ contextWindow: 8_192 })).toEqual({ reserveTokens: 2_048, keepRecentTokens: 2_048 });
		expect(compactionBudget({ contextWindow: 32_768 })).toEqual({ reserveTokens: 8_192, keepRecentTokens: 8_192 });
		expect(compactionBudget({ contextWindow: 200_000 })).toEqual({ reserveTokens: 16_384, keepRecentTokens: 20_000 });
		expect(compactionBudget({ contextWindow: 200_000, reserveTokens: 90_000, keepRecentTokens: 1_000 })).toEqual({ reserveTokens: 50_000, keepRecentTokens: 1_000 });
		expect(compactionBudget({})).toEqual({ reserveTokens: 16_384, keepRecentTokens: 20_000 });
		// The conversation (~615 tokens) in an 800-token window: past 600 it compacts, keeping ~200.
		const { store, ids } = conversation();
		const result = await autoCompactIfNeeded({ store, model: { ...summarizer([]).model, contextWindow: 800 }, summaryModel: summarizer(["S"]).model });
		expect(result.status).toBe("compacted");
		expect((result as { entry: { firstKeptEntryId: string } }).entry.firstKeptEntryId).toBe(ids[5]);
		store.close();
	});
});
