import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";
import type { RunTurnOptions, TurnResult } from "../../source/llm/turn.js";
import { SessionStore } from "../../source/session/store.js";
import { AgentSession, type AgentOpenOptions } from "../../source/agent/agent-session.js";
import { mergeCatalog } from "../../source/llm/model-catalog.js";
import { ChatBridge } from "../../source/ui/chat/chat-bridge.js";
import type { InteractiveOptions } from "../../source/ui/options.js";
import { runInteractive } from "../../source/ui/run-interactive.js";
import { waitFor } from "../helpers/wait-for.js";
import { resolved, streamingModel, toolCallChunks } from "../llm/mock-model.js";
import { cleanTempDirs, tempDir } from "../navigation/helpers.js";

afterEach(cleanTempDirs);

/** A terminal for Ink: records what was written, takes keys through write(). */
class FakeStdout extends EventEmitter {
	columns = 100;
	rows = 30;
	isTTY = true;
	written = "";
	write = (data: string) => ((this.written += data), true);
}
class FakeStdin extends EventEmitter {
	isTTY = true;
	private queue: string[] = [];
	write(data: string) {
		this.queue.push(data);
		this.emit("readable");
	}
	read = () => this.queue.shift() ?? null;
	setEncoding() {}
	setRawMode() {}
	resume() {}
	pause() {}
	ref() {}
	unref() {}
}

/** A model that streams "partial", then hangs like a slow server until the request is aborted. */
function hangingModel(): ResolvedModel {
	const model = new MockLanguageModelV3({
		doStream: async ({ abortSignal }) => {
			let pull = 0;
			return {
				stream: new ReadableStream({
					pull(c) {
						pull += 1;
						if (pull === 1) c.enqueue({ type: "stream-start", warnings: [] });
						if (pull === 2) c.enqueue({ type: "text-start", id: "t" });
						if (pull === 3) c.enqueue({ type: "text-delta", id: "t", delta: "partial" });
						if (pull === 4) return new Promise<void>((resolve) => abortSignal?.addEventListener("abort", () => resolve()));
					},
				}),
			};
		},
	});
	return { spec: "mock:hang", provider: "mock", modelId: "hang", model, api: "openai-completions" } as ResolvedModel;
}

/** The chat as interactive.ts runs it: one core opened with the bridge's callbacks, the app over it, the core closed after. */
async function runChat(opts: { dir: string; store: SessionStore; model: ResolvedModel; tools?: string[]; runTurn?: AgentOpenOptions["runTurn"] }, io: Parameters<typeof runInteractive>[2]): Promise<number> {
	const { dir, store } = opts;
	const bridge = new ChatBridge();
	const agent = await AgentSession.open({
		cwd: dir, home: dir, sessionDir: dir, store, settings: {}, extensions: false, contextFiles: false, checkpoints: false, yes: true, tools: opts.tools?.join(",") ?? "", runTurn: opts.runTurn,
		modelChoice: { chat: opts.model, summary: opts.model, catalog: mergeCatalog([]), resolve: () => ({ ok: false, message: "no" }) }, ...bridge.callbacks,
	});
	const options: InteractiveOptions = { cwd: dir, home: dir, sessionDir: dir, askSummary: false, treeFilter: "default", resolveModel: () => ({ ok: false, message: "no" }) };
	try {
		return await runInteractive(options, { agent, bridge }, io);
	} finally {
		await agent.close();
	}
}

