import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, fileEntries, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

const args = (url: string) => ["--model", "compat:test-model", "--base-url", url, "--yes"];

/** The roles and texts of a chat-completions request's messages after the system prompt. */
function conversation(body: any): string[] {
	return (body.messages as any[])
		.filter((m) => m.role !== "system")
		.map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : (m.content ?? []).map((p: any) => p.text ?? "").join("")}`);
}

/** The session's stored messages, as `role: text`. */
function storedMessages(home: string): string[] {
	const sessions = join(home, "sessions");
	const folder = join(sessions, readdirSync(sessions)[0]!);
	const file = join(folder, readdirSync(folder).find((f) => f.endsWith(".jsonl"))!);
	return fileEntries(file)
		.filter((e) => e.type === "message" && (e.message.role === "user" || e.message.role === "assistant"))
		.map((e) => {
			const content = e.message.content;
			const text = typeof content === "string" ? content : content.filter((p: any) => p.type === "text").map((p: any) => p.text).join("");
			return `${e.message.role}: ${text}`;
		});
}

describe("queued messages and steering at 80×24", () => {
	it("Enter queues while a tool runs, Alt+Enter steers after the tool; the follow-up is its own turn after", async () => {
		({ dir } = tempPlace("queue"));
		const home = join(dir, "home");
		// The tool runs until the test creates `go`: the queue is typed while it runs.
		const command = "while [ ! -e go ]; do sleep 0.02; done; echo gate-open";
		server = await startSseServer([
			toolCallReply([{ id: "c1", name: "bash", args: { command } }]),
			textReply("steered answer"),
			textReply("follow-up answer"),
		]);
		tmux = startArbor({ args: args(server.url), cwd: dir, home, cols: 80, rows: 24 });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "run the gate");
		await tmux.waitForScreen((s) => s.includes("while [ ! -e go ]"), "tool running");
		// Several keys per write: text and Enter, then text and Alt+Enter.
		tmux.write("queued one\r");
		tmux.write("steer now\x1b\r");
		const queued = await tmux.waitForScreen((s) => s.includes("queued: queued one") && s.includes("steering: steer now"), "both queued");
		expect(queued).toContain("Esc on an empty editor takes them back");
		expect(queued).not.toContain("Still working");
		expect(server.requests).toHaveLength(1);
		writeFileSync(join(dir, "go"), "");
		await tmux.waitForScreen((s) => s.includes("follow-up answer") && !s.includes("queued:"), "both delivered");
		expect(server.requests).toHaveLength(3);
		// The steer went in after the tool's result, in the same turn; the follow-up after the turn's answer.
		expect(conversation(server.requests[1]!.body).slice(-2)).toEqual([expect.stringMatching(/^tool: .*gate-open/s), "user: steer now"]);
		expect(conversation(server.requests[2]!.body).slice(-2)).toEqual(["assistant: steered answer", "user: queued one"]);
		expect(storedMessages(home)).toEqual(["user: run the gate", "assistant: ", "user: steer now", "assistant: steered answer", "user: queued one", "assistant: follow-up answer"]);
		expect(existsSync(join(dir, "go"))).toBe(true);
		await quit(tmux);
	}, 60_000);

	it.each([
		["Ctrl+C", "", "\u0003"],
		["Esc with text in the editor", "draft", "\u001b"],
	])("an abort with %s leaves the queue; Enter on an empty editor then sends it, each message its own turn", async (_what, draft, abortKey) => {
		({ dir } = tempPlace("queue"));
		server = await startSseServer([textReply("streaming and never done", { hold: true }), textReply("answer to a"), textReply("answer to b")]);
		tmux = startArbor({ args: args(server.url), cwd: dir, home: join(dir, "home"), cols: 80, rows: 24 });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "start");
		await tmux.waitForScreen((s) => s.includes("never done"), "streaming");
		tmux.write("a\rb\r");
		await tmux.waitForScreen((s) => s.includes("queued: a") && s.includes("queued: b"), "two queued");
		tmux.write(draft + abortKey);
		const aborted = await tmux.waitForScreen((s) => s.includes("Aborted"), "aborted");
		if (draft) {
			expect(aborted).toContain(`› ${draft}`);
			tmux.send("C-u");
			await tmux.waitForScreen((s) => !s.includes(`› ${draft}`), "draft cleared");
		}
		expect(aborted).toMatch(/queued: a\n.*queued: b/);
		expect(server.requests).toHaveLength(1);
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("answer to b") && !s.includes("queued:"), "queue sent");
		expect(server.requests).toHaveLength(3);
		expect(conversation(server.requests[1]!.body).slice(-1)).toEqual(["user: a"]);
		expect(conversation(server.requests[2]!.body).slice(-3)).toEqual(["user: a", "assistant: answer to a", "user: b"]);
		await quit(tmux);
	}, 60_000);

	it("Esc on an empty editor takes the queue back into the editor without stopping the reply; Esc again aborts", async () => {
		({ dir } = tempPlace("queue"));
		server = await startSseServer([textReply("streaming and never done", { hold: true })]);
		tmux = startArbor({ args: args(server.url), cwd: dir, home: join(dir, "home"), cols: 80, rows: 24 });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "start");
		await tmux.waitForScreen((s) => s.includes("never done"), "streaming");
		tmux.write("first\rsecond\r");
		await tmux.waitForScreen((s) => s.includes("queued: second"), "two queued");
		tmux.send("Escape");
		const back = await tmux.waitForScreen((s) => s.includes("› first\n  second") && !s.includes("queued:"), "queue in the editor");
		expect(back).toContain("streaming and never done");
		expect(back).not.toContain("Aborted");
		tmux.send("Escape");
		const aborted = await tmux.waitForScreen((s) => s.includes("Aborted"), "aborted");
		expect(aborted).toContain("› first\n  second");
		expect(server.requests).toHaveLength(1);
		tmux.send("C-c");
		await tmux.waitForScreen((s) => !s.includes("› first"), "editor cleared");
		await quit(tmux);
	}, 60_000);
});
