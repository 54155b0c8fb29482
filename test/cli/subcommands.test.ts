import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, fixtureCopy, runCli } from "../helpers/cli.js";

const TREE = "pi-tree-session.jsonl";
const V1 = "pi-v1-large-session.jsonl";
const expected = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name.replace(".jsonl", ".expected.json")), "utf8"));

type JsonNode = { id: string; type: string; label?: string; children: JsonNode[] };
const shape = (nodes: JsonNode[]): unknown =>
	nodes.map((n) => ({ id: n.id, type: n.type, ...(n.label ? { label: n.label } : {}), children: shape(n.children) }));

// Every test runs the CLI on its own fixture copy: they run side by side (at most maxConcurrency, 5).
describe.concurrent("arbor context / tree on pi's own files", () => {
	it("context --json equals pi's context for the tree fixture, and the file is untouched", async () => {
		const { file, home } = fixtureCopy(TREE);
		const before = readFileSync(file);
		const run = await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const want = expected(TREE);
		expect(JSON.parse(run.stdout)).toEqual({ leafId: want.leafId, model: want.model, thinkingLevel: want.thinkingLevel, messages: want.messages });
		expect(readFileSync(file).equals(before)).toBe(true);
	});

	it("context --json of the v1 file equals pi's messages; read-only migration writes nothing", async () => {
		const { file, dir, home } = fixtureCopy(V1);
		const before = readFileSync(file);
		const run = await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const got = JSON.parse(run.stdout);
		const want = expected(V1);
		expect(got.messages).toEqual(want.messages);
		expect(got.model).toEqual(want.model);
		expect(got.thinkingLevel).toBe(want.thinkingLevel);
		expect(readFileSync(file).equals(before)).toBe(true);
		expect(existsSync(`${file}.v1.bak`)).toBe(false);
		expect(dir).toBeTruthy();
	});

	it("a writing command migrates a v1 file once, atomically, keeping the original as .v1.bak; a failing one never does", async () => {
		const { file, home } = fixtureCopy(V1);
		const original = readFileSync(file);
		const run = await runCli(["label", file, "zzzzzzzz", "x"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(readFileSync(file).equals(original)).toBe(true);
		expect(existsSync(`${file}.v1.bak`)).toBe(false);
		// v1 ids are stable across reads, so the leaf id read before the migration names the same entry.
		const before = JSON.parse((await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } })).stdout);
		const again = await runCli(["label", file, before.leafId, "checked"], { env: { ARBOR_HOME: home } });
		expect(again.code).toBe(0);
		expect(readFileSync(`${file}.v1.bak`).equals(original)).toBe(true);
		expect(JSON.parse(readFileSync(file, "utf8").split("\n")[0]!).version).toBe(3);
		const after = JSON.parse((await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } })).stdout);
		expect(after.messages).toEqual(expected(V1).messages);
		const last = JSON.parse(readFileSync(file, "utf8").trimEnd().split("\n").at(-1) as string);
		expect(last).toMatchObject({ type: "label", targetId: before.leafId, label: "checked" });
	});

	it("tree --filter all --json lists every entry once in pi's tree shape", async () => {
		const { file, home } = fixtureCopy(TREE);
		const run = await runCli(["tree", file, "--filter", "all", "--json"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const got = JSON.parse(run.stdout);
		expect(got.leafId).toBe(expected(TREE).leafId);
		expect(shape(got.roots)).toEqual(shape(expected(TREE).tree.map(function strip(n: JsonNode): JsonNode {
			return { id: n.id, type: n.type, label: n.label, children: n.children.map(strip) };
		})));
	});

	it("tree prints rows with the active path and the leaf marked", async () => {
		const { file, home } = fixtureCopy(TREE);
		const run = await runCli(["tree", file], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const leafRows = run.stdout.split("\n").filter((l) => l.includes("← active"));
		expect(leafRows).toHaveLength(1);
		expect(leafRows[0]).toContain("• assistant: file api react react session");
		expect(run.stdout).toContain("[cp-68] ");
	});
});

describe.concurrent("arbor navigate / label / fork", () => {
	it("navigating to a user message moves the leaf to its parent and prints its text; the file only grows", async () => {
		const { file, home } = fixtureCopy(TREE);
		const before = readFileSync(file);
		const run = await runCli(["navigate", file, "983b1dd0", "--json"], { env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const result = JSON.parse(run.stdout);
		expect(result.status).toBe("moved");
		expect(result.newLeafId).toBe("474513f0");
		expect(result.editorText).toBe(
			"hook react refactor react render hook root branch ink model ink bash hook api summary refactor hook root reducer summary path root edit token fix",
		);
		const after = readFileSync(file);
		expect(after.subarray(0, before.length).equals(before)).toBe(true);
		const context = JSON.parse((await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } })).stdout);
		expect(context.leafId).toBe("474513f0");
		expect(context.messages).toHaveLength(2);
	});

	it("navigating to the current leaf says so and writes nothing", async () => {
		const { file, home } = fixtureCopy(TREE);
		const before = readFileSync(file);
		const run = await runCli(["navigate", file, "428890f6"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Already at this point\n");
		expect(readFileSync(file).equals(before)).toBe(true);
	});

	it("label sets and clears a label that the tree shows", async () => {
		const { file, home } = fixtureCopy(TREE);
		expect((await runCli(["label", file, "474513f0", "good", "answer"], { env: { ARBOR_HOME: home } })).stdout).toBe(
			"Labelled 474513f0: good answer\n",
		);
		const tree = (await runCli(["tree", file, "--filter", "labeled"], { env: { ARBOR_HOME: home } })).stdout;
		expect(tree).toContain("[good answer] assistant:");
		expect((await runCli(["label", file, "474513f0"], { env: { ARBOR_HOME: home } })).stdout).toBe("Cleared label on 474513f0\n");
		const json = JSON.parse((await runCli(["tree", file, "--filter", "all", "--json"], { env: { ARBOR_HOME: home } })).stdout);
		const find = (nodes: JsonNode[]): JsonNode | undefined =>
			nodes.map((n) => (n.id === "474513f0" ? n : find(n.children))).find(Boolean);
		expect(find(json.roots)?.label).toBeUndefined();
	});

	it("fork copies root→entry into a new file whose context is the entry's", async () => {
		const { file, home } = fixtureCopy(TREE);
		const run = await runCli(["fork", file, "8c9ae725", "--json"], { env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const forked = JSON.parse(run.stdout);
		expect(forked.parentSession).toBe(file);
		const header = JSON.parse(readFileSync(forked.file, "utf8").split("\n")[0]!);
		expect(header.parentSession).toBe(file);
		const context = JSON.parse((await runCli(["context", forked.file, "--json"], { env: { ARBOR_HOME: home } })).stdout);
		expect(context.leafId).toBe("8c9ae725");
		expect(context.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "toolResult"]);
	});
});

describe.concurrent("bad input: one line on stderr, exit 2, nothing lost", () => {
	it("unknown entry id", async () => {
		const { file, home } = fixtureCopy(TREE);
		const run = await runCli(["navigate", file, "zzzzzzzz"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(run.stdout).toBe("");
		expect(run.stderr).toMatch(/^arbor: .*zzzzzzzz.*\n$/);
	});

	it("ambiguous id prefix", async () => {
		const { file, home } = fixtureCopy(TREE);
		const run = await runCli(["label", file, "4", "x"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/^arbor: id prefix "4" matches several.*\n$/);
	});

	it("missing session file and unknown session prefix", async () => {
		const { dir, home } = fixtureCopy(TREE);
		const missing = await runCli(["context", join(dir, "nope.jsonl")], { env: { ARBOR_HOME: home } });
		expect(missing.code).toBe(2);
		expect(missing.stderr.split("\n").filter(Boolean)).toHaveLength(1);
		const none = await runCli(["tree"], { env: { ARBOR_HOME: home }, cwd: dir });
		expect(none.code).toBe(2);
		expect(none.stderr).toMatch(/^arbor: no sessions in /);
	});

	it("a broken header is refused and the file is left byte for byte", async () => {
		const { file, home } = fixtureCopy(TREE);
		const lines = readFileSync(file, "utf8").split("\n");
		const damaged = ["{not json", ...lines.slice(1)].join("\n");
		writeFileSync(file, damaged);
		for (const args of [["context", file], ["navigate", file, "474513f0"], ["label", file, "474513f0", "x"]]) {
			const run = await runCli(args, { env: { ARBOR_HOME: home } });
			expect(run.code).toBe(2);
			expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1);
			expect(readFileSync(file, "utf8")).toBe(damaged);
		}
	});

	it("bad flags and bad filters", async () => {
		const flag = await runCli(["tree", "--bogus"]);
		expect(flag.code).toBe(2);
		expect(flag.stderr).toMatch(/^arbor: unknown option '--bogus'\n$/);
		const { file, home } = fixtureCopy(TREE);
		const filter = await runCli(["tree", file, "--filter", "nope"], { env: { ARBOR_HOME: home } });
		expect(filter.code).toBe(2);
		expect(filter.stderr).toMatch(/^arbor: unknown filter "nope"/);
	});

	it("a session locked by a live process is refused for writing but still readable", async () => {
		const { file, home } = fixtureCopy(TREE);
		writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, hostname: (await import("node:os")).hostname(), startedAt: new Date().toISOString() }));
		const write = await runCli(["label", file, "474513f0", "x"], { env: { ARBOR_HOME: home } });
		expect(write.code).toBe(2);
		expect(write.stderr).toMatch(new RegExp(`^arbor: .*locked.*${process.pid}`));
		const read = await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } });
		expect(read.code).toBe(0);
	});
});

describe.concurrent("damaged files", () => {
	it("a torn tail and a garbage line are reported on stderr with line numbers; stdout stays valid; appends start on a new line", async () => {
		const { file, home } = fixtureCopy(TREE);
		const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
		const damaged = [...lines.slice(0, 10), "garbage {", ...lines.slice(10), '{"type":"message","id":"torn'].join("\n");
		writeFileSync(file, damaged);
		const context = await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } });
		expect(context.code).toBe(0);
		expect(context.stderr).toBe(
			`arbor: warning: ${file}: line 11: not valid JSON, skipped\narbor: warning: ${file}: line ${lines.length + 2}: incomplete last line skipped\n`,
		);
		expect(JSON.parse(context.stdout).leafId).toBe(expected(TREE).leafId);
		const label = await runCli(["label", file, "474513f0", "ok"], { env: { ARBOR_HOME: home } });
		expect(label.code).toBe(0);
		const after = readFileSync(file, "utf8");
		expect(after.startsWith(damaged)).toBe(true);
		const appended = after.slice(damaged.length);
		expect(appended.startsWith("\n{")).toBe(true);
		expect(JSON.parse(appended.trim())).toMatchObject({ type: "label", targetId: "474513f0", label: "ok" });
	});
});
