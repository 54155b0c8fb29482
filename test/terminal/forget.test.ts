import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** A chat on a model server that answers "Noted." then "Fine.", after its first message, "my password is hunter2", was answered. */
async function chatAfterPassword(name: string): Promise<ArborTerminal> {
	({ dir: fx.dir } = tempPlace(name));
	fx.server = await startSseServer([textReply("Noted."), textReply("Fine.")]);
	fx.tmux = startArbor({ args: ["--model", "compat:m", "--base-url", fx.server.url], cwd: fx.dir, home: join(fx.dir, "home") });
	await fx.tmux.waitForScreen((s) => s.includes("compat:m"), "status");
	await submitLine(fx.tmux, "my password is hunter2");
	await fx.tmux.waitForScreen((s) => s.includes("Noted."), "first reply");
	return fx.tmux;
}

/** "go on" is answered, and its request left the password out. */
async function nextRequestForgets(t: ArborTerminal): Promise<void> {
	await submitLine(t, "go on");
	await t.waitForScreen((s) => s.includes("Fine."), "second reply");
	const sent = JSON.stringify(fx.server!.requests[1]!.body.messages);
	expect(sent).not.toContain("hunter2");
	expect(sent).toContain("Noted.");
	await quit(t);
}

describe("/forget (virtual terminal)", () => {
	it("leaves the last user message out of the next request with a pi 1.6 context_edit; the transcript keeps it", async () => {
		const t = await chatAfterPassword("forget");
		await submitLine(t, "/forget");
		const forgotten = await t.waitForScreen((s) => s.includes("Left out of the context from here on"), "forgotten");
		expect(forgotten).toContain("hunter2");
		await nextRequestForgets(t);
	}, 60_000);

	it("Shift+X in /tree leaves the selected message out of the context the same way", async () => {
		const t = await chatAfterPassword("forget-tree");
		await submitLine(t, "/tree");
		await t.waitForScreen((s) => s.includes("Shift+X forget"), "the tree, its hint naming the key");
		t.send("Up");
		await t.waitForScreen((s) => /› .*user: my password is hunter2/.test(s), "the user message selected");
		t.send("X");
		await t.waitForScreen((s) => s.includes("Left out of the context from here on: user: my password is hunter2"), "forgotten");
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("Shift+X forget"), "the tree closed");
		await nextRequestForgets(t);
	}, 60_000);
});
