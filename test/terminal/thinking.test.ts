import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("thinking level in the interactive chat (virtual terminal)", () => {
	it("Shift+Tab cycles the level in the status line, /thinking sets it, the next request asks for it", async () => {
		({ dir: fx.dir } = tempPlace("thinking"));
		fx.server = await startSseServer([textReply("Pondered reply")]);
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: fx.server.url, models: [{ id: "r1", contextWindow: 8000, reasoning: true }, { id: "r2", contextWindow: 16000 }] } } }));
		fx.tmux = startArbor({ args: ["-m", "local:r1"], cwd: fx.dir, home });
		// A reasoning model starts at medium, as pi's does.
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking medium · 0/8.0k tokens (0%)"), "status line with the level");
		// Two Shift+Tab in one write: medium → high → off.
		fx.tmux.send("BTab", "BTab");
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking off ·"), "two steps");
		await submitLine(fx.tmux, "/thinking high");
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking high ·"), "/thinking high");
		await submitLine(fx.tmux, "/thinking max");
		await fx.tmux.waitForScreen((s) => s.includes('Unknown thinking level "max"'), "bad level");
		await submitLine(fx.tmux, "why?");
		await fx.tmux.waitForScreen((s) => s.includes("Pondered reply"), "reply");
		expect(fx.server.requests[0]!.body.reasoning_effort).toBe("high");
		// /model writes pi's model_change; r2 does not think, so the level leaves the status line.
		await submitLine(fx.tmux, "/model local:r2");
		await fx.tmux.waitForScreen((s) => /local:r2 · [\d.]+k?\/16k tokens/.test(s), "switched");
		await quit(fx.tmux);
		const [file] = sessionFiles(home);
		const levels = fileEntries(file!).filter((e) => e.type === "thinking_level_change").map((e) => e.thinkingLevel);
		expect(levels).toEqual(["medium", "high", "off", "high"]);
		expect(fileEntries(file!).at(-1)).toMatchObject({ type: "model_change", provider: "local", modelId: "r2" });
	}, 60_000);

	it("a model not marked reasoning says so on Shift+Tab and shows no level", async () => {
		({ dir: fx.dir } = tempPlace("thinking"));
		fx.server = await startSseServer([]);
		fx.tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
		const screen = await fx.tmux.waitForScreen((s) => s.includes("compat:plain · 0/? tokens · empty"), "status line");
		expect(screen).not.toContain("thinking");
		fx.tmux.send("BTab");
		await fx.tmux.waitForScreen((s) => s.includes('compat:plain is not marked as a reasoning model (declare "reasoning": true for it in models.json)'), "refused");
		await quit(fx.tmux);
	}, 60_000);
});
