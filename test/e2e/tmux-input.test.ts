import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
	cleanUp, copyTreeFixture, quit, resizeTmux, startArbor, submitLine, tempPlace,
} from "../helpers/arbor-tmux.js";
import type { SseServer } from "../helpers/sse-server.js";
import type { TmuxSession } from "../helpers/tmux.js";
import { waitFor } from "../helpers/wait-for.js";

let tmux: TmuxSession | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

/** Pastes `text` the way a terminal does: bracketed when the program asked for it (`-p`). */
function paste(t: TmuxSession, text: string): void {
	execFileSync("tmux", ["-L", t.name, "set-buffer", "-b", `${t.name}-buf`, "--", text]);
	execFileSync("tmux", ["-L", t.name, "paste-buffer", "-p", "-d", "-b", `${t.name}-buf`, "-t", t.name]);
}

function treeSession(settings: object = {}) {
	const place = tempPlace("input-tree");
	dir = place.dir;
	mkdirSync(place.home, { recursive: true });
	writeFileSync(join(place.home, "settings.json"), JSON.stringify(settings));
	const file = copyTreeFixture(place.dir);
	tmux = startArbor({ args: ["--session", file], cwd: place.dir, home: place.home });
	return { t: tmux, file };
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
		dir = place.dir;
		const script = join(place.dir, "fake-editor.sh");
		writeFileSync(script, `#!/bin/sh\nprintf '%s edited in $EDITOR\\n' "$(cat "$1")" > "$1"\n`);
		chmodSync(script, 0o755);
		tmux = startArbor({ args: [], cwd: place.dir, home: place.home, env: { EDITOR: script, VISUAL: "" } });
		await tmux.waitForScreen((s) => s.includes("no model"), "started");
		tmux.type("my draft");
		await tmux.waitForScreen((s) => s.includes("› my draft"), "draft");
		tmux.send("C-g");
		await tmux.waitForScreen((s) => s.includes("› my draft edited in $EDITOR"), "edited draft");
		tmux.send("C-d");
		tmux.kill();
		tmux = startArbor({ args: [], cwd: place.dir, home: place.home, env: { EDITOR: "", VISUAL: "" } });
		await tmux.waitForScreen((s) => s.includes("no model"), "started");
		tmux.send("C-g");
		await tmux.waitForScreen((s) => s.includes("set $VISUAL or $EDITOR"), "hint");
	});

	it("bracketed paste is turned off again on quit, SIGTERM, SIGHUP and SIGINT", async () => {
		const place = tempPlace("input-modes");
		dir = place.dir;
		for (const how of ["quit", "SIGTERM", "SIGHUP", "SIGINT"] as const) {
			tmux?.kill();
			tmux = startArbor({ args: [], cwd: place.dir, home: place.home });
			await tmux.waitForScreen((s) => s.includes("no model"), "started");
			if (how === "quit") await quit(tmux);
			else {
				const shell = execFileSync("tmux", ["-L", tmux.name, "display", "-p", "-t", tmux.name, "#{pane_pid}"], { encoding: "utf8" }).trim();
				const pid = await waitFor(() => execFileSync("pgrep", ["-P", shell], { encoding: "utf8" }).trim(), { what: "arbor pid" });
				process.kill(Number(pid), how);
				await tmux.waitForScreen((s) => s.includes("[exit "), `exit after ${how}`);
			}
			// `sleep` now reads the terminal with echo on: a bracketed paste would echo ^[[200~.
			paste(tmux, `MARK-${how}`);
			const screen = await tmux.waitForScreen((s) => s.includes(`MARK-${how}`), "pasted after exit");
			expect(screen, how).not.toContain("200~");
		}
	}, 60_000);
});

// The end-to-end smoke of a resize: tmux resizes the pty and the CLI gets a real SIGWINCH (the
// virtual terminal's resize tests cover the screens; this covers the signal path).
describe("a real terminal resize (tmux, SIGWINCH)", () => {
	it("the editor re-wraps at the new width after a resize", async () => {
		const place = tempPlace("resize-editor");
		dir = place.dir;
		tmux = startArbor({ args: [], cwd: place.dir, home: place.home });
		await tmux.waitForScreen((s) => s.includes("no model"), "status line");
		resizeTmux(tmux, 60, 20);
		tmux.type("abcdefghij ".repeat(9).trim());
		const wrapped = await tmux.waitForScreen((s) => s.includes("abcdefghij abcdefghij\n"), "typed text wrapped", 5_000);
		expect(wrapped).toContain("› abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij\n  abcdefghij abcdefghij abcdefghij abcdefghij\n");
	});
});

describe("$ARBOR_HOME/keybindings.json (tmux)", () => {
	function withKeybindings(text: string) {
		const place = tempPlace("input-keys");
		dir = place.dir;
		mkdirSync(place.home, { recursive: true });
		writeFileSync(join(place.home, "keybindings.json"), text);
		const file = copyTreeFixture(place.dir);
		tmux = startArbor({ args: ["--session", file], cwd: place.dir, home: place.home });
		return { t: tmux, home: place.home };
	}

	it("rebound keys work in /tree and its hint line shows them; the old key types search text", async () => {
		const { t } = withKeybindings(JSON.stringify({ "tree.mark": "shift+k", "tree.filterUser": "ctrl+y" }));
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("Shift+K compare") && s.includes("Ctrl+Y user"), "the tree's hint with Shift+K and Ctrl+Y");
		t.send("C-y");
		await t.waitForScreen((s) => s.includes("[user]"), "Ctrl+Y filters");
		t.send("C-y");
		await t.waitForScreen((s) => s.includes("[default]"), "and back");
		t.type("K");
		await t.waitForScreen((s) => /Marked \S+ · Shift\+C on another entry compares/.test(s), "marked with Shift+K");
		t.type("C");
		await t.waitForScreen((s) => s.includes("Search: C"), "Shift+C now searches");
	});

	it("an unknown action or a conflict is one arbor: line naming the file, exit 2", async () => {
		for (const [bindings, what] of [
			[{ "tree.fly": "x" }, 'unknown action "tree.fly"'],
			[{ "tree.mark": "ctrl+u" }, "Ctrl+U is bound to both tree.filterUser and tree.mark (tree)"],
		] as const) {
			const { t, home } = withKeybindings(JSON.stringify(bindings));
			const screen = await t.waitForScreen((s) => s.includes("[exit 2]"), "exit 2");
			expect(screen.replace(/\n/g, "")).toContain(`arbor: ${join(home, "keybindings.json")}: ${what}`);
			await cleanUp({ tmux: t, dir });
			[tmux, dir] = [undefined, undefined];
		}
	});
});
