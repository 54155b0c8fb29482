import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileEntries } from "../helpers/arbor-tmux.js";
import { runCli } from "../helpers/cli.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { EXAMPLE, LEAF, NEAR_ROOT, project } from "./helpers.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const model = (url: string) => ["--model", "compat:main-model", "--base-url", url];

describe("examples/extensions through the built CLI", () => {
	it("custom-summarizer: `arbor navigate --summarize` stores the other model's summary with fromHook", async () => {
		server = await startSseServer([textReply("- goal: parse sessions\n- left: tests")]);
		const p = project();
		const ext = ["--extension", EXAMPLE("custom-summarizer.ts")];
		const env = { ...p.env, ARBOR_SUMMARIZER_MODEL: "compat:cheap-model" };
		const run = await runCli(["navigate", p.file, NEAR_ROOT, "--summarize", ...model(server.url), ...ext, "--json"], { cwd: p.cwd, env });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(server.requests).toHaveLength(1);
		const body = server.requests[0]!.body;
		expect(body.model).toBe("cheap-model");
		expect(body.messages[0]).toEqual({ role: "system", content: expect.stringContaining("abandoned branch") });
		expect(body.messages[1].content).toContain("Summarize this branch");
		const result = JSON.parse(run.stdout);
		expect(result).toMatchObject({ status: "moved", fromHook: true, oldLeafId: LEAF });
		const summary = fileEntries(p.file).filter((e) => e.type === "branch_summary").at(-1);
		expect(summary).toMatchObject({
			parentId: NEAR_ROOT,
			fromId: LEAF,
			summary: "- goal: parse sessions\n- left: tests",
			fromHook: true,
			details: { model: "compat:cheap-model" },
		});
	});

	it("branch-guard: leaving a labelled branch with `arbor navigate` exits 1 until confirmed", async () => {
		const p = project();
		const ext = ["--extension", EXAMPLE("branch-guard.ts")];
		expect((await runCli(["label", p.file, LEAF, "keep", "me"], { env: p.env })).code).toBe(0);
		const before = readFileSync(p.file);
		const refused = await runCli(["navigate", p.file, NEAR_ROOT, ...ext], { cwd: p.cwd, env: p.env });
		expect(refused.code).toBe(1);
		expect(refused.stdout).toBe("");
		expect(refused.stderr).toBe(
			'arbor: guard: this leaves the labelled branch "keep me" — repeat the move (or set ARBOR_GUARD_CONFIRM=1) to confirm\n' +
				"arbor: navigation cancelled by an extension\n",
		);
		expect(readFileSync(p.file).equals(before)).toBe(true);
		const confirmed = await runCli(["navigate", p.file, NEAR_ROOT, ...ext], { cwd: p.cwd, env: { ...p.env, ARBOR_GUARD_CONFIRM: "1" } });
		expect(confirmed.stderr).toBe("");
		expect(confirmed.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		// Moving within an unlabelled part of the tree is never stopped.
		const back = await runCli(["navigate", p.file, LEAF, ...ext], { cwd: p.cwd, env: p.env });
		expect(back.code).toBe(0);
	});

	it("tree-logger: print mode's --at and `arbor navigate` each log the move as one JSON line", async () => {
		server = await startSseServer([textReply("Fine.")]);
		const p = project();
		const log = join(p.cwd, "moves.jsonl");
		const env = { ...p.env, ARBOR_TREE_LOG: log };
		const ext = ["--extension", EXAMPLE("tree-logger.ts")];
		const printed = await runCli(["-p", "-s", p.file, "--at", NEAR_ROOT, ...model(server.url), ...ext, "and now?"], { cwd: p.cwd, env });
		expect(printed.stderr).toBe("");
		expect(printed.stdout).toBe("Fine.\n");
		const navigated = await runCli(["navigate", p.file, LEAF, ...ext], { cwd: p.cwd, env });
		expect(navigated.code).toBe(0);
		const lines = readFileSync(log, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(lines).toEqual([
			{ time: expect.any(String), mode: "print", session: p.file, oldLeafId: LEAF, newLeafId: NEAR_ROOT, summaryEntryId: null, fromHook: false },
			{ time: expect.any(String), mode: "command", session: p.file, oldLeafId: expect.any(String), newLeafId: LEAF, summaryEntryId: null, fromHook: false },
		]);
		// The second move starts where print mode's answer left the leaf.
		expect(lines[1].oldLeafId).not.toBe(NEAR_ROOT);
	});
});
