import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, startArbor, submitLine, tempPlace, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun();

/**
 * The real terminal's smoke for models.json, the /model picker, the status line and Shift+Tab (the
 * virtual terminal's tests in test/terminal/ cover the screens in detail).
 */
describe("models, thinking and the status line in tmux", () => {
	it("Shift+Tab (sent as a real key) sets the level; /tree restores the path's level; the /model picker switches", async () => {
		({ dir: fx.dir } = tempPlace("models"));
		fx.server = await startSseServer([textReply("first answer"), textReply("second answer"), textReply("third answer")]);
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: fx.server.url, models: [{ id: "r1", contextWindow: 32_000, reasoning: true, cost: { input: 1000, output: 1000 } }, { id: "r2", contextWindow: 16_000 }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		fx.tmux = startArbor({ args: ["-m", "local:r1"], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking medium · 0/32k tokens (0%) · empty"), "status line"); // a reasoning model starts at medium, as pi's does
		await submitLine(fx.tmux, "first question");
		await waitForReply(fx.tmux, "first answer");
		fx.tmux.send("BTab");
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking high ·"), "Shift+Tab");
		await submitLine(fx.tmux, "second question");
		// The cost: $1000 per million tokens of the server's usage (12 in + the words out).
		const answered = await fx.tmux.waitForScreen((s) => s.includes("second answer") && /· \$0\.0\d\d$/m.test(s) && !s.includes("Working…"), "second answer and the cost");
		expect(answered).toMatch(/local:r1 · thinking high · [\d.]+k?\/32k tokens \(\d+%\) · leaf [0-9a-f]{8} · \$0\.0\d\d/);
		expect(fx.server.requests[1]!.body.reasoning_effort).toBe("high");
		// /tree to the first question: the leaf goes back before the level changed.
		fx.tmux.send("Escape", "Escape");
		await fx.tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
		fx.tmux.send("Home");
		await fx.tmux.waitForScreen((s) => /› .*first question/.test(s), "first question selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "the summary question");
		fx.tmux.send("Enter"); // No summary
		await fx.tmux.waitForScreen((s) => s.includes("local:r1 · thinking medium ·") && !s.includes("Session tree"), "the path's level again");
		fx.tmux.send("C-u");
		await submitLine(fx.tmux, "/model");
		await fx.tmux.waitForScreen((s) => s.includes("Switch model for the next turn") && s.includes("● local:r1"), "picker");
		fx.tmux.type("r2");
		await fx.tmux.waitForScreen((s) => s.includes("Search: r2"), "searched");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => /Model: local:r2\nlocal:r2 · [\d.]+k?\/16k tokens/.test(s), "switched, no level for a model that does not think");
		await quit(fx.tmux);
	}, 90_000);
});
