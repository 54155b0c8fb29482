import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureProject, useCliProject } from "../helpers/cli-project.js";
import { readJsonl } from "../helpers/jsonl.js";
import { textReply } from "../helpers/sse-server.js";

/** Print mode's `--at`, `--summarize`, `--instructions`, `--replace-instructions`, `--label`. */
const TREE = "pi-tree-session.jsonl";
const OLD_LEAF = "428890f6";

/** Each test's project folder holds a copy of the tree fixture (`file()`), its home inside. */
const fx = useCliProject({ env: { ARBOR_MAX_RETRIES: "0" }, make: fixtureProject(TREE) });
const file = () => join(fx.cwd, TREE);

const lines = readJsonl;

/** What a run appended: type (role for messages), parentId, id. */
function appended(file: string, before: number) {
	return lines(file)
		.slice(before)
		// The files as the prompt was sent (a checkpoint) is a side child of the prompt: the chain is the messages'.
		.filter((e) => e.customType !== "arbor.checkpoint")
		.map((e) => ({ what: e.type === "message" ? e.message.role : e.type, id: e.id as string, parentId: e.parentId as string | null, e }));
}

/** `arbor -p -s <the test's copy of the tree> …args` against a server replying `replies`. */
async function printAt(args: string[], replies: string[]) {
	const before = lines(file()).length;
	const server = await fx.serve(replies.map((r) => textReply(r)));
	const run = await fx.print(["-s", file(), ...args]);
	return { run, added: appended(file(), before), requests: server.requests };
}

