import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatComparison } from "../../source/commands/compare-command.js";
import { planComparison } from "../../source/navigation/compare.js";
import { SessionStore } from "../../source/session/store.js";
import { displayWidth } from "../../source/text/text-width.js";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { useCliProject } from "../helpers/cli-project.js";
import { errorReply, textReply } from "../helpers/sse-server.js";

const model = (url: string) => ["--model", "compat:test-model", "--base-url", url];
const env = (home: string) => ({ ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" });
const fx = useCliProject();

/** The fixture's active leaf and the newest leaf of another branch. */
function twoLeaves(file: string) {
	const view = SessionStore.open(file).snapshot();
	const active = new Set(view.getPath(view.leafId).map((e) => e.id));
	const other = [...view.entries].reverse().find((e) => e.type === "message" && !active.has(e.id) && view.getChildren(e.id).length === 0)!;
	const leaf = [...view.getPath(view.leafId)].reverse().find((e) => e.type === "message")!;
	return { view, leaf: leaf.id, other: other.id };
}

describe("arbor compare (built CLI)", () => {
	it("--json gives the common ancestor and both branches after it", async () => {
		const { file, home, dir } = fixtureCopy("pi-tree-session.jsonl");
		const { view, leaf, other } = twoLeaves(file);
		const r = await runCli(["compare", file, leaf, other, "--json"], { cwd: dir, env: env(home) });
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		const ancestor = view.commonAncestor(leaf, other);
		expect(out.commonAncestorId).toBe(ancestor);
		const after = (id: string) => view.getPath(id).slice(view.getPath(id).findIndex((e) => e.id === ancestor) + 1).map((e) => e.id);
		expect(out.a.map((e: { id: string }) => e.id)).toEqual(after(leaf));
		expect(out.b.map((e: { id: string }) => e.id)).toEqual(after(other));
	});

	it("shows the branches side by side, or stacked when the terminal is narrow", async () => {
		const { file, home, dir } = fixtureCopy("pi-tree-session.jsonl");
		const { view, leaf, other } = twoLeaves(file);
		const r = await runCli(["compare", file, leaf.slice(0, 6), other.slice(0, 6)], { cwd: dir, env: env(home) });
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^common ancestor: /);
		expect(r.stdout).toContain(" │ ");
		const c = planComparison(view, leaf, other);
		const narrow = formatComparison(view, c, 60);
		expect(narrow).not.toContain(" │ ");
		expect(narrow).toMatch(/^A: \d+ entries/m);
		expect(narrow).toMatch(/^B: \d+ entries/m);
		for (const l of formatComparison(view, c, 100).split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(100);
	});

	it("--summarize sends both branches to the summary model and prints its comparison", async () => {
		const { file, home, dir } = fixtureCopy("pi-tree-session.jsonl");
		const { view, leaf, other } = twoLeaves(file);
		const server = await fx.serve([textReply("## Branch A tried\nparsing\n## Where they disagree\non the lexer")]);
		const r = await runCli(["compare", file, leaf, other, "--summarize", ...model(server.url)], { cwd: dir, env: env(home) });
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("## Where they disagree");
		const prompt = JSON.stringify(server.requests[0]!.body.messages);
		expect(prompt).toContain("<branch-a>");
		const c = planComparison(view, leaf, other);
		expect(c.b.length).toBeGreaterThan(0);
	});
});

describe("arbor merge (built CLI)", () => {
	it("summarizes the other branch under the current leaf; the next context carries it", async () => {
		const { file, home, dir } = fixtureCopy("pi-tree-session.jsonl");
		const { leaf, other } = twoLeaves(file);
		const before = readFileSync(file);
		const server = await fx.serve([textReply("## Goal\nThe other branch found the lexer bug.")]);
		const r = await runCli(["merge", file, other, ...model(server.url), "--json"], { cwd: dir, env: env(home) });
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out).toMatchObject({ status: "merged", fromId: other, intoId: leaf, summaryEntry: { type: "branch_summary", fromId: other, parentId: leaf } });
		const after = readFileSync(file);
		expect(after.subarray(0, before.length).equals(before)).toBe(true);
		const context = JSON.parse((await runCli(["context", file, "--json"], { cwd: dir, env: env(home) })).stdout);
		expect(context.messages.at(-1)).toMatchObject({ role: "branchSummary", fromId: other });
		expect(context.messages.at(-1).summary).toContain("lexer bug");
		expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("summar");
	});

	it("a failed summary writes nothing (exit 1), retried only as ARBOR_MAX_RETRIES says (also compare --summarize); merging an entry on the path is exit 2", async () => {
		const { file, home, dir } = fixtureCopy("pi-tree-session.jsonl");
		const { view, other } = twoLeaves(file);
		const before = readFileSync(file);
		const server = await fx.serve([errorReply(500, "boom")]);
		const failed = await runCli(["merge", file, other, ...model(server.url)], { cwd: dir, env: env(home) });
		expect(failed.code).toBe(1);
		expect(failed.stderr).toMatch(/^arbor: .+\n$/);
		expect(server.requests).toHaveLength(1); // ARBOR_MAX_RETRIES=0: no retry
		const compared = await runCli(["compare", file, other, view.leafId!, "--summarize", ...model(server.url)], { cwd: dir, env: env(home) });
		expect([compared.code, compared.stderr]).toEqual([1, "arbor: comparison failed: HTTP 500: no script for request #2\n"]);
		expect(server.requests).toHaveLength(2); // compare --summarize: no retry either
		expect(readFileSync(file).equals(before)).toBe(true);
		const onPath = view.getPath(view.leafId)[1]!.id;
		const none = await runCli(["merge", file, onPath, ...model(server.url)], { cwd: dir, env: env(home) });
		expect(none.code).toBe(2);
		expect(none.stderr).toMatch(/nothing to merge/);
		expect(readFileSync(file).equals(before)).toBe(true);
	});
});
