import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { storeDirFor } from "../../source/checkpoints/store.js";
import { acquireLock, type LockHandle } from "../../source/session/lock.js";
import { answerConfirmation, submitLine, tempPlace, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("after the reply, while the turn saves the file state (virtual terminal)", () => {
	it("shows that it is still saving, and a /tree typed then opens the tree once the run settles (not refused)", async () => {
		({ dir: fx.dir } = tempPlace("after-turn"));
		const home = join(fx.dir, "home");
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: "new\n" } }]), textReply("all written")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "make a file");
		// The snapshot before the tool is taken before it asks: from here the store's lock (held as
		// another arbor would) holds the after-turn snapshot until the test lets it go.
		await fx.tmux.waitForScreen((s) => s.includes("Allow write b.txt?"), "confirmation");
		let lock: LockHandle | undefined = acquireLock(join(storeDirFor(home, fx.dir), "store"));
		try {
			await answerConfirmation(fx.tmux, (s) => s.includes("Allow write b.txt?"), "y");
			const saving = await fx.tmux.waitForScreen((s) => s.includes("all written") && s.includes("Finishing…"), "the reply and the saving line");
			expect(readFileSync(join(fx.dir, "b.txt"), "utf8")).toBe("new\n");
			expect(saving).not.toContain("Still working");
			fx.tmux.type("/tree");
			await fx.tmux.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
			fx.tmux.send("Enter");
			const waiting = await fx.tmux.waitForScreen((s) => !s.includes("› /tree"), "/tree taken from the editor");
			expect(waiting).not.toContain("Still working");
			expect(waiting).toContain("Finishing…");
			expect(waiting).not.toContain("Session tree");
			lock.release();
			lock = undefined;
			const tree = await fx.tmux.waitForScreen((s) => s.includes("Session tree"), "the tree, once the run settled");
			expect(tree).toContain("all written");
			expect(existsSync(join(storeDirFor(home, fx.dir), "store.lock"))).toBe(false);
		} finally {
			lock?.release();
		}
	}, 60_000);

	it("a prompt typed then is queued as a follow-up and sent once the file state is saved", async () => {
		({ dir: fx.dir } = tempPlace("after-turn"));
		const home = join(fx.dir, "home");
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: "new\n" } }]), textReply("all written"), textReply("second answer")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "make a file");
		await fx.tmux.waitForScreen((s) => s.includes("Allow write b.txt?"), "confirmation");
		let lock: LockHandle | undefined = acquireLock(join(storeDirFor(home, fx.dir), "store"));
		try {
			await answerConfirmation(fx.tmux, (s) => s.includes("Allow write b.txt?"), "y");
			await fx.tmux.waitForScreen((s) => s.includes("all written") && s.includes("Finishing…"), "the reply and the finishing line");
			await submitLine(fx.tmux, "and then?");
			const queued = await fx.tmux.waitForScreen((s) => s.includes("queued: and then?"), "the prompt queued");
			expect(queued).not.toContain("Still working");
			expect(fx.server.requests).toHaveLength(2);
			lock.release();
			lock = undefined;
			await waitForReply(fx.tmux, "second answer");
			expect(fx.server.requests).toHaveLength(3);
		} finally {
			lock?.release();
		}
	}, 60_000);
});
