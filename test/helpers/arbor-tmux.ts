import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeRows } from "../../source/tree/build.js";
import type { TreeFilter, TreeRow } from "../../source/tree/types.js";
import { builtCli } from "./cli.js";
import { FIXTURES_DIR } from "./shared.js";
import type { SseServer } from "./sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "./tmux.js";
import { TYPE_AHEAD_NOTE } from "../../source/ui/input/type-ahead.js";

export { CLI, builtCli } from "./cli.js";

/** A temp project folder with an arbor home inside it. */
export function tempPlace(prefix: string): { dir: string; home: string } {
	const dir = mkdtempSync(join(tmpdir(), `arbor-e2e-${prefix}-`));
	return { dir, home: join(dir, "home") };
}

/** Copies the pi tree fixture into `dir`; returns its path. */
export function copyTreeFixture(dir: string): string {
	const file = join(dir, "pi-tree-session.jsonl");
	copyFileSync(join(FIXTURES_DIR, "pi-tree-session.jsonl"), file);
	return file;
}

/**
 * Runs the built arbor in a 120×40 tmux session: cwd and ARBOR_HOME given, ARBOR_MODEL unset,
 * colours off, `env` added.
 */
export function startArbor(opts: { args: string[]; cwd: string; home: string; env?: Record<string, string> }): TmuxSession {
	const command = `env -u ARBOR_MODEL -u ARBOR_BASE_URL node ${[builtCli(), ...opts.args].map(shellQuote).join(" ")}`;
	return startTmux({ command, cwd: opts.cwd, cols: 120, rows: 40, env: { ARBOR_HOME: opts.home, NO_COLOR: "1", ...opts.env } });
}

/** Types a line into the editor, waits until it shows, then presses Enter (a separate write: no paste). */
export async function submitLine(t: TmuxSession, text: string): Promise<void> {
	t.type(text);
	await t.waitForScreen((s) => s.includes(`› ${text}`), `typed ${text}`);
	t.send("Enter");
}

/**
 * Waits until `text` (a reply's) is on screen and the turn has ended: the reply shows before the
 * turn's end (usage, the write, "Finishing…" while its file state is saved), and Shift+Tab is
 * refused until then (a command typed then waits for the end).
 */
export async function waitForReply(t: TmuxSession, text: string): Promise<string> {
	return t.waitForScreen((s) => s.includes(text) && !s.includes("Working…") && !s.includes("Finishing…"), `${text}, the turn ended`);
}

/**
 * Waits for a tool's confirmation that `shows` and takes keys (a question that appears while the
 * user types leaves keys to the editor until the typing pauses: TYPE_AHEAD_NOTE), then presses `key`.
 */
export async function answerConfirmation(t: TmuxSession, shows: (screen: string) => boolean, key: string, what = "confirmation"): Promise<string> {
	const screen = await t.waitForScreen((s) => shows(s) && s.includes("Yes (y)") && !s.includes(TYPE_AHEAD_NOTE), `${what}, taking keys`);
	t.send(key);
	return screen;
}

/** Clears the editor and quits with /quit; waits for exit code 0. */
export async function quit(t: TmuxSession): Promise<void> {
	t.send("C-u");
	await t.waitForScreen((s) => /›\n/.test(s), "empty editor");
	await submitLine(t, "/quit");
	await t.waitForScreen((s) => s.includes("[exit 0]"), "exit 0");
}

/** Rows of the session's tree as /tree builds them, with the leaf's index. */
export function treeRows(file: string, filter: TreeFilter): { rows: TreeRow[]; leafIndex: number; leafId: string | null } {
	const store = SessionStore.open(file);
	try {
		const view = store.snapshot();
		const rows = buildTreeRows(view, { filter });
		return { rows, leafIndex: rows.findIndex((r) => r.isLeaf || r.leafBelow), leafId: view.leafId };
	} finally {
		store.close();
	}
}

/** The parsed JSON lines of a session file. */
export function fileEntries(file: string): any[] {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((l) => l.trim() !== "")
		.map((l) => JSON.parse(l));
}

/** All the text of a chat-completions request's messages, joined (string or parts content). */
export function requestText(body: any): string {
	return (body?.messages ?? [])
		.map((m: any) => (typeof m.content === "string" ? m.content : (m.content ?? []).map((p: any) => p.text ?? "").join("\n")))
		.join("\n");
}

/** Resizes the tmux window (the program gets SIGWINCH, as when a user resizes the terminal). */
export function resizeTmux(t: TmuxSession, cols: number, rows: number): void {
	execFileSync("tmux", ["-L", t.name, "resize-window", "-t", t.name, "-x", String(cols), "-y", String(rows)]);
}

/** What one end-to-end test starts; `cleanUp` stops and removes all of it. */
export type E2eResources = { tmux?: TmuxSession; server?: SseServer; dir?: string };

/** Kills the tmux session, closes the fake server and removes the temp folder, whichever exist. */
export async function cleanUp(r: E2eResources): Promise<void> {
	// Awaited: the next test starts only after this one's app has ended (one process, one app).
	await r.tmux?.kill();
	await r.server?.close();
	if (r.dir) rmSync(r.dir, { recursive: true, force: true });
}

/**
 * One test's resources as a fixture that cleans itself up: `const fx = useArborRun<ArborTerminal>()`
 * at the top of a test file registers an afterEach that kills `fx.tmux`, closes `fx.server` and
 * removes `fx.dir` (whichever the test set), then empties the fixture for the next test.
 */
export function useArborRun<T extends TmuxSession = TmuxSession>(): { tmux?: T; server?: SseServer; dir?: string } {
	const fx: { tmux?: T; server?: SseServer; dir?: string } = {};
	afterEach(async () => {
		const { tmux, server, dir } = fx;
		[fx.tmux, fx.server, fx.dir] = [undefined, undefined, undefined];
		await cleanUp({ tmux, server, dir });
	});
	return fx;
}
