import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it, vi } from "vitest";
import * as snippet from "../../source/search/snippet.js";
import { searchSessions } from "../../source/search/search.js";
import { copyFixture, sharedDir, tempDir } from "../session/helpers.js";

// Counts snippetOf calls while keeping what it returns.
vi.mock("../../source/search/snippet.js", async (importOriginal) => {
	const real = await importOriginal<typeof import("../../source/search/snippet.js")>();
	return { ...real, snippetOf: vi.fn(real.snippetOf) };
});

describe("search snippets", () => {
	const dir = tempDir();
	const tree = copyFixture("pi-tree-session.jsonl", dir);
	const large = path.join(dir, "generated.jsonl");
	execFileSync(process.execPath, [path.join(sharedDir(), "tools/gen-session.mjs"), "--out", large, "--kind", "bushy", "--n", "400"]);

	it("are built only for the hits shown, not for every hit (a common word hits most lines)", () => {
		const spy = vi.mocked(snippet.snippetOf);
		spy.mockClear();
		const result = searchSessions([large, tree], "the", 3);
		expect(result.total).toBeGreaterThan(100);
		expect(result.hits).toHaveLength(3);
		expect(spy).toHaveBeenCalledTimes(3);
		for (const hit of result.hits) expect(hit.snippet.toLowerCase()).toContain("the");
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
