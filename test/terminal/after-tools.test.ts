import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, copyTreeFixture, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

const rowsOf = (screen: string) => screen.replace(/\n$/, "").split("\n");
const atBottomOnOpening = (screen: string) => rowsOf(screen).at(-1) === "" && (rowsOf(screen).at(-2) ?? "").includes("leaf") && rowsOf(screen).at(-3) === "›";

describe("small things (virtual terminal)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) it(`at ${cols}×${rows}: (aborted) prints after the tool it interrupted, live and when the session is opened again`, async () => {
		({ dir } = tempPlace("aborted"));
		server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "sleep 30" } }], { text: "Let me wait." }), textReply("x")]);
		const home = join(dir, "home");
		tmux = startArbor({ args: ["--model", "compat:m", "--base-url", server.url, "-y"], cwd: dir, home, cols, rows });
		await tmux.waitForScreen((s) => s.includes("compat:m"), "status");
		await submitLine(tmux, "wait");
		await tmux.waitForScreen((s) => s.includes("sleep 30 ("), "running");
		tmux.send("Escape");
		const live = await tmux.waitForScreen((s) => s.includes("(aborted)") && !s.includes("sleep 30 ("), "aborted");
		expect(live).toMatch(/Let me wait\.\n● bash: sleep 30\n.*\n\(aborted\)/);
		await quit(tmux);
		tmux.kill();
		tmux = startArbor({ args: ["--model", "compat:m", "--base-url", server.url, "-c"], cwd: dir, home, cols, rows });
		const reopened = await tmux.waitForScreen((s) => s.includes("(aborted)"), "reopened");
		expect(reopened).toMatch(/Let me wait\.\n● bash: sleep 30\n.*\n\(aborted\)/);
		await quit(tmux);
	}, 60_000);

	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: /tree's hint shows every key (fold, compare) and its rows full │ connectors; after it closes, the editor and the status line are at the bottom`, async () => {
			({ dir } = tempPlace("tree-close"));
			const file = copyTreeFixture(dir);
			tmux = startArbor({ args: ["--session", file], cwd: dir, home: join(dir, "home"), cols, rows });
			await tmux.waitForScreen(atBottomOnOpening, "status line at the bottom on opening");
			await submitLine(tmux, "/tree");
			const tree = await tmux.waitForScreen((s) => s.includes("Session tree") && s.includes("← active"), "tree");
			expect(tree).toContain("Ctrl+← Ctrl+→ fold / unfold");
			expect(tree).toContain("Shift+C compare");
			expect(tree).toContain("Shift+T label times");
			expect(tree).not.toMatch(/…\d/);
			expect(tree).toMatch(/^ {2}│ {2}│ {2}/m);
			tmux.send("Escape");
			// The last row is Ink's cursor row (empty), as on opening: the status line is just above it.
			const atBottom = (screen: string) => !screen.includes("Session tree") && rowsOf(screen).at(-1) === "" && (rowsOf(screen).at(-2) ?? "").includes("leaf") && rowsOf(screen).at(-3) === "›";
			const closed = await tmux.waitForScreen(atBottom, "the editor and the status line on the last rows", 5000);
			expect(rowsOf(closed)).toHaveLength(rows);
			// No second editor line is left behind.
			expect(closed.match(/^›$/gm)).toHaveLength(1);
			await quit(tmux);
		}, 60_000);
	}
});
