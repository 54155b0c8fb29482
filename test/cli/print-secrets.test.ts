import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useCliProject();

const KEYS = {
	OPENAI_API_KEY: "sk-openai-secret-0001",
	ANTHROPIC_API_KEY: "sk-ant-secret-0002",
	ARBOR_TEST_KEY_X: "arbor-secret-0003",
	MISTRAL_API_KEY: "mistral-secret-0004",
};
const CLI_KEY = "cli-flag-secret-0005";

describe("provider keys never reach a tool result", () => {
	it("bash runs without the key variables; key values in any result are redacted before storing and sending", async () => {
		const { cwd, home } = fx;
		writeFileSync(join(cwd, ".env"), `OPENAI_API_KEY=${KEYS.OPENAI_API_KEY}\nOTHER=${CLI_KEY}\n`);
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "bash", args: { command: "env | sort; echo done" } },
				{ id: "c2", name: "read", args: { path: ".env" } },
				{ id: "c3", name: "bash", args: { command: "tr '\\0' ' ' < /proc/$PPID/cmdline | grep -ao 'cli-flag[a-z0-9-]*' || true" } },
			]),
			textReply("Done."),
		]);
		const env = { ARBOR_HOME: home, VISIBLE_SETTING: "still-here", ...KEYS };
		const run = await runCli(["-p", ...model(server.url), "--api-key", CLI_KEY, "--tools", "read,bash", "show me"], { cwd, env });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const sentTools = JSON.stringify(server.requests[1]!.body.messages.filter((m: { role: string }) => m.role === "tool"));
		const stored = readFileSync(sessionFiles(home)[0]!, "utf8");
		for (const text of [sentTools, stored]) {
			for (const [name, value] of Object.entries({ ...KEYS, CLI_KEY })) expect(text, name).not.toContain(value);
			expect(text).toContain("OPENAI_API_KEY=[redacted]");
			expect(text).toContain("OTHER=[redacted]");
		}
		const results = new Map(
			stored.split("\n").filter(Boolean).map((l) => JSON.parse(l)).filter((e) => e.message?.role === "toolResult").map((e) => [e.message.toolCallId, e.message.content[0].text]),
		);
		// Not only redacted: the variables are not in the tool's environment at all.
		const envLines = (results.get("c1") as string).split("\n");
		expect(envLines).toContain("VISIBLE_SETTING=still-here");
		expect(envLines.filter((l) => Object.keys(KEYS).some((k) => l.startsWith(`${k}=`)))).toEqual([]);
		// The --api-key value is on arbor's command line (the readme says so); a tool that reads it gets it redacted.
		expect(results.get("c3")).toBe("[redacted]\nexit code 0");
	});
});
