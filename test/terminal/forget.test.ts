import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("/forget (virtual terminal)", () => {
	it("leaves the last user message out of the next request with a pi 1.6 context_edit; the transcript keeps it", async () => {
		({ dir: fx.dir } = tempPlace("forget"));
		fx.server = await startSseServer([textReply("Noted."), textReply("Fine.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:m", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("compat:m"), "status");
		await submitLine(fx.tmux, "my password is hunter2");
		await fx.tmux.waitForScreen((s) => s.includes("Noted."), "first reply");
		await submitLine(fx.tmux, "/forget");
		const forgotten = await fx.tmux.waitForScreen((s) => s.includes("Left out of the context from here on"), "forgotten");
		expect(forgotten).toContain("hunter2");
		await submitLine(fx.tmux, "go on");
		await fx.tmux.waitForScreen((s) => s.includes("Fine."), "second reply");
		const sent = JSON.stringify(fx.server.requests[1]!.body.messages);
		expect(sent).not.toContain("hunter2");
		expect(sent).toContain("Noted.");
		await quit(fx.tmux);
	}, 60_000);

	it("Shift+X in /tree leaves the selected message out of the context the same way", async () => {
		({ dir: fx.dir } = tempPlace("forget-tree"));
		fx.server = await startSseServer([textReply("Noted."), textReply("Fine.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:m", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("compat:m"), "status");
		await submitLine(fx.tmux, "my password is hunter2");
		await fx.tmux.waitForScreen((s) => s.includes("Noted."), "first reply");
		await submitLine(fx.tmux, "/tree");
		await fx.tmux.waitForScreen((s) => s.includes("Shift+X forget"), "the tree, its hint naming the key");
		fx.tmux.send("Up");
		await fx.tmux.waitForScreen((s) => /› .*user: my password is hunter2/.test(s), "the user message selected");
		fx.tmux.send("X");
		await fx.tmux.waitForScreen((s) => s.includes("Left out of the context from here on: user: my password is hunter2"), "forgotten");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Shift+X forget"), "the tree closed");
		await submitLine(fx.tmux, "go on");
		await fx.tmux.waitForScreen((s) => s.includes("Fine."), "second reply");
		const sent = JSON.stringify(fx.server.requests[1]!.body.messages);
		expect(sent).not.toContain("hunter2");
		expect(sent).toContain("Noted.");
		await quit(fx.tmux);
	}, 60_000);
});
