import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, startArbor, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import type { TmuxSession } from "../helpers/tmux.js";

let tmux: TmuxSession | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

/**
 * The real terminal's smoke for models.json, the /model picker, the status line and Shift+Tab (the
 * virtual terminal's tests in test/terminal/ cover the screens in detail).
 */
describe("models, thinking and the status line in tmux", () => {
	it("Shift+Tab (sent as a real key) sets the level; /tree restores the path's level; the /model picker switches", async () => {
		({ dir } = tempPlace("models"));
		server = await startSseServer([textReply("first answer"), textReply("second answer"), textReply("third answer")]);
		const home = join(dir, "home");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: server.url, models: [{ id: "r1", contextWindow: 32_000, reasoning: true, cost: { input: 1000, output: 1000 } }, { id: "r2", contextWindow: 16_000 }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		tmux = startArbor({ args: ["-m", "local:r1"], cwd: dir, home });
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking off · 0/32k tokens (0%) · empty"), "status line");
		await submitLine(tmux, "first question");
		await tmux.waitForScreen((s) => s.includes("first answer"), "first answer");
		tmux.send("BTab");
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking minimal ·"), "Shift+Tab");
		await submitLine(tmux, "second question");
		// The cost: $1000 per million tokens of the server's usage (12 in + the words out).
		const answered = await tmux.waitForScreen((s) => s.includes("second answer") && /· \$0\.0\d\d$/m.test(s), "second answer and the cost");
		expect(answered).toMatch(/local:r1 · thinking minimal · [\d.]+k?\/32k tokens \(\d+%\) · leaf [0-9a-f]{8} · \$0\.0\d\d/);
		expect(server.requests[1]!.body.reasoning_effort).toBe("minimal");
		// /tree to the first question: the leaf goes back before the level changed.
		tmux.send("Escape", "Escape");
		await tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
		tmux.send("Home");
		await tmux.waitForScreen((s) => /› .*first question/.test(s), "first question selected");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "the summary question");
		tmux.send("Enter"); // No summary
		await tmux.waitForScreen((s) => s.includes("local:r1 · thinking off ·") && !s.includes("Session tree"), "the path's level again");
		tmux.send("C-u");
		await submitLine(tmux, "/model");
		await tmux.waitForScreen((s) => s.includes("Switch model for the next turn") && s.includes("● local:r1"), "picker");
		tmux.type("r2");
		await tmux.waitForScreen((s) => s.includes("Search: r2"), "searched");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => /Model: local:r2\nlocal:r2 · [\d.]+k?\/16k tokens/.test(s), "switched, no level for a model that does not think");
		await quit(tmux);
	}, 90_000);
});
