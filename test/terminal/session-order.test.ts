/**
 * "Most recent" is the session last worked in: after /fork (whose copied entries keep their old
 * times) `arbor -c` continues the fork, and a session merely opened in the UI moves to the top.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionDirFor } from "../../source/session/paths.js";
import { runCli } from "../helpers/cli.js";
import { fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

// Moved from test/e2e/tmux-session-order.test.ts: the order is the session files', no real terminal needed.
const fx = useArborRun<ArborTerminal>();

/** A session of two turns in `sessions`, its entries stamped a second apart on `day` (2026-MM-DD). */
function session(sessions: string, id: string, text: string, day: string): string {
	const file = join(sessions, `${day}T09-00-00-000Z_${id}.jsonl`);
	const at = (s: number) => `${day}T09:00:0${s}.000Z`;
	const p = id.slice(0, 6);
	const turn = (n: number, parentId: string | null, question: string) => [
		{ type: "message", id: `${p}u${n}`, parentId, timestamp: at(2 * n - 1), message: { role: "user", content: question, timestamp: 1 } },
		{
			type: "message", id: `${p}a${n}`, parentId: `${p}u${n}`, timestamp: at(2 * n),
			message: { role: "assistant", content: [{ type: "text", text: `answer to ${question}` }], stopReason: "stop", timestamp: 2 },
		},
	];
	const lines = [{ type: "session", version: 3, id, timestamp: at(0), cwd: "/w" }, ...turn(1, null, `${text} one`), ...turn(2, `${p}a1`, `${text} two`)];
	writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
	return file;
}

function setUp() {
	const place = tempPlace("order");
	fx.dir = place.dir;
	const sessions = sessionDirFor(place.dir, place.home);
	mkdirSync(sessions, { recursive: true });
	const older = session(sessions, "aaaa1111-0000-4000-8000-000000000000", "older work", "2026-02-01");
	const recent = session(sessions, "bbbb2222-0000-4000-8000-000000000000", "recent work", "2026-05-01");
	return { ...place, sessions, older, recent };
}

async function listed(cwd: string, home: string): Promise<string[]> {
	const run = await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } });
	expect([run.code, run.stderr]).toEqual([0, ""]);
	return JSON.parse(run.stdout).map((s: { file: string }) => s.file);
}

describe("the most recent session (virtual terminal)", () => {
	it("after /fork (the copy keeps the old entries' times), arbor sessions lists the fork first and -c continues it", async () => {
		const s = setUp();
		expect(await listed(s.dir, s.home)).toEqual([s.recent, s.older]);
		fx.tmux = startArbor({ args: ["-c"], cwd: s.dir, home: s.home });
		await fx.tmux.waitForScreen((x) => x.includes("leaf bbbb22a2"), "status line");
		await submitLine(fx.tmux, "/fork");
		// The transcript shows "› recent work two" too (nothing clears it now): wait for the picker's title.
		await fx.tmux.waitForScreen((x) => x.includes("Fork from a user message") && x.includes("› recent work two\n"), "fork picker");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Forked into"), "forked");
		await quit(fx.tmux);
		const order = await listed(s.dir, s.home);
		expect(order).toHaveLength(3);
		const fork = order[0]!;
		expect(fileEntries(fork)[0]).toMatchObject({ type: "session", parentSession: s.recent });
		expect(order.slice(1)).toEqual([s.recent, s.older]);
		const context = await runCli(["context", "-c"], { cwd: s.dir, env: { ARBOR_HOME: s.home } });
		expect(context.stdout).toContain("leaf: bbbb22a1");
	}, 60_000);

	it("a session switched to with /resume is the most recent afterwards", async () => {
		const s = setUp();
		fx.tmux = startArbor({ args: ["-c"], cwd: s.dir, home: s.home });
		await fx.tmux.waitForScreen((x) => x.includes("leaf bbbb22a2"), "status line");
		await submitLine(fx.tmux, "/resume");
		await fx.tmux.waitForScreen((x) => x.includes("Resume a session") && /›.*recent work one/.test(x), "picker");
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => /›.*older work one/.test(x), "older selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("leaf aaaa11a2"), "resumed");
		await quit(fx.tmux);
		expect(await listed(s.dir, s.home)).toEqual([s.older, s.recent]);
		expect(fileEntries(s.older)).toHaveLength(5);
	}, 60_000);

	it("a session opened with -s and left without a message is the most recent afterwards", async () => {
		const s = setUp();
		fx.tmux = startArbor({ args: ["-s", s.older], cwd: s.dir, home: s.home });
		await fx.tmux.waitForScreen((x) => x.includes("leaf aaaa11a2"), "status line");
		await quit(fx.tmux);
		expect(await listed(s.dir, s.home)).toEqual([s.older, s.recent]);
		// Nothing was written to the session itself.
		expect(fileEntries(s.older)).toHaveLength(5);
	}, 60_000);
});
