/**
 * `!command` in the chat (pi's): runs without a question, its output shown and stored as a
 * bashExecution message the next prompt sends the model; `!!command` is kept out of the context;
 * Esc cancels a command that runs on. In-process terminal, a real bash, a local SSE server.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("!command in the chat (virtual terminal)", () => {
	it("shows the output, sends it with the next prompt (not a !! one), and Esc cancels a long one", async () => {
		const { dir } = tempPlace("user-bash");
		const [home, server] = [join(dir, "home"), await startSseServer([textReply("I see the listing.")])];
		Object.assign(fx, { dir, server, tmux: startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url], cwd: dir, home, cols: 100, rows: 30 }) });
		if (!fx.tmux || !fx.server) throw new Error("not started");
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "!echo visible-output-42");
		await fx.tmux.waitForScreen((s) => s.includes("$ echo visible-output-42") && /⎿ visible-output-42/.test(s), "the command and its output");
		await submitLine(fx.tmux, "!!echo private-output-7");
		await fx.tmux.waitForScreen((s) => /⎿ private-output-7/.test(s) && s.includes("Kept out of the model's context (!!)"), "the excluded one");
		await submitLine(fx.tmux, "!sleep 30");
		await fx.tmux.waitForScreen((s) => s.includes("$ sleep 30 ("), "running");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => s.includes("Cancelled") && !s.includes("$ sleep 30 ("), "cancelled");
		await submitLine(fx.tmux, "what did I run?");
		await fx.tmux.waitForScreen((s) => s.includes("I see the listing."), "the reply");
		const sent = JSON.stringify(fx.server.requests[0]!.body.messages);
		expect(sent).toContain("visible-output-42");
		expect(sent).not.toContain("private-output-7");
		expect(fx.server.requests).toHaveLength(1);
		await quit(fx.tmux);
		const [file] = sessionFiles(home);
		const stored = fileEntries(file!).filter((e) => e.type === "message" && e.message.role === "bashExecution").map((e) => e.message);
		expect(stored.map((m) => [m.command, m.excludeFromContext ?? false, m.cancelled])).toEqual([
			["echo visible-output-42", false, false],
			["echo private-output-7", true, false],
			["sleep 30", false, true],
		]);
	}, 60_000);
});
