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
		it(`at ${cols}×${rows}: /tree's hint shows every key (fold, compare) and its rows full │ connectors; after it closes, the editor and the status line are at the bottom`, async () => {
			({ dir: fx.dir } = tempPlace("tree-close"));
			const file = copyTreeFixture(fx.dir);
			fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home"), cols, rows });
			await fx.tmux.waitForScreen(atBottomOnOpening, "status line at the bottom on opening");
			await submitLine(fx.tmux, "/tree");
			const tree = await fx.tmux.waitForScreen((s) => s.includes("Session tree") && s.includes("← active"), "tree");
			expect(tree).toContain("Ctrl+← Ctrl+→ fold / unfold");
			expect(tree).toContain("Shift+C compare");
			expect(tree).toContain("Shift+T label times");
			expect(tree).not.toMatch(/…\d/);
			expect(tree).toMatch(/^ {2}│ {2}│ {2}/m);
			fx.tmux.send("Escape");
			// The last row is Ink's cursor row (empty), as on opening: the status line is just above it.
			const atBottom = (screen: string) => !screen.includes("Session tree") && rowsOf(screen).at(-1) === "" && (rowsOf(screen).at(-2) ?? "").includes("leaf") && rowsOf(screen).at(-3) === "›";
			const closed = await fx.tmux.waitForScreen(atBottom, "the editor and the status line on the last rows", 5000);
			expect(rowsOf(closed)).toHaveLength(rows);
			// No second editor line is left behind.
			expect(closed.match(/^›$/gm)).toHaveLength(1);
			await quit(fx.tmux);
		}, 60_000);
	}
});
