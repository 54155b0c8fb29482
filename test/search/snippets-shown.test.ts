import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { snippets } from "../../source/search/snippet.js";
import { searchSessions } from "../../source/search/search.js";
import { copyFixture, tempDir } from "../session/helpers.js";

/** A session of `n` messages, most of them holding "the". */
function manyHits(file: string, n: number): void {
	const lines = [JSON.stringify({ type: "session", version: 3, id: "many-hits", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" })];
	for (let i = 0; i < n; i++) {
		const text = i % 5 === 4 ? `nothing here ${i}` : `${"word ".repeat(i % 40)}the answer ${i} is in the file`;
		const message = { role: i % 2 ? "assistant" : "user", content: [{ type: "text", text }], timestamp: i };
		lines.push(JSON.stringify({ type: "message", id: `m${i}`, parentId: i ? `m${i - 1}` : null, timestamp: `2026-01-01T00:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`, message }));
	}
	lines.push(JSON.stringify({ type: "session_info", id: "name", parentId: `m${n - 1}`, timestamp: "2026-01-01T01:00:00.000Z", name: "many hits" }));
	fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

describe("search snippets", () => {
	const dir = tempDir();
	const tree = copyFixture("pi-tree-session.jsonl", dir);
	const large = path.join(dir, "generated.jsonl");
	manyHits(large, 400);

	it("are built only for the hits shown, not for every hit (a common word hits most lines)", () => {
		const spy = vi.spyOn(snippets, "build");
		try {
			const result = searchSessions([large, tree], "the", 3);
			expect(result.total).toBeGreaterThan(300);
			expect(result.hits).toHaveLength(3);
			expect(spy).toHaveBeenCalledTimes(3);
			for (const hit of result.hits) expect(hit.snippet.toLowerCase()).toContain("the");
		} finally {
			spy.mockRestore();
		}
	});

	it("are the same text whichever limit ranks them", () => {
		const few = searchSessions([large, tree], "the", 3).hits;
		const many = searchSessions([large, tree], "the", 10_000).hits;
		expect(many.slice(0, 3)).toEqual(few);
		expect(Object.keys(few[0] ?? {})).toEqual(["sessionId", "sessionFile", "sessionName", "cwd", "entryId", "type", "field", "snippet", "timestamp", "score", "onActivePath"]);
	});
});

describe("matchCount", () => {
	it("is undefined exactly when matchesAll is false, else the occurrences of every term (each capped at 20)", async () => {
		const { matchCount, matchesAll, parseQuery } = await import("../../source/search/query.js");
		const q = parseQuery('bash "model error" re:err\\w+');
		for (const text of ["bash model error", "BASH model error errors", "bash model", "model error", "", "bash ".repeat(30) + "model error"]) {
			expect([text, matchCount(q, text) !== undefined]).toEqual([text, matchesAll(q, text)]);
		}
		expect(matchCount(q, "bash bash model error errand")).toBe(2 + 1 + 2);
		expect(matchCount(q, "bash ".repeat(30) + "model error")).toBe(20 + 1 + 1);
	});
});
