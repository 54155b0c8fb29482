import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { model } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();

const systemOf = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === "system")?.content ?? "";

describe("the user's own system prompt (print mode, built CLI, local provider)", () => {
	it("SYSTEM.md replaces arbor's, APPEND_SYSTEM.md follows it, AGENTS.md still comes, and where and when close it", async () => {
		const server = await fx.serve([textReply("arr"), textReply("plain")]);
		const { cwd, home } = fx;
		mkdirSync(join(cwd, ".arbor"), { recursive: true });
		mkdirSync(home, { recursive: true });
		writeFileSync(join(cwd, ".arbor", "SYSTEM.md"), "You are a pirate.\n");
		writeFileSync(join(home, "SYSTEM.md"), "never used: the project's comes first\n");
		writeFileSync(join(home, "APPEND_SYSTEM.md"), "Always say arr.\n");
		writeFileSync(join(cwd, "AGENTS.md"), "Use tabs.\n");
		const run = await fx.cli(["-p", "--trust-project", ...model(server.url), "--verbose", "hello"]);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain("arbor: system prompt from .arbor/SYSTEM.md\n");
		expect(run.stderr).toContain(`arbor: system prompt from ${join(home, "APPEND_SYSTEM.md")}\n`);
		const system = systemOf(server.requests[0]!.body);
		expect(system.startsWith("You are a pirate.\n\nAlways say arr.\n\n# Project instructions")).toBe(true);
		expect(system).toContain(`## ${join(cwd, "AGENTS.md")}\n\nUse tabs.`);
		expect(system).toMatch(/\n\nCurrent working directory: .+\nToday's date: \d{4}-\d{2}-\d{2}$/);
		expect(system).not.toContain("You are arbor");
		expect(system).not.toContain("never used");

		// The flags win over the files: a text, and a file named relative to the working directory.
		writeFileSync(join(cwd, "extra.md"), "Extra rule from a file.\n");
		const flags = await fx.cli(["-p", "--trust-project", ...model(server.url), "--system-prompt", "You are terse.", "--append-system-prompt", "extra.md", "--append-system-prompt", "Second.", "hi"]);
		expect(flags.code).toBe(0);
		const second = systemOf(server.requests[1]!.body);
		expect(second.startsWith("You are terse.\n\nExtra rule from a file.\n\nSecond.\n\n# Project instructions")).toBe(true);
		expect(second).not.toContain("pirate");
	});

	it.runIf(process.platform === "linux")("a SYSTEM.md that cannot be read is exit 2 naming it, before anything is sent", async () => {
		const server = await fx.serve([textReply("never")]);
		const { cwd } = fx;
		mkdirSync(join(cwd, ".arbor"), { recursive: true });
		symlinkSync("/proc/self/mem", join(cwd, ".arbor", "SYSTEM.md"));
		const run = await fx.cli(["-p", "--trust-project", ...model(server.url), "hello"]);
		expect(run.code).toBe(2);
		expect(run.stderr).toBe(`arbor: ${join(cwd, ".arbor", "SYSTEM.md")}: cannot read it: input/output error (EIO)\n`);
		expect(server.requests).toHaveLength(0);
	});
});
