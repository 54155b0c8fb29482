import { dirname, join } from "node:path";
import { SessionStore } from "../../source/session/store.js";
import { tempProject } from "../checkpoints/helpers.js";
import { sessionWithCheckpoints } from "../helpers/checkpoint-session.js";
import { describe, expect, it } from "vitest";
import { answerConfirmation, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { tallSession } from "../helpers/tall-session.js";

const fx = useArborRun<ArborTerminal>();

/**
 * The status line (`… leaf <id>`) is the screen's last row but one (the last is the cursor's: Ink
 * ends its frame with a newline) and the editor (`›`) is right above it (a list or a status message
 * may sit between them): no blank rows below the editor.
 */
function editorAtBottom(screen: string, rows: number): boolean {
	const lines = screen.split("\n").slice(0, rows);
	return /leaf \S+\s*$/.test(lines[rows - 2] ?? "") && lines[rows - 1] === "" && lines.slice(rows - 6, rows - 2).some((l) => l.startsWith("›"));
}

/** The screen once `done` holds and the app has settled; fails (with the screen) unless the editor is at the bottom. */
async function expectEditorAtBottom(t: ArborTerminal, done: (s: string) => boolean, what: string): Promise<void> {
	const screen = await t.waitForScreen(done, what);
	await t.terminal.flush();
	const settled = t.capture();
	expect.soft(editorAtBottom(settled, t.terminal.rows), `${what}: the editor and status line on the last rows\n--- screen ---\n${settled}--- first seen ---\n${screen}`).toBe(true);
}

const tall = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");

describe("the editor stays at the bottom after every dialog (issue 37, virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: after a slash menu that a filter shortens, /tree's summary question, a confirmation allowed and one declined`, async () => {
			({ dir: fx.dir } = tempPlace("editor-bottom"));
			const file = join(fx.dir, "s.jsonl");
			tallSession(file, { turns: 30, outputLines: 5 });
			fx.server = await startSseServer([
				toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: tall(rows - 10) } }]),
				textReply("wrote it"),
				toolCallReply([{ id: "c2", name: "write", args: { path: "c.txt", content: tall(rows - 10) } }]),
				textReply("left it"),
			]);
			fx.tmux = startArbor({ args: ["--session", file, "--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home"), cols, rows });
			const t = fx.tmux;
			await expectEditorAtBottom(t, (s) => s.includes("All done.") && s.includes("compat:test-model"), "the session opened");

			// The slash menu lists every command; a filter shortens it; Ctrl+U closes it.
			t.type("/");
			await t.waitForScreen((s) => s.includes("/tree"), "slash menu");
			t.type("tre");
			await t.waitForScreen((s) => s.includes("› /tre") && !s.includes("/model"), "the menu filtered");
			await expectEditorAtBottom(t, (s) => s.includes("› /tre"), "the filtered menu");
			t.send("C-u");
			await expectEditorAtBottom(t, (s) => !s.includes("/tre"), "the menu closed");

			// /tree, a move that leaves entries: the summary question answered, back in the chat (before the
			// turns: a command right after a turn waits for its end, a little after its reply shows).
			t.send("Escape", "Escape");
			await t.waitForScreen((s) => s.includes("← active"), "tree");
			t.send("Home", "Down", "Enter");
			await t.waitForScreen((s) => s.includes("Summarize the branch"), "summary question");
			t.send("Enter");
			await expectEditorAtBottom(t, (s) => s.includes("answer 1") && !s.includes("← active") && !s.includes("Summarize"), "jumped");

			await submitLine(t, "make b");
			await answerConfirmation(t, (s) => s.includes("Allow write b.txt?"), "y", "write confirmation");
			await expectEditorAtBottom(t, (s) => s.includes("wrote it") && !s.includes("Working"), "confirmation allowed");

			await submitLine(t, "make c");
			await answerConfirmation(t, (s) => s.includes("Allow write c.txt?"), "n", "write confirmation");
			await expectEditorAtBottom(t, (s) => s.includes("left it") && !s.includes("Working"), "confirmation declined");

			await quit(t);
		}, 90_000);
	}

	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: after /tree's restore question is answered`, async () => {
			const at = tempProject();
			fx.dir = dirname(at.cwd);
			const file = await sessionWithCheckpoints(at.cwd, at.home);
			// More exchanges after the checkpoints: the conversation fills the screen.
			const store = SessionStore.open(file, { write: true });
			for (let k = 1; k <= 20; k++) {
				store.appendMessage({ role: "user", content: `filler ${k}`, timestamp: 1 });
				store.appendMessage({ role: "assistant", content: [{ type: "text", text: `filled ${k}` }], api: "openai-completions", provider: "compat", model: "m", stopReason: "stop", timestamp: 1 } as never);
			}
			store.close();
			fx.tmux = startArbor({ args: ["--session", file], cwd: at.cwd, home: at.home, cols, rows });
			const t = fx.tmux;
			await expectEditorAtBottom(t, (s) => s.includes("filled 20"), "the session opened");
			t.send("Escape", "Escape");
			await t.waitForScreen((s) => s.includes("← active"), "tree");
			t.type("reply one");
			await t.waitForScreen((s) => /› .*reply one/.test(s), "search selects reply one");
			t.send("Enter");
			await t.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary question");
			t.send("Enter");
			await t.waitForScreen((s) => s.includes("› Restore files"), "restore question");
			t.send("Enter");
			await expectEditorAtBottom(t, (s) => s.includes("restored 2 files") && !s.includes("Restore files"), "restored");
			await quit(t);
		}, 90_000);
	}
});
