import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { storeDirFor } from "../../source/checkpoints/store.js";
import { acquireLock, type LockHandle } from "../../source/session/lock.js";
import { answerConfirmation, submitLine, tempPlace, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply, type Script } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();
let lock: LockHandle | undefined;
const release = () => {
	lock?.release();
	lock = undefined;
};
afterEach(release);

/**
 * A turn that writes b.txt and replies "all written", then `later` replies. The snapshot before the
 * tool is taken before it asks: from its confirmation on, the store's lock (held as another arbor
 * would, until release()) holds the after-turn snapshot. Resolves with the screen of the reply
 * while the turn still saves the file state.
 */
async function replyWhileSaving(later: Script[] = []): Promise<{ screen: string; home: string }> {
	({ dir: fx.dir } = tempPlace("after-turn"));
	const home = join(fx.dir, "home");
	fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: "new\n" } }]), textReply("all written"), ...later]);
	fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home });
	await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
	await submitLine(fx.tmux, "make a file");
	await fx.tmux.waitForScreen((s) => s.includes("Allow write b.txt?"), "confirmation");
	lock = acquireLock(join(storeDirFor(home, fx.dir), "store"));
	await answerConfirmation(fx.tmux, (s) => s.includes("Allow write b.txt?"), "y");
	const screen = await fx.tmux.waitForScreen((s) => s.includes("all written") && s.includes("Finishing…"), "the reply and the finishing line");
	return { screen, home };
}

describe("after the reply, while the turn saves the file state (virtual terminal)", () => {
	it("shows that it is still saving, and a /tree typed then opens the tree once the run settles (not refused)", async () => {
		const { screen, home } = await replyWhileSaving();
		const t = fx.tmux!;
		expect(readFileSync(join(fx.dir!, "b.txt"), "utf8")).toBe("new\n");
		expect(screen).not.toContain("Still working");
		t.type("/tree");
		await t.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
		t.send("Enter");
		const waiting = await t.waitForScreen((s) => !s.includes("› /tree"), "/tree taken from the editor");
		expect(waiting).not.toContain("Still working");
		expect(waiting).toContain("Finishing…");
		expect(waiting).not.toContain("Session tree");
		release();
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "the tree, once the run settled");
		expect(tree).toContain("all written");
		expect(existsSync(join(storeDirFor(home, fx.dir!), "store.lock"))).toBe(false);
	}, 60_000);

	it("a prompt typed then is queued as a follow-up and sent once the file state is saved", async () => {
		await replyWhileSaving([textReply("second answer")]);
		await submitLine(fx.tmux!, "and then?");
		const queued = await fx.tmux!.waitForScreen((s) => s.includes("queued: and then?"), "the prompt queued");
		expect(queued).not.toContain("Still working");
		expect(fx.server!.requests).toHaveLength(2);
		release();
		await waitForReply(fx.tmux!, "second answer");
		expect(fx.server!.requests).toHaveLength(3);
	}, 60_000);
});
