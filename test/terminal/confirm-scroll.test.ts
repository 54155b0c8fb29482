import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join("\n");
/** The edit replaces 60 lines by 60: a diff of 3 header lines, 60 `-` and 60 `+` lines. */
const edit = { path: "big.txt", oldText: lines("old", 60), newText: lines("new", 60) };
const DIFF_LINES = 123;

/** Header, position line and choices all on the screen at once. */
const framed = (s: string) => s.includes("Allow edit big.txt?") && s.includes("Yes (y)") && s.includes("Always (this session) (a)");

describe("a long confirmation scrolls inside itself (virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: header and choices stay on screen, ↓/PgDn/End/Home scroll with a position, y answers`, async () => {
			({ dir } = tempPlace("confirm-scroll"));
			writeFileSync(join(dir, "big.txt"), `${lines("old", 60)}\n`);
			server = await startSseServer([
				toolCallReply([{ id: "c1", name: "edit", args: edit }]),
				toolCallReply([{ id: "c2", name: "write", args: { path: "new.txt", content: lines("content", 90) } }]),
				textReply("edited it"),
			]);
			tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url], cwd: dir, home: join(dir, "home"), cols, rows });
			await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
			await submitLine(tmux, "change it");
			const first = await tmux.waitForScreen((s) => framed(s) && /lines 1–\d+ of 123/.test(s), "confirmation framed");
			const page = Number(/lines 1–(\d+) of/.exec(first)![1]);
			expect(page).toBeGreaterThanOrEqual(rows - 14);
			expect(first).toContain("-old 1");
			expect(first).not.toContain("+new 60");
			// Keys several per write: ↓ ↓ PgDn.
			tmux.send("Down", "Down", "NPage");
			const moved = await tmux.waitForScreen((s) => framed(s) && s.includes(`lines ${page + 3}–${2 * page + 2} of ${DIFF_LINES}`), "scrolled by 2 + a page");
			expect(moved).not.toContain("-old 1\n");
			tmux.send("End");
			const end = await tmux.waitForScreen((s) => framed(s) && s.includes(`–${DIFF_LINES} of ${DIFF_LINES}`), "at the end");
			expect(end).toContain("+new 60");
			tmux.send("Home", "Up");
			await tmux.waitForScreen((s) => framed(s) && s.includes(`lines 1–${page} of ${DIFF_LINES}`), "back at the top");
			tmux.send("y");
			// The next confirmation is answered at once, without scrolling: its choices are on the screen.
			const write = await tmux.waitForScreen((s) => s.includes("Allow write new.txt?") && s.includes("Yes (y)") && /lines 1–\d+ of 91/.test(s), "write confirmation");
			expect(write).not.toContain("content 90");
			tmux.send("n");
			await tmux.waitForScreen((s) => s.includes("edited it"), "turn went on");
			expect(existsSync(join(dir, "new.txt"))).toBe(false);
			expect(readFileSync(join(dir, "big.txt"), "utf8")).toBe(`${lines("new", 60)}\n`);
			await quit(tmux);
		}, 60_000);
	}
});
