import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyTreeFixture, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

const t0 = Date.parse("2026-01-01T00:00:00.000Z");
const stamp = (i: number) => new Date(t0 + i * 1000).toISOString();
const usage = (input: number) => ({ input, output: 100, cacheRead: 0, cacheWrite: 0, totalTokens: input + 100, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });

/** u1 (100k chars) → a1 → u2 (90k chars) → a2, whose provider usage counted 69k tokens. */
function bigSession(file: string): void {
	const msg = (id: string, parentId: string | null, i: number, message: object) =>
		JSON.stringify({ type: "message", id, parentId, timestamp: stamp(i), message: { ...message, timestamp: t0 + i * 1000 } });
	const assistant = (text: string, input: number) => ({
		role: "assistant", content: [{ type: "text", text }], provider: "compat", model: "test-model", api: "openai-completions",
		usage: usage(input), stopReason: "stop",
	});
	const lines = [
		JSON.stringify({ type: "session", version: 3, id: "5e5510f1-0000-4000-8000-000000000000", timestamp: stamp(0), cwd: "/tmp" }),
		msg("u0000001", null, 1, { role: "user", content: [{ type: "text", text: "old ".repeat(25_000) }] }),
		msg("a0000001", "u0000001", 2, assistant("Old answer.", 25_000)),
		msg("u0000002", "a0000001", 3, { role: "user", content: [{ type: "text", text: "new ".repeat(22_500) }] }),
		msg("a0000002", "u0000002", 4, assistant("New answer.", 68_900)),
	];
	writeFileSync(file, `${lines.join("\n")}\n`);
}

describe("the status line in the virtual terminal", () => {
	it("shows the context of the current path: after /compact it drops from the last reply's 69k", async () => {
		({ dir: fx.dir } = tempPlace("status"));
		const file = join(fx.dir, "big.jsonl");
		bigSession(file);
		fx.server = await startSseServer([textReply("The user asked old things.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url, "--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("69k/? tokens · leaf a0000002"), "69k before");
		await submitLine(fx.tmux, "/compact");
		const after = await fx.tmux.waitForScreen((s) => !s.includes("Compacting") && !s.includes("69k/? tokens") && /k\/\? tokens · leaf/.test(s), "compacted");
		// The summary plus the kept 90k characters: about 22.5k tokens by estimate.
		expect(after).toMatch(/ 2[23]k\/\? tokens · leaf /);
		await quit(fx.tmux);
	}, 60_000);

	it("the Ctrl+C hint expires; /bogus keeps the editor text; the last frame after /quit has no slash menu", async () => {
		({ dir: fx.dir } = tempPlace("status"));
		fx.tmux = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		fx.tmux.send("C-c");
		await fx.tmux.waitForScreen((s) => s.includes("Press Ctrl+C again to quit"), "hint");
		await fx.tmux.waitForScreen((s) => !s.includes("Press Ctrl+C again to quit"), "hint gone", 5_000);
		await submitLine(fx.tmux, "/bogus some args");
		const bogus = await fx.tmux.waitForScreen((s) => s.includes("Unknown command /bogus"), "unknown");
		expect(bogus).toContain("› /bogus some args\n");
		await quit(fx.tmux);
		const last = fx.tmux.capture();
		expect(last).not.toContain("leave arbor");
		expect(last).not.toContain("› /quit");
	}, 60_000);

	it("without a model it suggests the session's model; damaged lines (orphans too) are counted and /session lists them", async () => {
		({ dir: fx.dir } = tempPlace("status"));
		const file = copyTreeFixture(fx.dir);
		const lines = readFileSync(file, "utf8").split("\n");
		const orphan = '{"type":"message","id":"0rphan01","parentId":"nowhere1","timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"lost","timestamp":1}}';
		lines.splice(5, 0, "not json at all", orphan);
		writeFileSync(file, lines.join("\n"));
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		const status = await fx.tmux.waitForScreen((s) => s.includes("damaged"), "status line");
		expect(status).toContain("no model — try -m ollama:llama3.2 (this session's) · Demo 1 · ");
		expect(status).toContain(" · 2 damaged lines, see /session");
		await submitLine(fx.tmux, "hello");
		const sent = await fx.tmux.waitForScreen((s) => /\nno model.*-m ollama:llama3\.2.*\n/.test(s.split("› hello")[1] ?? ""), "hint when sending");
		expect(sent.split("ollama:llama3.2").length).toBeLessThanOrEqual(4);
		fx.tmux.send("C-u");
		await submitLine(fx.tmux, "/session");
		const facts = await fx.tmux.waitForScreen((s) => s.includes("damaged: "), "facts");
		// Ink wraps the long line at spaces: compare without whitespace.
		const flat = facts.replace(/\s+/g, "");
		expect(flat).toContain("damaged:line6:notvalidJSON,skipped;line7:entry0rphan01:parentnowhere1notfound,shownasaroot");
		await quit(fx.tmux);
	}, 60_000);
});
