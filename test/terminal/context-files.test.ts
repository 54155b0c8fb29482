import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { trustProject } from "../../source/config/trust.js";

const fx = useArborRun<ArborTerminal>();

describe("project instructions in the interactive chat (virtual terminal)", () => {
	it("names AGENTS.md at start-up and in /session, and sends it with every turn", async () => {
		({ dir: fx.dir } = tempPlace("agents"));
		writeFileSync(join(fx.dir, "AGENTS.md"), "Always answer in haiku\n");
		fx.server = await startSseServer([textReply("Silent pond replies"), textReply("Frog leaps in")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("instructions: AGENTS.md"), "start-up names the file");
		await submitLine(fx.tmux, "first");
		await fx.tmux.waitForScreen((s) => s.includes("Silent pond replies"), "first reply");
		await submitLine(fx.tmux, "second");
		await fx.tmux.waitForScreen((s) => s.includes("Frog leaps in"), "second reply");
		for (const request of fx.server.requests) {
			const system = request.body.messages.find((m: { role: string }) => m.role === "system")?.content ?? "";
			expect(system).toContain(`## ${join(fx.dir, "AGENTS.md")}\n\nAlways answer in haiku`);
		}
		expect(fx.server.requests).toHaveLength(2);
		await submitLine(fx.tmux, "/session");
		// The facts line wraps at 120 columns: read it without the line breaks.
		await fx.tmux.waitForScreen((s) => / · instructions: AGENTS\.md/.test(s.replace(/\n/g, " ")), "/session lists it");
		await quit(fx.tmux);
	}, 60_000);

	it("--no-context-files sends none and names none", async () => {
		({ dir: fx.dir } = tempPlace("agents"));
		writeFileSync(join(fx.dir, "AGENTS.md"), "Always answer in haiku\n");
		fx.server = await startSseServer([textReply("Plain reply")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url, "--no-context-files"], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		await submitLine(fx.tmux, "hi");
		const screen = await fx.tmux.waitForScreen((s) => s.includes("Plain reply"), "reply");
		expect(screen).not.toContain("instructions:");
		expect(JSON.stringify(fx.server.requests[0]!.body.messages)).not.toContain("haiku");
		await quit(fx.tmux);
	}, 60_000);

	it("names the project's SYSTEM.md at start-up and sends it instead of arbor's prompt, AGENTS.md after it", async () => {
		({ dir: fx.dir } = tempPlace("agents"));
		mkdirSync(join(fx.dir, ".arbor"));
		writeFileSync(join(fx.dir, ".arbor", "SYSTEM.md"), "You are a pirate.\n");
		writeFileSync(join(fx.dir, "AGENTS.md"), "Always answer in haiku\n");
		fx.server = await startSseServer([textReply("Arr")]);
		trustProject({ cwd: fx.dir, home: join(fx.dir, "home") });
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("instructions: AGENTS.md · system prompt: .arbor/SYSTEM.md"), "start-up names both");
		await submitLine(fx.tmux, "hi");
		await fx.tmux.waitForScreen((s) => s.includes("Arr"), "reply");
		const system = fx.server.requests[0]!.body.messages.find((m: { role: string }) => m.role === "system")?.content ?? "";
		expect(system.startsWith("You are a pirate.\n\n# Project instructions")).toBe(true);
		await quit(fx.tmux);
	}, 60_000);

	it("names the project's .arbor/settings.json at start-up; its model wins over the user's", async () => {
		({ dir: fx.dir } = tempPlace("agents"));
		fx.server = await startSseServer([textReply("Project model here")]);
		const home = join(fx.dir, "home");
		mkdirSync(home);
		writeFileSync(join(home, "settings.json"), JSON.stringify({ model: "compat:user-model", baseUrl: fx.server.url }));
		mkdirSync(join(fx.dir, ".arbor"));
		writeFileSync(join(fx.dir, ".arbor", "settings.json"), JSON.stringify({ model: "compat:project-model" }));
		trustProject({ cwd: fx.dir, home });
		fx.tmux = startArbor({ args: [], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("settings: .arbor/settings.json"), "start-up names the file");
		await submitLine(fx.tmux, "hi");
		await fx.tmux.waitForScreen((s) => s.includes("Project model here"), "reply");
		expect(fx.server.requests[0]!.body.model).toBe("project-model");
		await quit(fx.tmux);
	}, 60_000);
});
