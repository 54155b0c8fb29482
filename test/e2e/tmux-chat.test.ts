import { useArborRun } from "../helpers/arbor-tmux.js";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";

import { builtCli } from "../helpers/cli.js";

const fx = useArborRun();

function start(args: string[], cwd: string, home: string): TmuxSession {
	const command = ["node", builtCli(), ...args].map(shellQuote).join(" ");
	return startTmux({ command, cwd, cols: 120, rows: 40, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
}

describe("interactive chat in tmux", () => {
	it("streams a reply, opens the tree with Esc Esc, quits, and -c shows the transcript again", async () => {
		fx.server = await startSseServer([textReply("Hello from the fake model!")]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-cwd-"));
		const home = mkdtempSync(join(tmpdir(), "arbor-e2e-home-"));
		const args = ["--model", "compat:test", "--base-url", fx.server.url];
		fx.tmux = start(args, cwd, home);
		await fx.tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		fx.tmux.type("Say hello");
		// (Text and Enter in one write also send: see tmux-input.test.ts.)
		await fx.tmux.waitForScreen((s) => s.includes("› Say hello"), "typed prompt");
		fx.tmux.send("Enter");
		const replied = await fx.tmux.waitForScreen((s) => s.includes("Hello from the fake model!") && !s.includes("Working"), "streamed reply");
		expect(replied).toMatch(/› Say hello\n\nHello from the fake model!\n/);
		expect(fx.server.requests.length).toBe(1);

		fx.tmux.send("Escape");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => s.includes("← active"), "tree view");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("← active"), "tree closed");

		fx.tmux.type("/quit");
		await fx.tmux.waitForScreen((s) => s.includes("› /quit"), "typed /quit");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit 0");
		fx.tmux.kill();

		fx.tmux = start([...args, "-c"], cwd, home);
		const reopened = await fx.tmux.waitForScreen((s) => s.includes("Hello from the fake model!") && s.includes("compat:test"), "transcript after -c");
		expect(reopened).toMatch(/› Say hello\n\nHello from the fake model!\n/);
		fx.tmux.send("C-d");
		await fx.tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit after Ctrl+D");
	});

	it("without a model the UI opens, shows the hint, and sending stores nothing", async () => {
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-cwd-"));
		const home = mkdtempSync(join(tmpdir(), "arbor-e2e-home-"));
		fx.tmux = startTmux({ command: `env -u ARBOR_MODEL node ${shellQuote(builtCli())}`, cwd, cols: 120, rows: 40, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
		await fx.tmux.waitForScreen((s) => s.includes("no model — set ARBOR_MODEL or use --model provider:model"), "hint");
		fx.tmux.type("hello");
		await fx.tmux.waitForScreen((s) => s.includes("› hello"), "typed");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("› hello\nno model configured"), "hint after send");
		fx.tmux.type("/frob");
		// The refused prompt stays in the editor; Ctrl+U then clears the whole line.
		await fx.tmux.waitForScreen((s) => s.includes("› hello/frob"), "typed /frob");
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes("›\n") && !s.includes("/frob"), "Ctrl+U cleared the line");
		fx.tmux.send("C-c");
		fx.tmux.send("C-c");
		await fx.tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit after Ctrl+C twice");
		expect(existsSync(join(home, "sessions"))).toBe(false);
	});
});
