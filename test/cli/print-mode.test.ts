import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy } from "../helpers/cli.js";
import { useCliProject } from "../helpers/cli-project.js";
import { readJsonl } from "../helpers/jsonl.js";
import { sessionFiles } from "../helpers/print-run.js";
import { errorReply, textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useCliProject();

const entries = readJsonl;

const roles = (file: string) => entries(file).slice(1).map((e) => (e.type === "message" ? e.message.role : e.type));

describe("print mode through a real OpenAI-compatible provider", () => {
	it("streams a plain answer, stores the session, exits 0", async () => {
		const server = await fx.serve([textReply("Hello there, friend.")]);
		const run = await fx.print(["and be brief"], { input: "hi\n" });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Hello there, friend.\n");
		const sent = server.requests[0]!.body.messages;
		expect(sent[sent.length - 1]).toEqual({ role: "user", content: "hi\n\nand be brief" });
		const [file] = sessionFiles(fx.home);
		// The files as the prompt was sent: a checkpoint beside the prompt (the reply hangs off the prompt).
		expect(roles(file!)).toEqual(["user", "custom", "assistant"]);
		expect(entries(file!)[0]).toMatchObject({ type: "session", version: 3, cwd: fx.cwd });
	});

	it("runs a tool call round trip with the read-only tools", async () => {
		writeFileSync(join(fx.cwd, "notes.txt"), "the secret is 42\n");
		const server = await fx.serve([
			toolCallReply([{ id: "call_1", name: "read", args: { path: "notes.txt" } }]),
			textReply("The secret is 42."),
		]);
		const run = await fx.print(["what is the secret?"]);
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("The secret is 42.\n");
		const toolMessage = server.requests[1]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(toolMessage.tool_call_id).toBe("call_1");
		expect(toolMessage.content).toContain("the secret is 42");
		const [file] = sessionFiles(fx.home);
		// The prompt's checkpoint of the files; the read-only turn changed nothing, so its closing one is not written again.
		expect(roles(file!)).toEqual(["user", "custom", "assistant", "toolResult", "assistant"]);
		expect(server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
			"find",
			"grep",
			"ls",
			"read",
			"recall",
		]);
	});

	it("a provider 500 exits 1 with one stderr line; nothing on stdout in text, the one result object in json", async () => {
		await fx.serve(() => errorReply(500, "upstream exploded"));
		for (const format of ["text", "json"]) {
			const run = await fx.print(["--output-format", format, "hello"], { env: { ARBOR_MAX_RETRIES: "0" } });
			expect(run.code).toBe(1);
			if (format === "text") expect(run.stdout).toBe("");
			else expect(JSON.parse(run.stdout)).toMatchObject({ exitCode: 1, error: expect.stringContaining("upstream exploded") });
			expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1);
			expect(run.stderr).toMatch(/^arbor: .*upstream exploded/);
		}
	});

	it("usage errors exit 2: no prompt, no model, bad model string, unknown tool", async () => {
		const env = { ARBOR_MODEL: undefined };
		const noPrompt = await fx.cli(["-p", "--model", "compat:x", "--base-url", "http://127.0.0.1:9/v1"], { env });
		expect([noPrompt.code, noPrompt.stderr]).toEqual([2, "arbor: no prompt\n"]);
		const noModel = await fx.cli(["-p", "hello"], { env });
		expect(noModel.code).toBe(2);
		expect(noModel.stderr).toMatch(/^arbor: no model configured.*--model provider:model/);
		const badModel = await fx.cli(["-p", "--model", "gpt4", "hello"], { env });
		expect(badModel.code).toBe(2);
		expect(badModel.stderr).toMatch(/^arbor: .*compat:/);
		const badTool = await fx.cli(["-p", "--model", "compat:x", "--base-url", "http://127.0.0.1:9/v1", "--tools", "read,rm", "hi"], { env });
		expect(badTool.code).toBe(2);
		expect(badTool.stderr).toMatch(/^arbor: unknown tools?: rm/);
		expect(readdirSync(fx.cwd)).toEqual([]);
	});

	it("-c continues the most recent session of the directory", async () => {
		const server = await fx.serve([textReply("First answer."), textReply("Second answer.")]);
		await fx.print(["first question"]);
		const run = await fx.print(["-c", "second question"]);
		expect(run.code).toBe(0);
		const sent = server.requests[1]!.body.messages.filter((m: { role: string }) => m.role !== "system");
		expect(sent.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
		expect(sessionFiles(fx.home)).toHaveLength(1);
		expect(roles(sessionFiles(fx.home)[0]!)).toEqual(["user", "custom", "assistant", "user", "assistant"]);
	});

	it("json and stream-json formats", async () => {
		await fx.serve([textReply("Forty two."), textReply("Again.")]);
		const json = await fx.print(["--output-format", "json", "q"]);
		expect(json.code).toBe(0);
		const result = JSON.parse(json.stdout);
		expect(result).toMatchObject({ text: "Forty two.", stopReason: "stop" });
		expect(result.sessionFile).toBe(sessionFiles(fx.home)[0]);
		expect(result.leafId).toBe(entries(result.sessionFile).at(-1).id);
		const stream = await fx.print(["-c", "--output-format", "stream-json", "q"]);
		const lines = stream.stdout.trim().split("\n").map((l) => JSON.parse(l));
		expect(lines[0].type).toBe("session");
		expect(lines.map((l) => l.type)).toContain("text_delta");
		expect(lines.filter((l) => l.type === "message_end").length).toBeGreaterThanOrEqual(1);
		expect(lines.at(-1)).toMatchObject({ type: "result", text: "Again.", stopReason: "stop" });
	});

	it("--at with --summarize stores a summary under the target (fromId = old leaf) that reaches the next prompt", async () => {
		const { file, dir, home } = fixtureCopy("pi-tree-session.jsonl");
		const summary = "## Goal\nExplore the parser.\n\n## Next Steps\n1. Try approach B";
		const server = await fx.serve([textReply(summary), textReply("Continuing from there.")]);
		const run = await fx.print(["--session", file, "--at", "474513f0", "--summarize", "--", "go on"], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const added = entries(file).filter((e) => e.type === "branch_summary" && e.parentId === "474513f0");
		expect(added).toHaveLength(1);
		expect(added[0].fromId).toBe("428890f6");
		expect(added[0].summary).toContain("Explore the parser.");
		const next = JSON.stringify(server.requests[1]!.body.messages);
		expect(next).toContain("Explore the parser.");
		const last = entries(file).at(-1);
		expect(last.message.role).toBe("assistant");
	});

	it("SIGINT saves the partial reply as aborted and exits 130", async () => {
		const server = await fx.serve([textReply(["Partial ", "answer "], { hold: true })]);
		let pid = -1;
		const running = fx.print(["long question"], { onSpawn: (p) => (pid = p) });
		await waitFor(() => server.requests.length === 1, { what: "the provider request" });
		process.kill(pid, "SIGINT");
		const run = await running;
		expect(run.code).toBe(130);
		const [file] = sessionFiles(fx.home);
		const last = entries(file!).at(-1);
		expect(last.message).toMatchObject({ role: "assistant", stopReason: "aborted" });
	});
});