describe("runInteractive", () => {
	it("quitting during a reply stores the aborted reply, then closes the session", async () => {
		const dir = tempDir();
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		const stdout = new FakeStdout();
		const stdin = new FakeStdin();
		const done = runChat({ dir, store, model: hangingModel(), tools: [] }, { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
		await waitFor(() => stdout.written.includes("›"), { what: "editor" });
		stdin.write("hi");
		await waitFor(() => stdout.written.includes("hi"), { what: "typed text" });
		stdin.write("\r");
		await waitFor(() => stdout.written.includes("partial"), { what: "streamed text" });
		stdin.write("\u0004"); // Ctrl+D on the empty editor quits
		expect(await done).toBe(0);
		const lines = readFileSync(store.file!, "utf8").trim().split("\n").map((l) => JSON.parse(l));
		expect(lines.map((l) => l.type)).toEqual(["session", "message", "message"]);
		expect(lines[1].message).toMatchObject({ role: "user", content: "hi" });
		expect(lines[2].message).toMatchObject({ role: "assistant", stopReason: "aborted", content: [{ type: "text", text: "partial" }] });
		// The lock was released: another writer can open the file.
		const again = SessionStore.open(store.file!, { write: true });
		expect(again.snapshot().entries.length).toBe(2);
		again.close();
	});

	it("quitting while a tool runs waits for the tool to stop before closing", async () => {
		const dir = tempDir();
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		const stdout = new FakeStdout();
		const stdin = new FakeStdin();
		const model = streamingModel([toolCallChunks({ text: "Running.", toolCallId: "b1", toolName: "bash", input: { command: "sleep 30" } })]);
		const done = runChat({ dir, store, model: resolved(model), tools: ["bash"] }, { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
		await waitFor(() => stdout.written.includes("›"), { what: "editor" });
		stdin.write("go");
		await waitFor(() => stdout.written.includes("go"), { what: "typed text" });
		stdin.write("\r");
		await waitFor(() => stdout.written.includes("sleep 30 ("), { what: "running tool" });
		stdin.write("\u0004");
		expect(await done).toBe(0);
		const lines = readFileSync(store.file!, "utf8").trim().split("\n").map((l) => JSON.parse(l));
		expect(lines.map((l) => l.message?.role ?? l.type)).toEqual(["session", "user", "assistant"]);
		expect(lines[2].message).toMatchObject({ stopReason: "aborted" });
	});

	it("quitting waits for a turn that is slow to wind down before closing the store", async () => {
		const dir = tempDir();
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		const stdout = new FakeStdout();
		const stdin = new FakeStdin();
		let writeError: unknown;
		// Like a tool whose process group takes a moment to exit: the aborted step is stored later.
		const runTurn = async (o: RunTurnOptions): Promise<TurnResult> => {
			o.store.appendMessage({ role: "user", content: o.prompt as string, timestamp: 1 });
			o.onEvent?.({ type: "text_delta", delta: "partial" });
			await new Promise((resolve) => o.signal?.addEventListener("abort", resolve));
			await new Promise((resolve) => setTimeout(resolve, 50));
			try {
				o.store.appendMessage({ role: "assistant", content: [{ type: "text", text: "partial" }], stopReason: "aborted", timestamp: 2 });
			} catch (error) {
				writeError = error;
			}
			return { ok: false, reason: "aborted", stopReason: "aborted", text: "partial", usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } } as TurnResult;
		};
		const done = runChat({ dir, store, model: hangingModel(), tools: [], runTurn }, { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
		await waitFor(() => stdout.written.includes("›"), { what: "editor" });
		stdin.write("hi");
		await waitFor(() => stdout.written.includes("hi"), { what: "typed text" });
		stdin.write("\r");
		await waitFor(() => stdout.written.includes("partial"), { what: "streamed text" });
		stdin.write("\u0004");
		expect(await done).toBe(0);
		expect(writeError).toBeUndefined();
		const lines = readFileSync(store.file!, "utf8").trim().split("\n").map((l) => JSON.parse(l));
		expect(lines.map((l) => l.message?.role ?? l.type)).toEqual(["session", "user", "assistant"]);
	});

	it("a fork of a session that is not on disk yet names no parent file", async () => {
		const dir = tempDir();
		const lazy = SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: false });
		const agent = await AgentSession.open({ cwd: dir, home: dir, sessionDir: dir, store: lazy, settings: {}, extensions: false, contextFiles: false, checkpoints: false, modelChoice: { chat: hangingModel(), catalog: mergeCatalog([]), resolve: () => ({ ok: false, message: "no" }) } });
		// Entries in memory only (a lazy session writes its file with its first reply).
		lazy.appendMessage({ role: "user", content: "q", timestamp: 1 });
		const id = lazy.snapshot().leafId!;
		expect(lazy.persisted).toBe(false);
		await agent.fork(id);
		expect(agent.store.snapshot().header.parentSession).toBeUndefined();
		await agent.close();
	});
});
