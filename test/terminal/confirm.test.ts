import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

const args = (url: string) => ["--model", "compat:test-model", "--base-url", url];

describe("tool confirmation in the virtual terminal", () => {
	it("shows the edit's diff; Esc stops the whole turn (no further request, file unchanged)", async () => {
		({ dir } = tempPlace("confirm"));
		writeFileSync(join(dir, "a.txt"), "one\ntwo\nthree\n");
		server = await startSseServer([toolCallReply([{ id: "c1", name: "edit", args: { path: "a.txt", oldText: "two", newText: "TWO" } }]), textReply("went on")]);
		tmux = startArbor({ args: args(server.url), cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "change two");
		const ask = await tmux.waitForScreen((s) => s.includes("Allow edit a.txt?"), "confirmation");
		expect(ask).toMatch(/@@ -1,3 \+1,3 @@.*\n.* one.*\n.*-two.*\n.*\+TWO.*\n.* three/);
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Allow edit") && s.includes("(aborted)"), "turn stopped");
		expect(server.requests).toHaveLength(1);
		expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("one\ntwo\nthree\n");
		await quit(tmux);
	}, 60_000);

	it("shows a write's whole content (it fits 40 rows) and a bash command in full; n declines and the turn goes on", async () => {
		({ dir } = tempPlace("confirm"));
		const content = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
		server = await startSseServer([
			toolCallReply([{ id: "c1", name: "write", args: { path: "b.txt", content } }]),
			toolCallReply([{ id: "c2", name: "bash", args: { command: "echo first\necho second" } }]),
			textReply("all declined"),
		]);
		tmux = startArbor({ args: args(server.url), cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "make files");
		const write = await tmux.waitForScreen((s) => s.includes("Allow write b.txt?"), "write confirmation");
		expect(write).toMatch(/new file b\.txt:.*\n.*line 1.*\n(.*\n){18}.*line 20.*\n.*Yes \(y\)/);
		expect(write).not.toContain("more line");
		tmux.send("n");
		const bash = await tmux.waitForScreen((s) => s.includes("Allow bash: echo first …?"), "bash confirmation");
		expect(bash).toMatch(/\$ echo first.*\n.*echo second/);
		tmux.send("n");
		await tmux.waitForScreen((s) => s.includes("all declined"), "turn went on");
		await quit(tmux);
	}, 60_000);
});
