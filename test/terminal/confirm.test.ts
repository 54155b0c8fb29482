import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerConfirmation, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

const args = (url: string) => ["--model", "compat:test-model", "--base-url", url];

describe("tool confirmation in the virtual terminal", () => {
	it("shows the edit's diff; Esc stops the whole turn (no further request, file unchanged)", async () => {
		({ dir: fx.dir } = tempPlace("confirm"));
		writeFileSync(join(fx.dir, "a.txt"), "one\ntwo\nthree\n");
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "edit", args: { path: "a.txt", oldText: "two", newText: "TWO" } }]), textReply("went on")]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "change two");
		const ask = await fx.tmux.waitForScreen((s) => s.includes("Allow edit a.txt?"), "confirmation");
		expect(ask).toMatch(/@@ -1,3 \+1,3 @@.*\n.* one.*\n.*-two.*\n.*\+TWO.*\n.* three/);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Allow edit") && s.includes("(aborted)"), "turn stopped");
		expect(fx.server.requests).toHaveLength(1);
		expect(readFileSync(join(fx.dir, "a.txt"), "utf8")).toBe("one\ntwo\nthree\n");
		await quit(fx.tmux);
	}, 60_000);

	it("shows a write's whole content (it fits 40 rows) and a bash command in full; n declines and the turn goes on", async () => {
		({ dir: fx.dir } = tempPlace("confirm"));
		const content = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
		fx.server = await startSseServer([
			toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content } }]),
			toolCallReply([{ id: "c2", name: "bash", args: { command: "echo first\necho second" } }]),
			textReply("all declined"),
		]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "make files");
		const write = await answerConfirmation(fx.tmux, (s) => s.includes("Allow write b.txt?"), "n", "write confirmation");
		expect(write).toMatch(/new file b\.txt:.*\n.*line 1.*\n(.*\n){18}.*line 20.*\n.*Yes \(y\)/);
		expect(write).not.toContain("more line");
		const bash = await answerConfirmation(fx.tmux, (s) => s.includes("Allow bash: echo first …?"), "n", "bash confirmation");
		expect(bash).toMatch(/\$ echo first.*\n.*echo second/);
		await fx.tmux.waitForScreen((s) => s.includes("all declined"), "turn went on");
		await quit(fx.tmux);
	}, 60_000);

	it("text typed as a question appears is the user's next message, not an answer: queued, nothing allowed; once the typing pauses y answers, then the message is sent", async () => {
		({ dir: fx.dir } = tempPlace("confirm"));
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content: "first version\n" } }]), textReply("wrote it"), textReply("edited next")]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "make b");
		await fx.tmux.waitForScreen((s) => s.includes("Allow write b.txt?"), "confirmation");
		// The next message typed fast, with its Enter, in one read: before, its Enter allowed the write and the text was lost.
		fx.tmux.write("edit b.txt first=>second\r");
		await fx.tmux.waitForScreen((s) => s.includes("queued: edit b.txt first=>second") && s.includes("Allow write b.txt?"), "message queued, question still open");
		expect(existsSync(join(fx.dir, "b.txt"))).toBe(false);
		expect(fx.server.requests).toHaveLength(1);
		await answerConfirmation(fx.tmux, (s) => s.includes("Allow write b.txt?"), "y");
		await fx.tmux.waitForScreen((s) => s.includes("edited next") && !s.includes("Working"), "the queued message answered");
		expect(readFileSync(join(fx.dir, "b.txt"), "utf8")).toBe("first version\n");
		expect(JSON.stringify(fx.server.requests[2]!.body.messages.at(-1))).toContain("edit b.txt first=>second");
		await quit(fx.tmux);
	}, 60_000);
});
