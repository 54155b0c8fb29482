import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionDirFor } from "../../source/session/paths.js";
import { FIXTURES, runCli } from "../helpers/cli.js";
import { generated, rangeSession } from "../search/corpus.js";

function project() {
	const root = mkdtempSync(join(tmpdir(), "arbor-search-"));
	const cwd = join(root, "proj");
	const home = join(root, "home");
	mkdirSync(cwd);
	const dir = sessionDirFor(cwd, home);
	mkdirSync(dir, { recursive: true });
	copyFileSync(join(FIXTURES, "pi-tree-session.jsonl"), join(dir, "2026-11-22T09-21-16-741Z_tree.jsonl"));
	const other = join(home, "sessions", "--elsewhere--");
	mkdirSync(other, { recursive: true });
	const header = { type: "session", version: 3, id: "feedface-0000-4000-8000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/elsewhere" };
	const msg = { type: "message", id: "e1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "the xylophone \u001b]0;PWNED\u0007 question", timestamp: 1 } };
	writeFileSync(join(other, "x.jsonl"), `${JSON.stringify(header)}\n${JSON.stringify(msg)}\n`);
	return { cwd, env: { ARBOR_HOME: home } };
}

describe("arbor search (built CLI)", () => {
	it("lists ranked hits of this folder's sessions with entry ids and the active-path mark", async () => {
		const p = project();
		const r = await runCli(["search", "bash", "reducer", "model", "error"], p);
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("4b5d6f09  user  ● active path");
		expect(r.stdout).toMatch(/hits? in 1 session searched/);
	});

	it("--json gives every hit's session, entry, field, snippet and path flag", async () => {
		const p = project();
		const r = await runCli(["search", '"model error"', "--json", "--limit", "3"], p);
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out.hits).toHaveLength(3);
		expect(out.total).toBeGreaterThanOrEqual(3);
		for (const hit of out.hits) {
			expect(Object.keys(hit)).toEqual(expect.arrayContaining(["sessionId", "sessionFile", "entryId", "field", "snippet", "onActivePath"]));
			expect(hit.snippet.toLowerCase()).toContain("model error");
		}
	});

	it("--all searches every folder; control characters never reach the terminal", async () => {
		const p = project();
		const local = await runCli(["search", "xylophone"], p);
		expect(local.stdout).toMatch(/^no matches for "xylophone" in 1 session /);
		const all = await runCli(["search", "--all", "xylophone"], p);
		expect(all.code).toBe(0);
		expect(all.stdout).toContain("e1  user  ● active path");
		expect(all.stdout).not.toContain("\u001b");
		expect(all.stdout).not.toContain("\u0007");
		expect(all.stdout).not.toContain("PWNED");
		expect(all.stdout).toContain("the xylophone question");
		const json = JSON.parse((await runCli(["search", "--all", "--json", "xylophone"], p)).stdout);
		expect(json.hits[0].snippet).toContain("xylophone");
	});

	it("bad queries and limits are usage errors (exit 2, one line)", async () => {
		const p = project();
		for (const args of [["search", "re:("], ["search", "x", "--limit", "0"], ["search", "x", "--limit", "abc"]]) {
			const r = await runCli(args, p);
			expect(r.code, args.join(" ")).toBe(2);
			expect(r.stderr).toMatch(/^arbor: .+\n$/);
		}
	});

	it("a search on several threads prints byte for byte what one thread prints (hits, order, skip warnings)", async () => {
		const p = project();
		const dir = join(p.env.ARBOR_HOME, "sessions", "--many--");
		mkdirSync(dir, { recursive: true });
		for (const seed of [1, 2, 3, 4, 5]) writeFileSync(join(dir, `g${seed}.jsonl`), generated(seed, 400));
		symlinkSync(join(dir, "missing.jsonl"), join(dir, "g0-dangling.jsonl"));
		// Large beside the others: on 2 and 3 threads it is cut into byte ranges (test/search/parallel-cli.test.ts checks where the cuts fall).
		writeFileSync(join(dir, "r.jsonl"), rangeSession(900));
		for (const args of [
			["search", "--all", "the", "--limit", "40"],
			["search", "--all", "--json", "model", "error", "--limit", "500"],
			["search", "--all", "zebra"],
			["search", "--all", "--json", "xylophone", "--limit", "1000"],
			["search", "--all", "xylophone", "naïve", "--limit", "7"],
		]) {
			const one = await runCli(args, { ...p, env: { ...p.env, ARBOR_SEARCH_THREADS: "1" } });
			expect(one.code).toBe(0);
			expect(one.stdout).not.toMatch(/^no matches/);
			expect(one.stderr).toMatch(/^arbor: warning: skipped .*g0-dangling\.jsonl: no such file or directory \(ENOENT\)\n$/);
			for (const threads of ["2", "3"]) {
				const many = await runCli(args, { ...p, env: { ...p.env, ARBOR_SEARCH_THREADS: threads } });
				expect(many.stdout, `${args.join(" ")} on ${threads} threads`).toBe(one.stdout);
				expect(many.stderr).toBe(one.stderr);
				expect(many.code).toBe(0);
			}
		}
	});
});
