import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyTreeFixture, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

const rowsOf = (screen: string) => screen.replace(/\n$/, "").split("\n");
const atBottomOnOpening = (screen: string) => rowsOf(screen).at(-1) === "" && (rowsOf(screen).at(-2) ?? "").includes("leaf") && rowsOf(screen).at(-3) === "›";

describe("small things (virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) it(`at ${cols}×${rows}: (aborted) prints after the tool it interrupted, live and when the session is opened again`, async () => {
		({ dir: fx.dir } = tempPlace("aborted"));
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "sleep 30" } }], { text: "Let me wait." }), textReply("x")]);
		const home = join(fx.dir, "home");
		fx.tmux = startArbor({ args: ["--model", "compat:m", "--base-url", fx.server.url, "-y"], cwd: fx.dir, home, cols, rows });
		await fx.tmux.waitForScreen((s) => s.includes("compat:m"), "status");
		await submitLine(fx.tmux, "wait");
		await fx.tmux.waitForScreen((s) => s.includes("sleep 30 ("), "running");
		fx.tmux.send("Escape");
		const live = await fx.tmux.waitForScreen((s) => s.includes("(aborted)") && !s.includes("sleep 30 ("), "aborted");
		expect(live).toMatch(/Let me wait\.\n● bash: sleep 30\n.*\n\(aborted\)/);
		await quit(fx.tmux);
		await fx.tmux.kill();
		fx.tmux = startArbor({ args: ["--model", "compat:m", "--base-url", fx.server.url, "-c"], cwd: fx.dir, home, cols, rows });
		const reopened = await fx.tmux.waitForScreen((s) => s.includes("(aborted)"), "reopened");
		expect(reopened).toMatch(/Let me wait\.\n● bash: sleep 30\n.*\n\(aborted\)/);
		await quit(fx.tmux);
	}, 60_000);

	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: /tree's hint shows every key (fold, compare) and its rows full │ connectors; after it closes, the conversation is as it was and the editor and the status line follow it`, async () => {
			({ dir: fx.dir } = tempPlace("tree-close"));
			const file = copyTreeFixture(fx.dir);
			fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home"), cols, rows });
			await fx.tmux.waitForScreen(atBottomOnOpening, "status line at the bottom on opening");
			fx.tmux.type("/tree");
			const typed = await fx.tmux.waitForScreen((s) => rowsOf(s).includes("› /tree"), "typed /tree");
			fx.tmux.send("Enter");
			const tree = await fx.tmux.waitForScreen((s) => s.includes("Session tree") && s.includes("← active"), "tree");
			expect(tree).toContain("Ctrl+← Ctrl+→ fold / unfold");
			expect(tree).toContain("Shift+C compare");
			expect(tree).toContain("Shift+T label times");
			expect(tree).not.toMatch(/…\d/);
			expect(tree).toMatch(/^ {2}│ {2}│ {2}/m);
			expect(fx.tmux.terminal.term.buffer.active.type).toBe("alternate");
			fx.tmux.send("Escape");
			// Nothing clears the terminal (docs/usage.md, The scrollback): the rows above the editor are
			// the ones above it when /tree was typed, then the blank rows the slash menu gave up (issue
			// 37: the editor and the status line stay on the last rows, the cursor's row below them).
			const editorRow = (screen: string, line: string) => rowsOf(screen).lastIndexOf(line);
			const back = (screen: string) => fx.tmux!.terminal.term.buffer.active.type === "normal" && !screen.includes("Session tree") && editorRow(screen, "›") > 0 && (rowsOf(screen)[editorRow(screen, "›") + 1] ?? "").includes("leaf");
			const closed = await fx.tmux.waitForScreen(back, "the editor and the status line on the last rows", 5000);
			expect(fx.tmux.terminal.term.buffer.active.type).toBe("normal");
			expect(rowsOf(closed)).toHaveLength(rows);
			const [was, is] = [editorRow(typed, "› /tree"), editorRow(closed, "›")];
			expect(is).toBe(rows - 3);
			expect(rowsOf(closed).slice(0, is)).toEqual([...rowsOf(typed).slice(0, was), ...Array<string>(is - was).fill("")]);
			// No second editor line is left behind.
			expect(closed.match(/^›$/gm)).toHaveLength(1);
			await quit(fx.tmux);
		}, 60_000);
	}
});
