import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, fileEntries, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

describe("thinking level in the interactive chat (virtual terminal)", () => {
	it("Shift+Tab cycles the level in the status line, /thinking sets it, the next request asks for it", async () => {
		({ dir } = tempPlace("thinking"));
		server = await startSseServer([textReply("Pondered reply")]);
		const home = join(dir, "home");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: server.url, models: [{ id: "r1", contextWindow: 8000, reasoning: true }, { id: "r2", contextWindow: 16000 }] } } }));
		tmux = startArbor({ args: ["-m", "local:r1"], cwd: dir, home });
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking off · 0/8.0k tokens (0%)"), "status line with the level");
		// Two Shift+Tab in one write: off → minimal → low.
		tmux.send("BTab", "BTab");
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking low ·"), "two steps");
		await submitLine(tmux, "/thinking high");
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking high ·"), "/thinking high");
		await submitLine(tmux, "/thinking max");
		await tmux.waitForScreen((s) => s.includes('Unknown thinking level "max"'), "bad level");
		await submitLine(tmux, "why?");
		await tmux.waitForScreen((s) => s.includes("Pondered reply"), "reply");
		expect(server.requests[0]!.body.reasoning_effort).toBe("high");
		// /model writes pi's model_change; r2 does not think, so the level leaves the status line.
		await submitLine(tmux, "/model local:r2");
		await tmux.waitForScreen((s) => /local:r2 · [\d.]+k?\/16k tokens/.test(s), "switched");
		await quit(tmux);
		const [file] = sessionFiles(home);
		const levels = fileEntries(file!).filter((e) => e.type === "thinking_level_change").map((e) => e.thinkingLevel);
		expect(levels).toEqual(["minimal", "low", "high"]);
		expect(fileEntries(file!).at(-1)).toMatchObject({ type: "model_change", provider: "local", modelId: "r2" });
	}, 60_000);

	it("a model not marked reasoning says so on Shift+Tab and shows no level", async () => {
		({ dir } = tempPlace("thinking"));
		server = await startSseServer([]);
		tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", server.url], cwd: dir, home: join(dir, "home") });
		const screen = await tmux.waitForScreen((s) => s.includes("compat:plain · 0/? tokens · empty"), "status line");
		expect(screen).not.toContain("thinking");
		tmux.send("BTab");
		await tmux.waitForScreen((s) => s.includes('compat:plain is not marked as a reasoning model (declare "reasoning": true for it in models.json)'), "refused");
		await quit(tmux);
	}, 60_000);
});
