import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

const systemOf = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === "system")?.content ?? "";

describe("AGENTS.md reaches the model (print mode, built CLI, local provider)", () => {
	it("sends ARBOR_HOME's and the project's instructions in the system prompt, outer first", async () => {
		const server = await fx.serve([textReply("An old silent pond")]);
		const { cwd, home } = fx;
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "AGENTS.md"), "Global: be kind.\n");
		writeFileSync(join(cwd, "AGENTS.md"), "Always answer in haiku\n");
		mkdirSync(join(cwd, "sub"));
		writeFileSync(join(cwd, "sub", "CLAUDE.md"), "Sub: use tabs.\n");
		const run = await runCli(["-p", ...model(server.url), "hello"], { cwd: join(cwd, "sub"), env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const system = systemOf(server.requests[0]!.body);
		const at = (text: string) => system.indexOf(text);
		expect(at(`## ${join(home, "AGENTS.md")}\n\nGlobal: be kind.`)).toBeGreaterThan(0);
		expect(at(`## ${join(cwd, "AGENTS.md")}\n\nAlways answer in haiku`)).toBeGreaterThan(at("Global: be kind."));
		expect(at(`## ${join(cwd, "sub", "CLAUDE.md")}\n\nSub: use tabs.`)).toBeGreaterThan(at("Always answer in haiku"));
	});

	it("--no-context-files leaves them out; --verbose names what was loaded", async () => {
		const server = await fx.serve([textReply("one"), textReply("two")]);
		const { cwd } = fx;
		writeFileSync(join(cwd, "AGENTS.md"), "Always answer in haiku\n");
		const off = await fx.print(["--no-context-files", "hello"]);
		expect(off.code).toBe(0);
		expect(systemOf(server.requests[0]!.body)).not.toContain("haiku");
		const verbose = await fx.print(["--verbose", "hello"]);
		expect(verbose.code).toBe(0);
		expect(verbose.stderr).toContain(`arbor: instructions from ${join(cwd, "AGENTS.md")}\n`);
		expect(systemOf(server.requests[1]!.body)).toContain("Always answer in haiku");
	});

	it.runIf(process.platform === "linux")("an unreadable AGENTS.md is one warning on stderr, and the answer still comes", async () => {
		const server = await fx.serve([textReply("fine")]);
		const { cwd, home } = fx;
		// A regular file whose read fails even for root (EIO).
		symlinkSync("/proc/self/mem", join(cwd, "AGENTS.md"));
		mkdirSync(join(cwd, "pkg"));
		writeFileSync(join(cwd, "pkg", "AGENTS.md"), "pkg rule\n");
		const run = await runCli(["-p", ...model(server.url), "hello"], { cwd: join(cwd, "pkg"), env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("fine\n");
		expect(run.stderr).toBe(`arbor: warning: cannot read ${join(cwd, "AGENTS.md")}: input/output error (EIO); left out of the system prompt\n`);
		expect(systemOf(server.requests[0]!.body)).toContain("pkg rule");
	});

	it("a folder named AGENTS.md is no file: CLAUDE.md beside it is read, without a warning", async () => {
		const server = await fx.serve([textReply("fine")]);
		const { cwd } = fx;
		mkdirSync(join(cwd, "AGENTS.md"));
		writeFileSync(join(cwd, "CLAUDE.md"), "claude rule\n");
		const run = await fx.print(["hello"]);
		expect(run.code).toBe(0);
		expect(run.stderr).toBe("");
		expect(systemOf(server.requests[0]!.body)).toContain("claude rule");
	});
});
