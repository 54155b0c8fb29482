import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { editorTextOf } from "../../source/navigation/navigate.js";
import {
	cleanUp, copyTreeFixture, fileEntries, HAS_CLI, quit, startArbor, submitLine, tempPlace, treeRows,
} from "../helpers/arbor-tmux.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
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

/** The user messages stored in the only session file under `home`. */
function storedUserTexts(home: string): string[] {
	const sessions = join(home, "sessions");
	const folder = join(sessions, readdirSync(sessions)[0]!);
	const file = join(folder, readdirSync(folder).find((f) => f.endsWith(".jsonl"))!);
	return fileEntries(file)
		.filter((e) => e.type === "message" && e.message.role === "user")
		.map((e) => (typeof e.message.content === "string" ? e.message.content : e.message.content.map((p: any) => p.text).join("")));
}

async function chatWithServer(replies: number, env: Record<string, string> = {}) {
	server = await startSseServer(Array.from({ length: replies }, (_, i) => textReply(`Reply number ${i + 1}`)));
	const place = tempPlace("input");
	dir = place.dir;
	tmux = startArbor({ args: ["--model", "compat:test", "--base-url", server.url], cwd: place.dir, home: place.home, env });
	await tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
	return { t: tmux, home: place.home, server };
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

describe.skipIf(!HAS_CLI)("keys arriving in one read (tmux)", () => {
	it("text and Enter in one read send it, stored without a trailing newline; /tree + Enter opens the tree", async () => {
		const { t, home, server } = await chatWithServer(1);
		t.send("fast typed line", "Enter");
		await t.waitForScreen((s) => s.includes("Reply number 1") && !s.includes("Working"), "the reply");
		expect(server.requests).toHaveLength(1);
		expect(storedUserTexts(home)).toEqual(["fast typed line"]);
		t.send("/tree", "Enter");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree opened by one read");
	});

	it("in /tree, Down Down Enter in one read chooses the row the arrows reached", async () => {
		const { t, file } = treeSession({ askSummary: false });
		const { rows } = treeRows(file, "default");
		const target = rows[2]!;
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		t.send("Home");
		await t.waitForScreen((s) => s.includes(`(1/${rows.length})`), "first row");
		t.send("Down", "Down", "Enter");
		const moved = await t.waitForScreen((s) => s.includes("Navigated to selected point") || s.includes("Already"), "navigated");
		expect(moved).toContain(`leaf ${target.entry.parentId!.slice(0, 8)}`);
		expect(moved).toContain(`› ${editorTextOf(target.entry)!.slice(0, 40)}`);
	});

	it("in the summary prompt, Down Enter in one read carries out Summarize", async () => {
		const { t, file } = treeSession();
		const { rows } = treeRows(file, "user");
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		t.send("C-u");
		await t.waitForScreen((s) => s.includes("[user]"), "user filter");
		t.send("End");
		await t.waitForScreen((s) => s.includes(`(${rows.length}/${rows.length}) [user]`), "last row");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary prompt");
		t.send("Down", "Enter");
		// No summary model is configured: choosing Summarize says so; No summary would have moved.
		const after = await t.waitForScreen((s) => s.includes("No model configured for summaries") || s.includes("Navigated"), "choice");
		expect(after).toContain("› Summarize\n");
		expect(after).toContain("No model configured for summaries");
	});

	it("several Backspaces in one read each delete, in the editor and the label editor", async () => {
		const { t } = treeSession();
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		t.type("abcdef");
		await t.waitForScreen((s) => s.includes("› abcdef"), "typed");
		t.send("BSpace", "BSpace", "BSpace");
		await t.waitForScreen((s) => /› abc *\n/.test(s), "three deleted");
		t.type("\x7f\x7f");
		await t.waitForScreen((s) => /› a *\n/.test(s), "two more deleted (raw DEL DEL)");
		t.send("C-u");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		t.send("L");
		await t.waitForScreen((s) => s.includes("Label: "), "label editor");
		t.type("xyzuvw");
		await t.waitForScreen((s) => s.includes("xyzuvw▏"), "label typed");
		t.send("BSpace", "BSpace", "BSpace");
		await t.waitForScreen((s) => s.includes("xyz▏"), "label: three deleted");
	});

	it("Backspace after an emoji deletes all of it: nothing half-sent or half-stored", async () => {
		const { t, home, server } = await chatWithServer(1);
		t.type("ab😀");
		await t.waitForScreen((s) => s.includes("› ab😀"), "emoji typed");
		t.send("BSpace");
		await t.waitForScreen((s) => /› ab *\n/.test(s), "emoji deleted");
		t.type("漢字");
		await t.waitForScreen((s) => s.includes("› ab漢字"), "CJK typed");
		t.send("Left", "BSpace", "Enter");
		await t.waitForScreen((s) => s.includes("Reply number 1") && !s.includes("Working"), "reply");
		expect(storedUserTexts(home)).toEqual(["ab字"]);
		expect(JSON.stringify(server.requests[0]!.body)).not.toMatch(/\\ud8/i);
	});

	it("Shift+Enter (modifyOtherKeys, kitty), Alt+Enter and Ctrl+J insert newlines; unknown sequences are dropped", async () => {
		const { t } = treeSession();
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		t.type("one\x1b[27;2;13~two\x1b[13;2uthree");
		t.send("M-Enter");
		t.type("four");
		t.send("C-j");
		t.type("five\x1b[99;9Xsix\x1b[24~");
		const screen = await t.waitForScreen((s) => s.includes("fivesix"), "all lines");
		expect(screen).toContain("› one\n  two\n  three\n  four\n  fivesix");
		expect(screen).not.toContain("[27;2;13~");
	});

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

describe.skipIf(!HAS_CLI)("terminal hand-off (tmux)", () => {
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

describe.skipIf(!HAS_CLI)("$ARBOR_HOME/keybindings.json (tmux)", () => {
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
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("Enter select · Ctrl+Y user · Ctrl+O all"), "the tree's hint with Ctrl+Y");
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
