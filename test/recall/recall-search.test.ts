import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { placesOf } from "../../source/recall/places.js";
import { recallNote, withRecallNote } from "../../source/recall/recall-note.js";
import { recallSearch } from "../../source/recall/recall-search.js";
import { EXCERPT_CHARS, recallText } from "../../source/recall/recall-text.js";
import { recallTool } from "../../source/recall/recall-tool.js";

const user = (text: string) => ({ role: "user" as const, content: text, timestamp: 1 });
const reply = (text: string) => ({ role: "assistant", content: [{ type: "text", text }], stopReason: "stop", timestamp: 2 }) as never;

/**
 * u1 "plan" → a1 → u2 "fact OSPREY" → a2 → u3 → a3, compacted with u3 the first kept entry, then
 * u4 → a4 (the leaf); a side branch from a1: uB "try the HERON way" → aB. On disk unless `inMemory`.
 */
function session(inMemory = false) {
	const dir = mkdtempSync(join(tmpdir(), "arbor-recall-"));
	const store = SessionStore.create({ cwd: dir, sessionDir: dir, inMemory });
	const u1 = store.appendMessage(user("plan the release"));
	const a1 = store.appendMessage(reply("two ways"));
	const u2 = store.appendMessage(user("the codename fact is OSPREY"));
	store.appendMessage(reply("noted OSPREY"));
	const u3 = store.appendMessage(user("next step"));
	store.appendMessage(reply("done"));
	const compaction = store.append({ type: "compaction", summary: "We planned a release.", firstKeptEntryId: u3.id, tokensBefore: 100 });
	store.appendMessage(user("and now?"));
	const a4 = store.appendMessage(reply("now we ship"));
	const uB = store.appendAt(a1.id, { type: "message", message: user("try the HERON way") });
	const aB = store.appendMessage(reply("HERON works too"));
	store.moveLeaf(a4.id);
	return { store, ids: { u1: u1.id, a1: a1.id, u2: u2.id, u3: u3.id, compaction: compaction.id, a4: a4.id, uB: uB.id, aB: aB.id } };
}

describe("recall's search and places", () => {
	it("places entries as in the context, compacted away or on another branch (with where the branch leaves the path)", () => {
		const { store, ids } = session();
		const places = placesOf(store.snapshot());
		expect([ids.u1, ids.a1, ids.u2].map((id) => places.placeOf(id))).toEqual(["compacted", "compacted", "compacted"]);
		expect([ids.u3, ids.compaction, ids.a4].map((id) => places.placeOf(id))).toEqual(["context", "context", "context"]);
		expect([ids.uB, ids.aB].map((id) => places.placeOf(id))).toEqual(["branch", "branch"]);
		expect(places.branchPoint(ids.aB)).toBe(ids.a1);
		expect(places.placeOf("nope")).toBeUndefined();
		store.close();
	});

	it("finds the same hits in the file and in memory; those outside the context first", () => {
		for (const inMemory of [false, true]) {
			const { store, ids } = session(inMemory);
			const file = inMemory ? undefined : store.file;
			expect(inMemory || file !== undefined).toBe(true);
			const result = recallSearch({ view: store.snapshot(), ...(file ? { file } : {}) }, "OSPREY", 10);
			expect(result.hits.map((h) => [h.entryId === ids.u2 ? "u2" : h.field, h.place])).toEqual([
				["u2", "compacted"],
				["assistant", "compacted"],
			]);
			const heron = recallSearch({ view: store.snapshot(), ...(file ? { file } : {}) }, "heron", 10);
			expect(heron.hits.map((h) => [h.entryId, h.place, h.branchPoint])).toEqual([
				[ids.uB, "branch", ids.a1],
				[ids.aB, "branch", ids.a1],
			]);
			store.close();
		}
	});

	it("the system prompt's note: after a compaction, with other branches, never without the tool", () => {
		const { store } = session();
		expect(recallNote(store.snapshot())).toContain("an earlier part of this conversation was compacted: only its summary is in your context; and the conversation tree has other branches");
		expect(withRecallNote("SYSTEM", {}, store.snapshot())).toBe("SYSTEM");
		expect(withRecallNote("SYSTEM", { recall: {} }, store.snapshot())).toMatch(/^SYSTEM\n\n# Memory\n\nThis session holds more than your context: /);
		store.close();
		const linear = SessionStore.create({ cwd: "/", inMemory: true });
		linear.appendMessage(user("hello"));
		linear.appendMessage(reply("hi"));
		expect(recallNote(linear.snapshot())).toBeUndefined();
	});

	it("bounds the text: a long entry as an excerpt around its match, the output under 50 KB", () => {
		const long = `${"a".repeat(5000)} NEEDLE ${"b".repeat(5000)}`;
		const hit = { entryId: "e1", type: "message", field: "user" as const, text: long, score: 1, place: "compacted" as const };
		const text = recallText("needle", { hits: [hit], total: 1 });
		expect(text).toContain("NEEDLE");
		expect(text).toContain('(excerpt of 10008 characters: recall with id "e1" for the whole entry)');
		expect(text.length).toBeLessThan(EXCERPT_CHARS + 400);
		const many = recallText("needle", { hits: Array.from({ length: 50 }, (_, i) => ({ ...hit, entryId: `e${i}` })), total: 50 });
		expect(Buffer.byteLength(many)).toBeLessThanOrEqual(50 * 1024);
		expect(many).toMatch(/\[\d+ more hits not shown: the output is limited to 50 KB; ask for fewer or use a narrower query\]$/);
	});

	it("the tool: one whole entry by id; a bad query is the model's error", async () => {
		const { store, ids } = session();
		const tool = recallTool(() => store);
		const whole = await tool.run({ id: ids.uB.slice(0, 6) });
		expect(whole.output).toBe(`entry ${ids.uB} · user\n    on another branch (leaves the current path after entry ${ids.a1})\ntry the HERON way`);
		await expect(tool.run({ query: "re:(" })).rejects.toThrow(/^recall: bad regular expression re:\(/);
		await expect(tool.run({})).rejects.toThrow('give a query (words, "a phrase" or re:<regex>) or an entry id');
		store.close();
	});
});
