import { appendFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useCliProject();

describe("tool results are stored in pi's shape", () => {
	it("a later turn sends exactly the messages the live turn sent (a result and a failed command)", async () => {
		const { cwd, home } = fx;
		writeFileSync(join(cwd, "notes.txt"), "the secret is 42\n");
		const server = await fx.serve([
			toolCallReply([
				{ id: "call_1", name: "read", args: { path: "notes.txt" } },
				{ id: "call_2", name: "bash", args: { command: "echo oops; exit 3" } },
			]),
			textReply("Done."),
			textReply("Second."),
		]);
		const env = { ARBOR_HOME: home };
		const first = await runCli(["-p", ...model(server.url), "--tools", "read,bash", "look"], { cwd, env });
		expect([first.code, first.stderr]).toEqual([0, ""]);
		const second = await runCli(["-p", "-c", ...model(server.url), "--tools", "read,bash", "again"], { cwd, env });
		expect([second.code, second.stderr]).toEqual([0, ""]);
		const live = sentMessages(server.requests[1]!.body);
		const later = sentMessages(server.requests[2]!.body);
		expect(later.slice(0, live.length)).toEqual(live);
		const tools = live.filter((m) => m.role === "tool");
		expect(tools.map((m) => m.content)).toEqual([expect.stringContaining("1\tthe secret is 42"), expect.stringContaining("exit code 3")]);
		expect(tools[0].content).not.toContain('"output"');
		const [file] = sessionFiles(home);
		const stored = entries(file!).filter((e) => e.message?.role === "toolResult").map((e) => e.message);
		// Stored as they finish; sent in the order of the calls.
		const results = ["read", "bash"].map((name) => stored.find((m) => m.toolName === name));
		expect(results[0]).toMatchObject({ toolName: "read", isError: false, details: { startLine: 1, endLine: 1, totalLines: 1 } });
		expect(results[0].content).toEqual([{ type: "text", text: "     1\tthe secret is 42" }]);
		expect(results[1]).toMatchObject({ toolName: "bash", isError: true, details: { exitCode: 3 } });
		expect(results[1].content).toEqual([{ type: "text", text: "oops\nexit code 3" }]);
	});

	it("an old file with the JSON blob shape loads unwrapped: context, and the next turn", async () => {
		const { cwd } = fx;
		const server = await fx.serve([textReply("Fine.")]);
		const file = join(cwd, "old.jsonl");
		const line = (o: object) => appendFileSync(file, `${JSON.stringify(o)}\n`);
		const ts = "2026-01-01T00:00:00.000Z";
		line({ type: "session", version: 3, id: "11111111-2222-3333-4444-555555555555", timestamp: ts, cwd });
		line({ type: "message", id: "a0000001", parentId: null, timestamp: ts, message: { role: "user", content: "run it", timestamp: 1 } });
		const call = { type: "toolCall", id: "c1", name: "bash", arguments: { command: "false" } };
		const assistant = { role: "assistant", content: [call], api: "openai-completions", provider: "compat", model: "m", usage: {}, stopReason: "toolUse", timestamp: 2 };
		line({ type: "message", id: "a0000002", parentId: "a0000001", timestamp: ts, message: assistant });
		const blob = JSON.stringify({ output: "(no output)\nexit code 1", details: { exitCode: 1 }, isError: true });
		const result = { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: blob }], isError: false, timestamp: 3 };
		line({ type: "message", id: "a0000003", parentId: "a0000002", timestamp: ts, message: result });
		const context = await fx.cli(["context", file, "--json"]);
		expect(context.code).toBe(0);
		const shown = JSON.parse(context.stdout).messages[2];
		expect(shown).toMatchObject({ content: [{ type: "text", text: "(no output)\nexit code 1" }], isError: true, details: { exitCode: 1 } });
		const run = await fx.cli(["-p", "--session", file, ...model(server.url), "next"]);
		expect(run.code).toBe(0);
		const tool = sentMessages(server.requests[0]!.body).find((m) => m.role === "tool");
		expect(tool.content).toBe("(no output)\nexit code 1");
	});

	it("a bash spill file stays readable while the session runs and is deleted when arbor exits", async () => {
		const tmp = mkdtempSync(join(tmpdir(), "arbor-spill-"));
		let seenDuringSession: boolean | undefined;
		const server = await fx.serve((body, index) => {
			if (index === 0) return toolCallReply([{ id: "c1", name: "bash", args: { command: "seq 1 100000" } }]);
			const tool = body.messages.find((m: { role: string }) => m.role === "tool");
			const spill = /full output in (\S+)\]/.exec(tool.content)?.[1];
			seenDuringSession = spill !== undefined && spill.startsWith(tmp) && existsSync(spill);
			return textReply("Long output.");
		});
		const run = await fx.cli(["-p", ...model(server.url), "--tools", "bash", "count"], { env: { TMPDIR: tmp } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(seenDuringSession).toBe(true);
		expect(readdirSync(tmp)).toEqual([]);
	});
});
