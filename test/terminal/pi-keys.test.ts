import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("a pi user's keybindings.json and pi's keys while a reply runs", () => {
	it("pi's ids start the chat (an unknown one is a warning); with steerOnEnter, Enter steers and Alt+Enter queues a follow-up", async () => {
		({ dir: fx.dir } = tempPlace("pi-keys"));
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "keybindings.json"), JSON.stringify({ "app.message.followUp": "alt+enter", "app.tools.expand": "ctrl+x", "tui.editor.yank": "ctrl+y", "no.such.action": "x" }));
		writeFileSync(join(home, "settings.json"), JSON.stringify({ steerOnEnter: true }));
		const command = "while [ ! -e go ]; do sleep 0.02; done; echo gate-open";
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply("steered answer"), textReply("follow-up answer")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url, "--yes"], cwd: fx.dir, home, cols: 100, rows: 30 });
		const start = await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		const file = join(home, "keybindings.json");
		expect(start.replace(/\n/g, "")).toContain(`arbor: warning: ${file}: "tui.editor.yank": a pi action arbor does not have; ignored`);
		expect(start.replace(/\n/g, "")).toContain(`arbor: warning: ${file}: "no.such.action": unknown action`);
		await submitLine(fx.tmux, "run the gate");
		await fx.tmux.waitForScreen((s) => s.includes("while [ ! -e go ]"), "tool running");
		fx.tmux.write("steer now\r");
		fx.tmux.write("queued one\x1b\r");
		await fx.tmux.waitForScreen((s) => s.includes("queued: queued one") && s.includes("steering: steer now"), "one steering, one queued");
		writeFileSync(join(fx.dir, "go"), "");
		await fx.tmux.waitForScreen((s) => s.includes("follow-up answer") && !s.includes("queued:"), "both delivered");
		const last = (i: number) => (fx.server!.requests[i]!.body.messages as { role: string; content: unknown }[]).at(-1);
		expect(last(1)).toMatchObject({ role: "user", content: "steer now" });
		expect(last(2)).toMatchObject({ role: "user", content: "queued one" });
		await quit(fx.tmux);
	}, 60_000);
});
