import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanUp, copyTreeFixture, quit, resizeTmux, startArbor, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import type { TmuxSession } from "../helpers/tmux.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useArborRun();

/** Pastes `text` the way a terminal does: bracketed when the program asked for it (`-p`). */
function paste(t: TmuxSession, text: string): void {
	execFileSync("tmux", ["-L", t.name, "set-buffer", "-b", `${t.name}-buf`, "--", text]);
	execFileSync("tmux", ["-L", t.name, "paste-buffer", "-p", "-d", "-b", `${t.name}-buf`, "-t", t.name]);
}

function treeSession(settings: object = {}) {
	const place = tempPlace("input-tree");
	fx.dir = place.dir;
	mkdirSync(place.home, { recursive: true });
	writeFileSync(join(place.home, "settings.json"), JSON.stringify(settings));
	const file = copyTreeFixture(place.dir);
	fx.tmux = startArbor({ args: ["--session", file], cwd: place.dir, home: place.home });
	return { t: fx.tmux, file };
}

describe("keys arriving in one read (tmux)", () => {
	it("a bracketed paste is inserted literally and never sends, even split across reads", async () => {
		const { t } = treeSession();
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		t.type("draft ");
		await t.waitForScreen((s) => s.includes("› draft"), "draft");
		paste(t, "pasted one\npasted two\n");
		await t.waitForScreen((s) => s.includes("› draft pasted one\n  pasted two"), "multi-line paste");
		paste(t, "\n");
		t.type("\x1b[200~split");
		t.type("\r\x1b[20");
		t.type("1~typed-after");
		const screen = await t.waitForScreen((s) => s.includes("typed-after"), "split paste");
		expect(screen).toContain("› draft pasted one\n  pasted two\n\n  split\n  typed-after");
		expect(screen).not.toContain("no model configured");
		expect(screen).not.toContain("200~");
	});
});

describe("terminal hand-off (tmux)", () => {
	it("Ctrl+G edits the draft in $EDITOR and reads it back; without one it says how to set it", async () => {
		const place = tempPlace("input-editor");
		fx.dir = place.dir;
		const script = join(place.dir, "fake-editor.sh");
		writeFileSync(script, `#!/bin/sh\nprintf '%s edited in $EDITOR\\n' "$(cat "$1")" > "$1"\n`);
		chmodSync(script, 0o755);
		fx.tmux = startArbor({ args: [], cwd: place.dir, home: place.home, env: { EDITOR: script, VISUAL: "" } });
		await fx.tmux.waitForScreen((s) => s.includes("no model"), "started");
		fx.tmux.type("my draft");
		await fx.tmux.waitForScreen((s) => s.includes("› my draft"), "draft");
		fx.tmux.send("C-g");
		await fx.tmux.waitForScreen((s) => s.includes("› my draft edited in $EDITOR"), "edited draft");
		fx.tmux.send("C-d");
		fx.tmux.kill();
		fx.tmux = startArbor({ args: [], cwd: place.dir, home: place.home, env: { EDITOR: "", VISUAL: "" } });
		await fx.tmux.waitForScreen((s) => s.includes("no model"), "started");
		fx.tmux.send("C-g");
		await fx.tmux.waitForScreen((s) => s.includes("set $VISUAL or $EDITOR"), "hint");
	});

	it("bracketed paste is turned off again on quit, SIGTERM, SIGHUP and SIGINT", async () => {
		const place = tempPlace("input-modes");
		fx.dir = place.dir;
		// The four ways out run side by side, each in its own tmux server.
		const sessions: TmuxSession[] = [];
		try {
			await Promise.all(
				(["quit", "SIGTERM", "SIGHUP", "SIGINT"] as const).map(async (how) => {
					const t = startArbor({ args: [], cwd: place.dir, home: place.home });
					sessions.push(t);
					await t.waitForScreen((s) => s.includes("no model"), `started (${how})`);
					if (how === "quit") await quit(t);
					else {
						const shell = execFileSync("tmux", ["-L", t.name, "display", "-p", "-t", t.name, "#{pane_pid}"], { encoding: "utf8" }).trim();
						const pid = await waitFor(() => execFileSync("pgrep", ["-P", shell], { encoding: "utf8" }).trim(), { what: `arbor pid (${how})` });
						process.kill(Number(pid), how);
						await t.waitForScreen((s) => s.includes("[exit "), `exit after ${how}`);
					}
					// `sleep` now reads the terminal with echo on: a bracketed paste would echo ^[[200~.
					paste(t, `MARK-${how}`);
					const screen = await t.waitForScreen((s) => s.includes(`MARK-${how}`), `pasted after exit (${how})`);
					expect(screen, how).not.toContain("200~");
				}),
			);
		} finally {
			for (const t of sessions) t.kill();
		}
	}, 60_000);
});

// The end-to-end smoke of a resize: tmux resizes the pty and the CLI gets a real SIGWINCH (the
// virtual terminal's resize tests cover the screens; this covers the signal path).
describe("a real terminal resize (tmux, SIGWINCH)", () => {
	it("the editor re-wraps at the new width after a resize", async () => {
		const place = tempPlace("resize-editor");
		fx.dir = place.dir;
		fx.tmux = startArbor({ args: [], cwd: place.dir, home: place.home });
		await fx.tmux.waitForScreen((s) => s.includes("no model"), "status line");
		resizeTmux(fx.tmux, 60, 20);
		fx.tmux.type("abcdefghij ".repeat(9).trim());
		const wrapped = await fx.tmux.waitForScreen((s) => s.includes("abcdefghij abcdefghij\n"), "typed text wrapped", 5_000);
		expect(wrapped).toContain("› abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij\n  abcdefghij abcdefghij abcdefghij abcdefghij\n");
	});
});

describe("$ARBOR_HOME/keybindings.json (tmux)", () => {
	function withKeybindings(text: string) {
		const place = tempPlace("input-keys");
		fx.dir = place.dir;
		mkdirSync(place.home, { recursive: true });
		writeFileSync(join(place.home, "keybindings.json"), text);
		const file = copyTreeFixture(place.dir);
		fx.tmux = startArbor({ args: ["--session", file], cwd: place.dir, home: place.home });
		return { t: fx.tmux, home: place.home };
	}

	// An unknown action is a warning (test/terminal/pi-keys.test.ts).
	it("a conflict is one arbor: line naming the file, exit 2", async () => {
		for (const [bindings, what] of [
			[{ "tree.mark": "ctrl+u" }, "Ctrl+U is bound to both tree.filterUser and tree.mark (tree)"],
		] as const) {
			const { t, home } = withKeybindings(JSON.stringify(bindings));
			const screen = await t.waitForScreen((s) => s.includes("[exit 2]"), "exit 2");
			expect(screen.replace(/\n/g, "")).toContain(`arbor: ${join(home, "keybindings.json")}: ${what}`);
			await cleanUp({ tmux: t, dir: fx.dir });
			[fx.tmux, fx.dir] = [undefined, undefined];
		}
	});
});