describe("-p --at <id>: the new message is a child of <id>, whatever its type, and no leaf marker is written", () => {
	it.each([
		["a user message", "983b1dd0"],
		["an assistant message", "474513f0"],
		["a tool result", "8c9ae725"],
		["a label entry", "d332fb06"],
		["a branch summary", "853a5eac"],
		["a custom entry", "092c929e"],
		["a compaction", "39075b38"],
		["the current leaf", OLD_LEAF],
	])("at %s (%s)", async (_what, id) => {
		const { run, added } = await printAt(["--at", id, "go on"], ["Going on."]);
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Going on.\n");
		expect(added.map((a) => [a.what, a.parentId])).toEqual([
			["user", id],
			["assistant", added[0]!.id],
		]);
	});

	it("at the conversation leaf under a trailing label entry: the message hangs from the entry, not the label", async () => {
		expect((await fx.cli(["label", file(), OLD_LEAF, "done"])).code).toBe(0);
		const labelEntry = lines(file()).at(-1);
		expect(labelEntry).toMatchObject({ type: "label", parentId: OLD_LEAF });
		const before = lines(file()).length;
		await fx.serve([textReply("Sure.")]);
		const run = await fx.print(["-s", file(), "--at", OLD_LEAF, "more"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const added = appended(file(), before);
		expect(added.map((a) => [a.what, a.parentId])).toEqual([
			["user", OLD_LEAF],
			["assistant", added[0]!.id],
		]);
	});

	it("an id prefix works, and --label labels the new user message", async () => {
		const { run, added } = await printAt(["--at", "983b1", "--label", "retry", "again"], ["Again."]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(added.map((a) => [a.what, a.parentId])).toEqual([
			["user", "983b1dd0"],
			["assistant", added[0]!.id],
			["label", added[1]!.id],
		]);
		expect(added[2]!.e).toMatchObject({ targetId: added[0]!.id, label: "retry" });
	});
});

describe("-p --at X --summarize: a plain flag, the prompt stays the prompt", () => {
	it("`--summarize \"question\"` sends the question; summary under X, message under the summary", async () => {
		const { run, added, requests } = await printAt(["--at", "983b1dd0", "--summarize", "what next?"], ["Summary A.", "Next: tests."]);
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Next: tests.\n");
		expect(requests).toHaveLength(2);
		const summaryPrompt = JSON.stringify(requests[0]!.body.messages);
		expect(summaryPrompt).toContain("You write a structured summary");
		expect(summaryPrompt).not.toContain("what next?");
		const chat = requests[1]!.body.messages;
		expect(chat.at(-1)).toEqual({ role: "user", content: "what next?" });
		expect(added.map((a) => [a.what, a.parentId])).toEqual([
			["branch_summary", "983b1dd0"],
			["user", added[0]!.id],
			["assistant", added[1]!.id],
		]);
		expect(added[0]!.e.fromId).toBe(OLD_LEAF);
		expect(added[0]!.e.summary).toMatch(/^Summary A\./);
	});

	it("--instructions adds a focus; with --replace-instructions it replaces the default instructions", async () => {
		const extra = await printAt(["--at", "474513f0", "--summarize", "--instructions", "focus on the lexer", "q"], ["S.", "A."]);
		expect([extra.run.code, extra.run.stderr]).toEqual([0, ""]);
		const extraPrompt = JSON.stringify(extra.requests[0]!.body.messages);
		expect(extraPrompt).toContain("You write a structured summary");
		expect(extraPrompt).toContain("Additional focus:\\nfocus on the lexer");
		fx.fresh();
		const only = await printAt(["--at", "474513f0", "--summarize", "--instructions", "ONLY THIS", "--replace-instructions", "q"], ["S.", "A."]);
		expect([only.run.code, only.run.stderr]).toEqual([0, ""]);
		const onlyPrompt = JSON.stringify(only.requests[0]!.body.messages);
		expect(onlyPrompt).toContain("ONLY THIS");
		expect(onlyPrompt).not.toContain("You write a structured summary");
		expect(only.added.map((a) => a.what)).toEqual(["branch_summary", "user", "assistant"]);
	});

	it("misplaced summary flags are usage errors (exit 2, nothing sent, nothing written)", async () => {
		for (const [args, message] of [
			[["--summarize", "q"], "arbor: --summarize needs --at <entryId>\n"],
			[["--at", "474513f0", "--instructions", "x", "q"], "arbor: --instructions and --replace-instructions need --summarize\n"],
			[["--at", "474513f0", "--replace-instructions", "q"], "arbor: --instructions and --replace-instructions need --summarize\n"],
		] as const) {
			const { run, added, requests } = await printAt([...args], []);
			expect([run.code, run.stdout, run.stderr]).toEqual([2, "", message]);
			expect(requests).toHaveLength(0);
			expect(added).toEqual([]);
		}
	});
});

describe("no model configured: the error names the model the session recorded", () => {
	it("-s and -c point at ollama:llama3.2 (the fixture's model); a new session gets the general message", async () => {
		const dir = fx.cwd;
		// -c in a --session-dir picks a session of this folder (pi's rule): the copy's header names it.
		writeFileSync(file(), readFileSync(file(), "utf8").replace('"cwd":"/project/demo"', `"cwd":${JSON.stringify(dir)}`));
		const before = readFileSync(file());
		const env = { ARBOR_MODEL: undefined, ARBOR_BASE_URL: undefined };
		const hint = "arbor: no model configured: this session used ollama:llama3.2; run with -m ollama:llama3.2 (or set ARBOR_MODEL)\n";
		const named = await fx.cli(["-p", "-s", file(), "hello"], { env });
		expect([named.code, named.stdout, named.stderr]).toEqual([2, "", hint]);
		const continued = await fx.cli(["-p", "-c", "--session-dir", dir, "hello"], { env });
		expect([continued.code, continued.stderr]).toEqual([2, hint]);
		const fresh = await fx.cli(["-p", "--session-dir", dir, "hello"], { env });
		expect(fresh.code).toBe(2);
		expect(fresh.stderr).toMatch(/^arbor: no model configured: use --model provider:model .* or set ARBOR_MODEL\n$/);
		expect(readFileSync(file()).equals(before)).toBe(true);
	});
});
