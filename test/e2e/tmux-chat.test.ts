import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";

import { builtCli } from "../helpers/cli.js";

let tmux: TmuxSession | undefined;
let server: SseServer | undefined;
afterEach(async () => {
	tmux?.kill();
	tmux = undefined;
	await server?.close();
	server = undefined;
});

function start(args: string[], cwd: string, home: string): TmuxSession {
	const command = ["node", builtCli(), ...args].map(shellQuote).join(" ");
	return startTmux({ command, cwd, cols: 120, rows: 40, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
}

describe("interactive chat in tmux", () => {
	it("streams a reply, opens the tree with Esc Esc, quits, and -c shows the transcript again", async () => {
		server = await startSseServer([textReply("Hello from the fake model!")]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-cwd-"));
		const home = mkdtempSync(join(tmpdir(), "arbor-e2e-home-"));
		const args = ["--model", "compat:test", "--base-url", server.url];
		tmux = start(args, cwd, home);
		await tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		tmux.type("Say hello");
		// (Text and Enter in one write also send: see tmux-input.test.ts.)
		await tmux.waitForScreen((s) => s.includes("› Say hello"), "typed prompt");
		tmux.send("Enter");
		const replied = await tmux.waitForScreen((s) => s.includes("Hello from the fake model!") && !s.includes("Working"), "streamed reply");
		expect(replied).toMatch(/› Say hello\n\nHello from the fake model!\n/);
		expect(server.requests.length).toBe(1);

		tmux.send("Escape");
		tmux.send("Escape");
		await tmux.waitForScreen((s) => s.includes("← active"), "tree view");
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("← active"), "tree closed");

		tmux.type("/quit");
		await tmux.waitForScreen((s) => s.includes("› /quit"), "typed /quit");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit 0");
		tmux.kill();

		tmux = start([...args, "-c"], cwd, home);
		const reopened = await tmux.waitForScreen((s) => s.includes("Hello from the fake model!") && s.includes("compat:test"), "transcript after -c");
		expect(reopened).toMatch(/› Say hello\n\nHello from the fake model!\n/);
		tmux.send("C-d");
		await tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit after Ctrl+D");
	});

	it("without a model the UI opens, shows the hint, and sending stores nothing", async () => {
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-cwd-"));
		const home = mkdtempSync(join(tmpdir(), "arbor-e2e-home-"));
		tmux = startTmux({ command: `env -u ARBOR_MODEL node ${shellQuote(builtCli())}`, cwd, cols: 120, rows: 40, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
		await tmux.waitForScreen((s) => s.includes("no model — set ARBOR_MODEL or use --model provider:model"), "hint");
		tmux.type("hello");
		await tmux.waitForScreen((s) => s.includes("› hello"), "typed");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("› hello\nno model configured"), "hint after send");
		tmux.type("/frob");
		// The refused prompt stays in the editor; Ctrl+U then clears the whole line.
		await tmux.waitForScreen((s) => s.includes("› hello/frob"), "typed /frob");
		tmux.send("C-u");
		await tmux.waitForScreen((s) => s.includes("›\n") && !s.includes("/frob"), "Ctrl+U cleared the line");
		tmux.send("C-c");
		tmux.send("C-c");
		await tmux.waitForScreen((s) => s.includes("[exit 0]"), "exit after Ctrl+C twice");
		expect(existsSync(join(home, "sessions"))).toBe(false);
	});
});
