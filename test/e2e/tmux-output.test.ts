import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../source/text/text-width.js";
import { builtCli, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { HOSTILE, HOSTILE_SHOWN, writeChatSession, writeHostileSession } from "../helpers/hostile.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";
import { waitFor } from "../helpers/wait-for.js";

const r = useArborRun();

const MARKER = "KEEP-THIS-LINE";
/** `const` drawn in magenta (highlight.js keyword). */
const KEYWORD = /\u001b\[[0-9;]*35m(\u001b\[[0-9;]*m)*const/;
const TITLE = "arbor-test-title";

/**
 * arbor in tmux after a marker line (a screen clear would erase it) with a known pane title.
 * `colour`: NO_COLOR=1 or no colour variables at all.
 */
function start(opts: { args: string[]; home: string; cwd: string; cols?: number; noColour: boolean }): TmuxSession {
	const colour = opts.noColour ? "-u FORCE_COLOR NO_COLOR=1" : "-u FORCE_COLOR -u NO_COLOR";
	const command = `echo ${MARKER}; env -u ARBOR_MODEL ${colour} ARBOR_HOME=${shellQuote(opts.home)} node ${[builtCli(), ...opts.args].map(shellQuote).join(" ")}`;
	const t = startTmux({ command, cwd: opts.cwd, cols: opts.cols ?? 120, rows: 40 });
	execFileSync("tmux", ["-L", t.name, "select-pane", "-t", t.name, "-T", TITLE]);
	return t;
}

const paneTitle = (t: TmuxSession) => execFileSync("tmux", ["-L", t.name, "display", "-p", "-t", t.name, "#{pane_title}"], { encoding: "utf8" }).trim();
const screenWithCodes = (t: TmuxSession) => execFileSync("tmux", ["-L", t.name, "capture-pane", "-e", "-p", "-t", t.name], { encoding: "utf8" });

/** SGR sequences that set a colour (tmux's own 39/49 resets do not count). */
function colourCodes(screen: string): string[] {
	return [...screen.matchAll(/\u001b\[([0-9;:]*)m/g)]
		.filter((m) => m[1]!.split(";").some((p) => /^(3[0-8]|4[0-8]|9[0-7]|10[0-7])(:|$)/.test(p)))
		.map((m) => m[0]);
}

async function send(t: TmuxSession, text: string): Promise<void> {
	t.type(text);
	await t.waitForScreen((s) => s.includes(`› ${text}`), `typed ${text}`);
	t.send("Enter");
}

describe("terminal output in tmux", () => {
	it("escape sequences in a session file and in a streamed reply change neither the title nor the screen", async () => {
		const { dir, home } = tempPlace("output");
		r.dir = dir;
		const file = writeHostileSession(home);
		writeFileSync(join(home, "settings.json"), JSON.stringify({ askSummary: false }));
		// Three-character deltas split every sequence across chunks.
		r.server = await startSseServer([textReply(HOSTILE.match(/[\s\S]{1,3}/g)!)]);
		const args = ["--session", file, "--model", "compat:test-model", "--base-url", r.server.url];
		const t = (r.tmux = start({ args, home, cwd: dir, noColour: true }));
		await t.waitForScreen((s) => s.includes(`reply ${HOSTILE_SHOWN}`) && s.includes("compat:test-model"), "replayed transcript");
		await send(t, "go");
		const screen = await t.waitForScreen((s) => s.split("\n").some((l) => l === HOSTILE_SHOWN), "streamed hostile reply");
		expect(screen).toContain(MARKER);
		expect(screen).not.toContain("PWNED");
		expect(paneTitle(t)).toBe(TITLE);
		t.type("/tree");
		await t.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		expect(tree).toContain(`[lab ${HOSTILE_SHOWN}] user: user ${HOSTILE_SHOWN}`);
		// /tree runs on the alternate screen: the shell's line is under it, checked after the move.
		expect(execFileSync("tmux", ["-L", t.name, "display-message", "-p", "-t", t.name, "#{alternate_on}"], { encoding: "utf8" }).trim()).toBe("1");
		expect(paneTitle(t)).toBe(TITLE);
		// Selecting the hostile user message puts its text in the editor: without the codes.
		t.send("Home");
		await t.waitForScreen((s) => s.includes("› • [lab"), "user row selected");
		t.send("Enter");
		const edited = await t.waitForScreen((s) => s.includes("Navigated to selected point"), "moved");
		expect(edited).toContain("› user t clear osc52 redRED dcs bell end");
		// Nothing clears the terminal, a move neither (the new path is printed below): the shell's line
		// before arbor is still in the pane's scrollback or on its screen.
		expect(execFileSync("tmux", ["-L", t.name, "capture-pane", "-p", "-S", "-", "-t", t.name], { encoding: "utf8" })).toContain(MARKER);
		expect(paneTitle(t)).toBe(TITLE);
	});

	it("NO_COLOR removes every colour code (inverse stays); without it replies and code are coloured", async () => {
		const { dir, home } = tempPlace("colour");
		r.dir = dir;
		// Held open: the streaming view shows the code until Esc, whatever the highlighter's load time.
		r.server = await startSseServer(() => textReply(["Here:\n\n", "```ts\n", "const n = 1;\n", "```\n"], { hold: true }));
		const args = ["--model", "compat:test-model", "--base-url", r.server.url];
		const screens: Record<string, string> = {};
		// Both runs side by side, each with its own tmux server and ARBOR_HOME.
		const sessions: TmuxSession[] = [];
		try {
			await Promise.all(
				[true, false].map(async (noColour) => {
					const t = start({ args, home: join(home, String(noColour)), cwd: dir, noColour });
					sessions.push(t);
					await t.waitForScreen((s) => s.includes("compat:test-model"), `status line (NO_COLOR ${noColour})`);
					await send(t, "code please");
					await t.waitForScreen((s) => s.includes("    const n = 1;"), `reply with code (NO_COLOR ${noColour})`);
					if (!noColour) await waitFor(() => KEYWORD.test(screenWithCodes(t)), { what: "highlighted code", timeoutMs: 20_000 });
					t.send("Escape");
					// The printed reply, and the editor and status line drawn under it (a frame may reach tmux in two writes).
					await t.waitForScreen((s) => /\(aborted\)[\s\S]*\n›[\s\S]*compat:test-model/.test(s), `reply printed (NO_COLOR ${noColour})`);
					screens[String(noColour)] = screenWithCodes(t);
				}),
			);
		} finally {
			for (const t of sessions) t.kill();
		}
		expect(colourCodes(screens.true!)).toEqual([]);
		expect(screens.true).toMatch(/\u001b\[(\d+;)*7m/); // the editor's cursor
		expect(colourCodes(screens.false!).length).toBeGreaterThan(0);
		// Highlighted in the printed reply too: `const` is a keyword (magenta).
		expect(screens.false).toMatch(KEYWORD);
	});

	it("CJK rows fit 60 columns: arbor tree does not wrap, /tree keeps ← active", async () => {
		const { dir, home } = tempPlace("cjk");
		r.dir = dir;
		const cjk = "漢字のテキストがとても長い行になります".repeat(4);
		const file = writeChatSession(join(dir, "cjk.jsonl"), { user: cjk, reply: `答え ${cjk}`, name: `名前 ${cjk}` });
		const printed = startTmux({ command: `node ${shellQuote(builtCli())} tree ${shellQuote(file)} --filter all`, cwd: dir, cols: 60, rows: 20, env: { NO_COLOR: "1" } });
		try {
			const out = await printed.waitForScreen((s) => s.includes("[exit 0]"), "arbor tree");
			const rows = out.split("\n").slice(0, out.split("\n").findIndex((l) => l.includes("entries)")));
			expect(rows.length).toBe(3);
			expect(rows.every((l) => displayWidth(l) <= 60)).toBe(true);
			// The name entry is bookkeeping: `← active` marks the reply it hangs from (the conversation leaf).
			expect(rows[1]).toMatch(/^ {2}• assistant: 答え .*… ← active$/);
			expect(rows[2]).toMatch(/^ {2}• \[name: 名前 .*…$/);
		} finally {
			printed.kill();
		}
		const t = (r.tmux = start({ args: ["--session", file], home, cwd: dir, cols: 60, noColour: true }));
		await t.waitForScreen((s) => s.includes("答え") && s.includes("no model"), "transcript and status line");
		t.type("/tree");
		await t.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		const leaf = tree.split("\n").find((l) => l.startsWith("› • assistant: 答え"))!;
		expect(leaf).toMatch(/… ← active$/);
		expect(displayWidth(leaf)).toBeLessThanOrEqual(60);
	});
});
