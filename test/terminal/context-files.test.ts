import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

describe("project instructions in the interactive chat (virtual terminal)", () => {
	it("names AGENTS.md at start-up and in /session, and sends it with every turn", async () => {
		({ dir } = tempPlace("agents"));
		writeFileSync(join(dir, "AGENTS.md"), "Always answer in haiku\n");
		server = await startSseServer([textReply("Silent pond replies"), textReply("Frog leaps in")]);
		tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url], cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("instructions: AGENTS.md"), "start-up names the file");
		await submitLine(tmux, "first");
		await tmux.waitForScreen((s) => s.includes("Silent pond replies"), "first reply");
		await submitLine(tmux, "second");
		await tmux.waitForScreen((s) => s.includes("Frog leaps in"), "second reply");
		for (const request of server.requests) {
			const system = request.body.messages.find((m: { role: string }) => m.role === "system")?.content ?? "";
			expect(system).toContain(`## ${join(dir, "AGENTS.md")}\n\nAlways answer in haiku`);
		}
		expect(server.requests).toHaveLength(2);
		await submitLine(tmux, "/session");
		// The facts line wraps at 120 columns: read it without the line breaks.
		await tmux.waitForScreen((s) => / · instructions: AGENTS\.md/.test(s.replace(/\n/g, " ")), "/session lists it");
		await quit(tmux);
	}, 60_000);

	it("--no-context-files sends none and names none", async () => {
		({ dir } = tempPlace("agents"));
		writeFileSync(join(dir, "AGENTS.md"), "Always answer in haiku\n");
		server = await startSseServer([textReply("Plain reply")]);
		tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url, "--no-context-files"], cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		await submitLine(tmux, "hi");
		const screen = await tmux.waitForScreen((s) => s.includes("Plain reply"), "reply");
		expect(screen).not.toContain("instructions:");
		expect(JSON.stringify(server.requests[0]!.body.messages)).not.toContain("haiku");
		await quit(tmux);
	}, 60_000);
});
