import { describe, expect, it } from "vitest";
import { submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** Ink's clearTerminal: erase the screen and the scrollback, what it does when its frame is taller than the terminal. */
const CLEAR_SCROLLBACK = "\u001b[3J";

describe("a paste taller than the terminal (virtual terminal, 80×24)", () => {
	it("the editor shows a window around the cursor, the status line stays, the screen and its scrollback are never cleared, and the message is sent whole", async () => {
		({ dir: fx.dir } = tempPlace("big-paste"));
		fx.server = await startSseServer([textReply("First reply."), textReply("Got the paste.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home: `${fx.dir}/home`, cols: 80, rows: 24 });
		const t = fx.tmux;
		await t.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(t, "hello");
		await t.waitForScreen((s) => s.includes("First reply.") && !s.includes("Working"), "first reply");
		const before = t.terminal.written.length;
		// 100 KB on one line (a minified file), then a 300-line log: ~1,100 rows at 78 columns.
		const long = `${"word ".repeat(20_000)}END`;
		const log = Array.from({ length: 300 }, (_, i) => `2026-11-26 INFO request ${i} handled`).join("\n");
		t.paste(`${long}\n${log}`);
		const pasted = await t.waitForScreen((s) => s.includes("request 299 handled") && s.includes("more rows above"), "the paste's end, rows above counted");
		const rows = pasted.trimEnd().split("\n");
		expect(rows.length).toBeLessThanOrEqual(24);
		expect(rows.at(-1)).toMatch(/^compat:test-model · /);
		expect(pasted).toMatch(/… \d+ more rows above/);
		t.type("!");
		await t.waitForScreen((s) => s.includes("request 299 handled!"), "a key typed after the paste");
		// Up a line: the window follows the cursor into the log.
		t.send("Up", "Up");
		await t.waitForScreen((s) => /request 297 handled/.test(s) && s.includes("more rows below") === false, "still in the window");
		expect(t.terminal.written.slice(before)).not.toContain(CLEAR_SCROLLBACK);
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Got the paste.") && !s.includes("Working"), "the reply");
		const sent = fx.server.requests[1]!.body.messages.at(-1).content;
		const text = typeof sent === "string" ? sent : sent.map((p: { text: string }) => p.text).join("");
		expect(text).toBe(`${long}\n${log}!`);
		expect(t.terminal.written.slice(before)).not.toContain(CLEAR_SCROLLBACK);
	}, 60_000);
});
