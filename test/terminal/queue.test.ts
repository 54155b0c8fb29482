import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

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
		({ dir: fx.dir } = tempPlace("queue"));
		const home = join(fx.dir, "home");
		// The tool runs until the test creates `go`: the queue is typed while it runs.
		const command = "while [ ! -e go ]; do sleep 0.02; done; echo gate-open";
		fx.server = await startSseServer([
			toolCallReply([{ id: "c1", name: "bash", args: { command } }]),
			textReply("steered answer"),
			textReply("follow-up answer"),
		]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home, cols: 80, rows: 24 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "run the gate");
		await fx.tmux.waitForScreen((s) => s.includes("while [ ! -e go ]"), "tool running");
		// Several keys per write: text and Enter, then text and Alt+Enter.
		fx.tmux.write("queued one\r");
		fx.tmux.write("steer now\x1b\r");
		const queued = await fx.tmux.waitForScreen((s) => s.includes("queued: queued one") && s.includes("steering: steer now"), "both queued");
		expect(queued).toContain("Esc on an empty editor takes them back");
		expect(queued).not.toContain("Still working");
		expect(fx.server.requests).toHaveLength(1);
		writeFileSync(join(fx.dir, "go"), "");
		await fx.tmux.waitForScreen((s) => s.includes("follow-up answer") && !s.includes("queued:"), "both delivered");
		expect(fx.server.requests).toHaveLength(3);
		// The steer went in after the tool's result, in the same turn; the follow-up after the turn's answer.
		expect(conversation(fx.server.requests[1]!.body).slice(-2)).toEqual([expect.stringMatching(/^tool: .*gate-open/s), "user: steer now"]);
		expect(conversation(fx.server.requests[2]!.body).slice(-2)).toEqual(["assistant: steered answer", "user: queued one"]);
		expect(storedMessages(home)).toEqual(["user: run the gate", "assistant: ", "user: steer now", "assistant: steered answer", "user: queued one", "assistant: follow-up answer"]);
		expect(existsSync(join(fx.dir, "go"))).toBe(true);
		await quit(fx.tmux);
	}, 60_000);

	it.each([
		["Ctrl+C", "", "\u0003"],
		["Esc with text in the editor", "draft", "\u001b"],
	])("an abort with %s leaves the queue; Enter on an empty editor then sends it, each message its own turn", async (_what, draft, abortKey) => {
		({ dir: fx.dir } = tempPlace("queue"));
		fx.server = await startSseServer([textReply("streaming and never done", { hold: true }), textReply("answer to a"), textReply("answer to b")]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home: join(fx.dir, "home"), cols: 80, rows: 24 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "start");
		await fx.tmux.waitForScreen((s) => s.includes("never done"), "streaming");
		fx.tmux.write("a\rb\r");
		await fx.tmux.waitForScreen((s) => s.includes("queued: a") && s.includes("queued: b"), "two queued");
		fx.tmux.write(draft + abortKey);
		const aborted = await fx.tmux.waitForScreen((s) => s.includes("Aborted"), "aborted");
		if (draft) {
			expect(aborted).toContain(`› ${draft}`);
			fx.tmux.send("C-u");
			await fx.tmux.waitForScreen((s) => !s.includes(`› ${draft}`), "draft cleared");
		}
		expect(aborted).toMatch(/queued: a\n.*queued: b/);
		expect(fx.server.requests).toHaveLength(1);
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("answer to b") && !s.includes("queued:"), "queue sent");
		expect(fx.server.requests).toHaveLength(3);
		expect(conversation(fx.server.requests[1]!.body).slice(-1)).toEqual(["user: a"]);
		expect(conversation(fx.server.requests[2]!.body).slice(-3)).toEqual(["user: a", "assistant: answer to a", "user: b"]);
		await quit(fx.tmux);
	}, 60_000);

	it("Esc on an empty editor takes the queue back into the editor without stopping the reply; Esc again aborts", async () => {
		({ dir: fx.dir } = tempPlace("queue"));
		fx.server = await startSseServer([textReply("streaming and never done", { hold: true })]);
		fx.tmux = startArbor({ args: args(fx.server.url), cwd: fx.dir, home: join(fx.dir, "home"), cols: 80, rows: 24 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "start");
		await fx.tmux.waitForScreen((s) => s.includes("never done"), "streaming");
		fx.tmux.write("first\rsecond\r");
		await fx.tmux.waitForScreen((s) => s.includes("queued: second"), "two queued");
		fx.tmux.send("Escape");
		const back = await fx.tmux.waitForScreen((s) => s.includes("› first\n  second") && !s.includes("queued:"), "queue in the editor");
		expect(back).toContain("streaming and never done");
		expect(back).not.toContain("Aborted");
		fx.tmux.send("Escape");
		const aborted = await fx.tmux.waitForScreen((s) => s.includes("Aborted"), "aborted");
		expect(aborted).toContain("› first\n  second");
		expect(fx.server.requests).toHaveLength(1);
		fx.tmux.send("C-c");
		await fx.tmux.waitForScreen((s) => !s.includes("› first"), "editor cleared");
		await quit(fx.tmux);
	}, 60_000);
});
