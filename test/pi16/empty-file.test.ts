import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";
import { piContexts } from "./pi.js";

const fx = useCliProject();

describe("an empty session file opens as a new session, as in pi 1.6", () => {
	it("read-only commands show an empty session; -p -s writes the header and the turn into it, and pi reads that", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-empty-"));
		const file = join(dir, "named.jsonl");
		writeFileSync(file, "");
		const env = { ARBOR_HOME: join(dir, "home") };
		const context = await runCli(["context", "-s", file, "--json"], { cwd: dir, env });
		expect([context.code, context.stderr]).toEqual([0, ""]);
		expect(JSON.parse(context.stdout).messages).toEqual([]);
		expect(readFileSync(file, "utf8")).toBe("");
		const server = await fx.serve([textReply("Hello.")]);
		const run = await runCli(["-p", "-s", file, "-m", "compat:test-model", "--base-url", server.url, "hi"], { cwd: dir, env });
		expect([run.code, run.stderr, run.stdout]).toEqual([0, "", "Hello.\n"]);
		const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; cwd?: string });
		expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd: dir });
		const pi = (await piContexts(file)).find((l) => l.leaf === null);
		expect(pi?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	}, 120_000);
});
