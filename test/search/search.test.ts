import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { activePath } from "../../source/search/ancestry.js";
import { searchables } from "../../source/search/fields.js";
import { matchesAll, parseQuery } from "../../source/search/query.js";
import { searchSessions } from "../../source/search/search.js";
import { SessionStore } from "../../source/session/store.js";
import { copyFixture, tempDir } from "../session/helpers.js";
import { itLarge } from "../helpers/large.js";

/** The oracle: parse every line with the store and test every searchable text. */
function bruteForce(file: string, text: string): string[] {
	const query = parseQuery(text);
	const view = SessionStore.open(file).snapshot();
	const ids: string[] = [];
	for (const entry of view.entries) {
		for (const s of searchables(entry as unknown as Record<string, unknown>)) {
			if (matchesAll(query, s.text)) ids.push(`${s.entryId}:${s.field}`);
		}
	}
	return ids.sort();
}

const found = (file: string, text: string) =>
	searchSessions([file], text, 10_000)
		.hits.map((h) => `${h.entryId}:${h.field}`)
		.sort();

describe("search over session files", () => {
	const dir = tempDir();
	const tree = copyFixture("pi-tree-session.jsonl", dir);
	const large = copyFixture("pi-v1-large-session.jsonl", dir);

	it.each(["reducer", "REDUCER model", '"model error"', "re:err\\w+ tree", "re:^bash", "Demo", "zzzz-nothing"])(
		"finds exactly what parsing every line finds: %s",
		(q) => {
			expect(found(tree, q)).toEqual(bruteForce(tree, q));
		},
	);

	it("matches words in any case and needs every word", () => {
		const all = found(tree, "bash reducer model error");
		expect(all).toContain("4b5d6f09:user");
		expect(found(tree, "BASH Reducer")).toEqual(expect.arrayContaining(["4b5d6f09:user"]));
		expect(found(tree, "bash zzzqqq")).toEqual([]);
	});

	it("finds labels on their target entry and session names", () => {
		const view = SessionStore.open(tree).snapshot();
		const labelled = view.entries.find((e) => e.type === "label" && typeof (e as { label?: string }).label === "string") as
			| { targetId: string; label: string }
			| undefined;
		expect(labelled).toBeDefined();
		const hits = searchSessions([tree], `"${labelled!.label}"`, 50).hits;
		expect(hits.some((h) => h.field === "label" && h.entryId === labelled!.targetId)).toBe(true);
		expect(searchSessions([tree], view.name!, 50).hits.some((h) => h.field === "name")).toBe(true);
	});

	it("marks hits on the active path exactly as the store's leaf path", () => {
		const view = SessionStore.open(tree).snapshot();
		const onPath = new Set(view.getPath(view.leafId).map((e) => e.id));
		expect(activePath(tree).ids).toEqual(onPath);
		for (const hit of searchSessions([tree], "model", 10_000).hits) {
			expect(hit.onActivePath, hit.entryId).toBe(onPath.has(hit.entryId));
		}
	});

	it("reads a v1 file (no ids) without failing and a non-session file not at all", () => {
		const junk = path.join(dir, "junk.jsonl");
		fs.writeFileSync(junk, "not json\n{}\n");
		const result = searchSessions([large, junk], "the", 5);
		expect(result.files).toBe(1);
	});

	it("finds text that JSON escapes, non-ASCII text, and skips damaged lines", () => {
		const file = path.join(dir, "escapes.jsonl");
		const header = { type: "session", version: 3, id: "abcdef01-0000-0000-0000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/x" };
		const msg = (id: string, parentId: string | null, text: string) => ({
			type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z",
			message: { role: "user", content: [{ type: "text", text }], timestamp: 1 },
		});
		const lines = [header, msg("a1", null, 'say "hi" to C:\\path'), msg("a2", "a1", "Grüße aus Köln 漢字"), msg("a3", "a2", "ÄRGER")];
		fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"type":"message","id":"bad"\n`);
		expect(found(file, '"say \\"hi\\""')).toEqual([]); // quotes inside a phrase end it: documented
		expect(found(file, "C:\\path")).toEqual(["a1:user"]);
		expect(found(file, "köln 漢字")).toEqual(["a2:user"]);
		expect(found(file, "ärger")).toEqual(["a3:user"]);
		expect(found(file, "漢字")).toEqual(["a2:user"]); // no ASCII byte pair to anchor on: a regex over each chunk
		expect(found(file, "GRÜSSE")).toEqual([]); // no Unicode case folding beyond lower/upper forms
	});

	itLarge("finds a word in a line longer than the read buffer and across chunk boundaries", () => {
		const file = path.join(dir, "long.jsonl");
		const header = { type: "session", version: 3, id: "abcdef02-0000-0000-0000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/x" };
		const msg = (id: string, parentId: string | null, text: string) => ({
			type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z",
			message: { role: "user", content: [{ type: "text", text }], timestamp: 1 },
		});
		const lines = [header, msg("b1", null, `${"filler ".repeat(1_500_000)}Xylophone`)];
		for (let i = 2; i < 40_000; i++) lines.push(msg(`b${i}`, `b${i - 1}`, i % 9_999 === 0 ? `the xyLOPHONE number ${i}` : `plain line ${i}`));
		fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
		expect(found(file, "xylophone")).toEqual(["b1:user", "b19998:user", "b29997:user", "b39996:user", "b9999:user"].sort());
		expect(found(file, "xylophone")).toEqual(bruteForce(file, "xylophone"));
	});

	it("rejects an empty query and a bad regular expression", () => {
		expect(() => parseQuery("   ")).toThrow(/empty search query/);
		expect(() => parseQuery("re:(")).toThrow(/bad regular expression/);
	});
});
