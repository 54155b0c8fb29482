import { cpSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, submitLine, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { runCli } from "../helpers/cli.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { EXAMPLE, LEAF, project, put } from "../extensions/helpers.js";
import { trustProject } from "../../source/config/trust.js";

const res = useArborRun<ArborTerminal>();

const NOTE = `
import type { ExtensionAPI } from "arbor/extensions";
export default function (arbor: ExtensionAPI) {
	arbor.registerCommand("note", {
		description: "add a note the model sees",
		handler: (args, ctx) => {
			arbor.sendMessage({ customType: "note", content: args, display: true });
			ctx.ui.notify("noted: " + args);
		},
	});
}
`;

describe("extensions in the interactive UI (virtual terminal)", () => {
	it("a command adds a displayed custom_message; the branch guard cancels a /tree move once, then it goes; the note is selectable", async () => {
		const p = project();
		res.dir = p.cwd;
		expect((await runCli(["label", p.file, LEAF, "keep", "me"], { env: p.env })).code).toBe(0);
		put(p.home, "settings.json", JSON.stringify({ askSummary: false }));
		cpSync(EXAMPLE("branch-guard.ts"), `${p.cwd}/.arbor/extensions/branch-guard.ts`);
		cpSync(EXAMPLE("tree-logger.ts"), `${p.cwd}/.arbor/extensions/tree-logger.ts`);
		put(p.cwd, ".arbor/extensions/note.ts", NOTE);
		trustProject({ cwd: p.cwd, home: p.home });
		const t = (res.tmux = startArbor({ args: ["--session", p.file], cwd: p.cwd, home: p.home }));
		await t.waitForScreen((s) => s.includes("leaf "), "status line");

		await submitLine(t, "/help");
		// /help is taller than 40 rows: End shows its last page, the extension's command last.
		await t.waitForScreen((s) => s.includes("any other key closes)"), "/help");
		t.send("End");
		await t.waitForScreen((s) => /\/note\s+add a note the model sees\n {2}!command .*\n.*any other key closes\)/.test(s), "/help lists /note");
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("key closes)"), "help closed");
		t.type("/no");
		await t.waitForScreen((s) => /\/note\s+add a note the model sees/.test(s), "completion list");
		t.type("te remember the milk 🥛");
		await t.waitForScreen((s) => s.includes("› /note remember the milk 🥛"), "typed note");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("[note] remember the milk 🥛") && s.includes("noted: remember the milk 🥛"), "note shown");
		const note = fileEntries(p.file).at(-1);
		expect(note).toMatchObject({ type: "custom_message", customType: "note", content: "remember the milk 🥛", display: true });

		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree open");
		t.send("Home");
		await t.waitForScreen((s) => /› ├─ (⊟ )?• user: bash reducer/.test(s) && /\(1\/\d+\) \[default\]/.test(s), "first row selected");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes('guard: this leaves the labelled branch "keep me"') && s.includes("Session tree"), "guard notice, tree still open");
		expect(fileEntries(p.file).at(-1).id).toBe(note.id);
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Navigated to selected point") && s.includes("› bash reducer reducer model error"), "moved");
		const marker = fileEntries(p.file).at(-1);
		expect(marker).toMatchObject({ type: "custom", customType: "arbor.leaf" });

		// The note sits on the branch just left; it is selectable like a user message.
		t.send("C-u");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Session tree"), "tree open again");
		t.type("milk");
		await t.waitForScreen((s) => /› .*\[note\]: remember the milk/.test(s), "note row selected");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("› remember the milk 🥛") && s.includes("Navigated to selected point"), "note text in the editor");
		expect(fileEntries(p.file).at(-1)).toMatchObject({ type: "custom", data: { leafId: note.parentId } });
		await quit(t);
		// session_tree fired for both completed moves, not for the cancelled one.
		const log = readFileSync(`${p.cwd}/.arbor/tree-moves.jsonl`, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(log.map((l) => [l.mode, l.oldLeafId, l.newLeafId])).toEqual([
			["interactive", note.id, marker.data.leafId],
			["interactive", marker.data.leafId, note.parentId],
		]);
	});
});

/** Shows a note before each turn (sent to the model too) and reports each turn's entries. */
const TURNS = `
import type { ExtensionAPI } from "arbor/extensions";
export default function (arbor: ExtensionAPI) {
	arbor.on("turn_start", (event) => arbor.sendMessage({ customType: "context", content: "Reply in haiku. 🌸", display: true }));
	arbor.on("turn_end", (event, ctx) => {
		const kinds = event.entries.map((e) => (e.type === "message" ? (e.message as { role: string }).role : e.type));
		ctx.ui.notify("turn ended: " + kinds.join(",") + " ok=" + event.ok);
	});
}
`;

describe("turn events in the interactive UI (virtual terminal)", () => {
	it("a turn_start message shows in the transcript and reaches the model; turn_end sees the turn's entries", async () => {
		const p = project();
		res.dir = p.cwd;
		res.server = await startSseServer([textReply("Petals on the wind.")]);
		put(p.cwd, ".arbor/extensions/turns.ts", TURNS);
		trustProject({ cwd: p.cwd, home: p.home });
		const t = (res.tmux = startArbor({ args: ["--model", "compat:test", "--base-url", res.server.url, "--no-session"], cwd: p.cwd, home: p.home }));
		await t.waitForScreen((s) => s.includes("compat:test"), "status line");
		await submitLine(t, "Say hello");
		// (custom: the prompt's checkpoint, docs/checkpoints.md — an entry the turn appended)
		const screen = await t.waitForScreen((s) => s.includes("Petals on the wind.") && s.includes("turn ended: user,custom,assistant ok=true"), "reply and turn_end notice");
		expect(screen).toMatch(/\[context\] Reply in haiku\. 🌸\n\n› Say hello\n\nPetals on the wind\./);
		const sent = res.server.requests[0]!.body.messages;
		expect(sent.slice(-2)).toEqual([
			{ role: "user", content: "Reply in haiku. 🌸" },
			{ role: "user", content: "Say hello" },
		]);
		await quit(t);
	});
});
