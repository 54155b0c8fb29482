import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { place } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

/** A models.json declaring the test server as provider `local` with one model of `window` tokens. */
function declare(home: string, url: string, window: number): void {
	mkdirSync(home, { recursive: true });
	const models = { providers: { local: { baseUrl: url, api: "openai-completions", apiKey: "LOCAL_KEY", models: [{ id: "small", contextWindow: window }] } } };
	writeFileSync(join(home, "models.json"), JSON.stringify(models));
}

/** Tokens a request sent, counted as a server would (chars / 4 of every message, the system prompt too). */
const sentTokens = (body: any): number => Math.ceil(body.messages.map((m: { content: unknown }) => JSON.stringify(m.content)).join("").length / 4);

describe("automatic compaction scales to a small model's window", () => {
	it.each([8_192, 32_768])("a %d-token window: over many turns it compacts, and every request fits with room to spare", async (window) => {
		// Chat requests stream; the compaction's summary call does not.
		// The server reports the prompt's real size, as a local server does.
		const usage = (body: any) => ({ usage: { prompt: sentTokens(body), completion: 2 } });
		const server = await fx.serve((body) => (body.stream === true ? textReply("noted", usage(body)) : textReply("## Goal\nKeep going.", usage(body))));
		const { cwd, home } = place("arbor-small-window-");
		declare(home, server.url, window);
		const env = { ARBOR_HOME: home, LOCAL_KEY: "k" };
		// Each prompt is an eighth of the window: about eight turns fill it.
		const prompt = (turn: number): string => `turn ${turn} ${"word ".repeat(window / 10)}`;
		for (let turn = 1; turn <= 14; turn++) {
			const run = await runCli(["-p", ...(turn > 1 ? ["-c"] : []), "-m", "local:small", "--no-tools", prompt(turn)], { cwd, env });
			expect(run.code, run.stderr).toBe(0);
			expect(run.stderr).not.toContain("nothing older");
		}
		const chats = server.requests.filter((r) => r.body.stream === true);
		const summaries = server.requests.length - chats.length;
		const sizes = chats.map((r) => sentTokens(r.body));
		expect(summaries, `sizes ${sizes.join(", ")}`).toBeGreaterThanOrEqual(2);
		// Not every turn: a compaction leaves room for several more.
		expect(summaries).toBeLessThanOrEqual(5);
		// Every request fits the window with its reserve; the one after a compaction is at most half of it.
		for (const size of sizes) expect(size, `sizes ${sizes.join(", ")}`).toBeLessThan(window * 0.8);
		const afterCompaction = chats.filter((r) => JSON.stringify(r.body.messages).includes("Keep going.")).map((r) => sentTokens(r.body));
		expect(Math.min(...afterCompaction)).toBeLessThan(window / 2);
		// Fourteen CLI runs in a row: the limit is a hang guard, generous for a loaded machine (under a
		// load of 20 on 2 cores they took more than the default 60 s).
	}, 300_000);

	it("says on stderr when the window is full but there is nothing older to compact", async () => {
		const server = await fx.serve((body) => textReply("noted", { usage: { prompt: sentTokens(body), completion: 2 } }));
		const { cwd, home } = place("arbor-small-window-");
		declare(home, server.url, 8_192);
		const env = { ARBOR_HOME: home, LOCAL_KEY: "k" };
		expect((await runCli(["-p", "-m", "local:small", "--no-tools", "word ".repeat(9_000)], { cwd, env })).code).toBe(0);
		const second = await runCli(["-p", "-c", "-m", "local:small", "--no-tools", "and?"], { cwd, env });
		expect(second.code).toBe(0);
		expect(second.stderr).toMatch(/^arbor: context [\d,]+ tokens \(1\d\d % of the window\): nothing older to compact\n$/);
		expect(server.requests).toHaveLength(2);
	});
});
