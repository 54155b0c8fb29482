import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editorTextOf } from "../../source/navigation/navigate.js";
import { copyTreeFixture, fileEntries, submitLine, tempPlace, treeRows, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

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
	const server = await startSseServer(Array.from({ length: replies }, (_, i) => textReply(`Reply number ${i + 1}`)));
	fx.server = server;
	const place = tempPlace("input");
	fx.dir = place.dir;
	fx.tmux = startArbor({ args: ["--model", "compat:test", "--base-url", server.url], cwd: place.dir, home: place.home, env });
	await fx.tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
	return { t: fx.tmux, home: place.home, server };
}

function treeSession(settings: object = {}, keybindings?: object) {
	const place = tempPlace("input-tree");
	fx.dir = place.dir;
	mkdirSync(place.home, { recursive: true });
	writeFileSync(join(place.home, "settings.json"), JSON.stringify(settings));
	if (keybindings) writeFileSync(join(place.home, "keybindings.json"), JSON.stringify(keybindings));
	const file = copyTreeFixture(place.dir);
	fx.tmux = startArbor({ args: ["--session", file], cwd: place.dir, home: place.home });
	return { t: fx.tmux, file };
}

describe("keys arriving in one read (virtual terminal)", () => {
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
		// The reply on the screen again, with the turn's end on the status line (it was relaxed to the
		// status line alone after CI frames with the transcript gone; see test/terminal/ctrl-c-unheard.test.ts).
		await t.waitForScreen((s) => s.includes("› ab字\n") && s.includes("Reply number 1") && /tokens · leaf [0-9a-f]{8}/.test(s) && !s.includes("Working"), "the prompt, the reply and the turn's end");
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
});

// Moved from test/e2e/tmux-input.test.ts (no real terminal needed); the tmux file keeps the exit-2 run.
describe("$ARBOR_HOME/keybindings.json (virtual terminal)", () => {
	it("rebound keys work in /tree, its hint line and the mark's notice show them; the old key types search text", async () => {
		const { t } = treeSession({}, { "tree.mark": "shift+k", "tree.filterUser": "ctrl+y" });
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("Shift+K compare") && s.includes("Ctrl+Y user"), "the tree's hint with Shift+K and Ctrl+Y");
		t.send("C-y");
		await t.waitForScreen((s) => s.includes("[user]"), "Ctrl+Y filters");
		t.send("C-y");
		await t.waitForScreen((s) => s.includes("[default]"), "and back");
		t.type("K");
		await t.waitForScreen((s) => /Marked \S+ · Shift\+K on another entry compares/.test(s), "marked with Shift+K, which the notice names");
		t.type("C");
		await t.waitForScreen((s) => s.includes("Search: C"), "Shift+C now searches");
	});
});
