import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentSession, AgentError, type AgentEvent, type ConfirmRequest } from "../../source/agent/agent-session.js";
import type { ModelChoice } from "../../source/config/model-config.js";
import { mergeCatalog } from "../../source/llm/model-catalog.js";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";
import { SessionStore } from "../../source/session/store.js";
import { resolved, streamingModel, textChunks, toolCallChunks } from "../llm/mock-model.js";

const dirs: string[] = [];
const open: AgentSession[] = [];
afterEach(async () => {
	for (const agent of open.splice(0)) await agent.close();
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agent-"));
	dirs.push(dir);
	return dir;
}

function choice(chat: ResolvedModel): ModelChoice {
	return { chat, summary: chat, catalog: mergeCatalog([]), resolve: () => ({ ok: false, message: "no other models in this test" }) };
}

async function openAgent(chat: ResolvedModel, extra: Partial<Parameters<typeof AgentSession.open>[0]> = {}) {
	const cwd = tempDir();
	const agent = await AgentSession.open({ cwd, home: tempDir(), sessionDir: tempDir(), extensions: false, contextFiles: false, settings: {}, modelChoice: choice(chat), ...extra });
	open.push(agent);
	const events: AgentEvent[] = [];
	agent.subscribe((e) => events.push(e));
	return { agent, cwd, events };
}

/** An agent whose "go" streams "partial" and then holds until it is aborted; resolves once the text has streamed. */
async function streamingUntilAborted() {
	const { MockLanguageModelV3 } = await import("ai/test");
	const model = new MockLanguageModelV3({
		doStream: async ({ abortSignal }) => ({
			stream: new ReadableStream({
				start(controller) {
					controller.enqueue({ type: "stream-start", warnings: [] });
					controller.enqueue({ type: "text-start", id: "t" });
					controller.enqueue({ type: "text-delta", id: "t", delta: "partial" });
					abortSignal?.addEventListener("abort", () => controller.error(abortSignal.reason));
				},
			}),
		}),
	});
	const { agent, events } = await openAgent(resolved(model));
	const seen = new Promise<void>((resolve) => agent.subscribe((e) => e.type === "text_delta" && resolve()));
	const done = agent.prompt("go");
	await seen;
	return { agent, events, done };
}

describe("AgentSession", () => {
	it("runs a prompt with a confirmed write tool call and stores the turn in the session file", async () => {
		const asked: ConfirmRequest[] = [];
		const model = streamingModel([
			toolCallChunks({ toolCallId: "c1", toolName: "write", input: { path: "note.txt", content: "hi\n" } }),
			textChunks(["wrote it"]),
		]);
		const { agent, cwd, events } = await openAgent(resolved(model), {
			confirm: async (request) => {
				asked.push(request);
				return "yes";
			},
		});
		const result = await agent.prompt("write a note");
		expect(result?.ok).toBe(true);
		expect(result?.text).toBe("wrote it");
		expect(fs.readFileSync(path.join(cwd, "note.txt"), "utf8")).toBe("hi\n");
		expect(asked.map((r) => [r.toolName, r.toolCallId])).toEqual([["write", "c1"]]);
		const types = events.map((e) => e.type);
		expect(types[0]).toBe("agent_start");
		// agent_end, then agent_settled: nothing more runs on its own.
		expect(types.slice(-2)).toEqual(["agent_end", "agent_settled"]);
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		expect(types).toContain("tool_call");
		expect(types).toContain("tool_result");
		const end = events.at(-2) as Extract<AgentEvent, { type: "agent_end" }>;
		expect(end.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		// The file holds the same turn (a fresh reader).
		const reread = SessionStore.open(agent.store.file!).snapshot();
		expect(reread.getPath(reread.leafId).filter((e) => e.type === "message")).toHaveLength(4);
		expect(agent.lastAssistantText()).toBe("wrote it");
		expect(agent.stats()).toMatchObject({ userMessages: 1, assistantMessages: 2, toolCalls: 1, toolResults: 1 });
	});

	it("refuses write without a confirm callback, and the file is not written", async () => {
		const model = streamingModel([toolCallChunks({ toolCallId: "c1", toolName: "write", input: { path: "x.txt", content: "no" } }), textChunks(["refused"])]);
		const { agent, cwd } = await openAgent(resolved(model));
		await agent.prompt("write");
		expect(fs.existsSync(path.join(cwd, "x.txt"))).toBe(false);
		const result = agent.messages().find((m) => m.role === "toolResult");
		expect(result && "isError" in result && result.isError).toBe(true);
	});

	it("refuses a second prompt while a run goes, and steering is taken at the next step boundary", async () => {
		const model = streamingModel([toolCallChunks({ toolCallId: "c1", toolName: "ls", input: {} }), textChunks(["after steer"])]);
		const { agent, events } = await openAgent(resolved(model));
		agent.subscribe((e) => {
			if (e.type === "tool_call") agent.steer("look elsewhere");
		});
		const done = agent.prompt("list");
		expect(() => agent.prompt("again")).toThrow(AgentError);
		await done;
		const roles = agent.messages().map((m) => `${m.role}${m.role === "user" ? `:${typeof m.content === "string" ? m.content : ""}` : ""}`);
		expect(roles).toEqual(["user:list", "assistant", "toolResult", "user:look elsewhere", "assistant"]);
		expect(events.filter((e) => e.type === "queue_update").length).toBeGreaterThanOrEqual(2);
	});

	it("runs a follow-up as its own turn inside the same run", async () => {
		const model = streamingModel([textChunks(["one"]), textChunks(["two"])]);
		const { agent, events } = await openAgent(resolved(model));
		agent.subscribe((e) => {
			if (e.type === "text_delta" && e.delta === "one") agent.followUp("and two");
		});
		await agent.prompt("one");
		expect(agent.messages().map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
		expect(events.filter((e) => e.type === "agent_start")).toHaveLength(1);
		expect(events.filter((e) => e.type === "turn_start")).toHaveLength(2);
	});

	it("navigates, forks and clones", async () => {
		const model = streamingModel([textChunks(["a1"]), textChunks(["a2"])]);
		const { agent, events } = await openAgent(resolved(model));
		await agent.prompt("q1");
		await agent.prompt("q2");
		const [first, second] = agent.forkMessages();
		expect(second?.text).toBe("q2");
		const moved = await agent.navigate(second!.entryId);
		expect(moved).toMatchObject({ status: "moved", editorText: "q2" });
		expect(agent.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(events.some((e) => e.type === "tree_moved")).toBe(true);
		const oldFile = agent.store.file;
		const forked = await agent.fork(first!.entryId);
		expect(forked).toEqual({ cancelled: false, text: "q1" });
		expect(agent.store.file).not.toBe(oldFile);
		expect(agent.messages()).toEqual([]);
		await agent.switchSession(oldFile!);
		expect(agent.store.file).toBe(oldFile);
		await agent.clone();
		expect(agent.store.file).not.toBe(oldFile);
		expect(agent.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("abort stops a streaming turn and stores what streamed", async () => {
		const { agent, events, done } = await streamingUntilAborted();
		await agent.abort();
		const result = await done;
		expect(result?.reason).toBe("aborted");
		expect(agent.isStreaming).toBe(false);
		const last = agent.messages().at(-1);
		expect(last?.role === "assistant" && last.stopReason).toBe("aborted");
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: true });
	});

	it("an aborted run hands back what was still queued with agent_end (not sent, not stored)", async () => {
		const { agent, events, done } = await streamingUntilAborted();
		agent.steer("steer me");
		agent.followUp("follow me");
		await agent.abort();
		await done;
		const end = events.find((e) => e.type === "agent_end");
		expect(end).toMatchObject({ queued: { steering: ["steer me"], followUp: ["follow me"] } });
		expect(agent.queued).toEqual({ steering: [], followUp: [] });
		expect(agent.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("clearQueue empties both queues, returns what they held and reports the empty queues", async () => {
		const model = streamingModel([textChunks(["one"]), textChunks(["two"])]);
		const { agent, events } = await openAgent(resolved(model));
		let cleared: ReturnType<AgentSession["clearQueue"]> | undefined;
		agent.subscribe((e) => {
			if (e.type !== "text_delta" || e.delta !== "one") return;
			agent.steer("steer me");
			agent.followUp("follow me");
			cleared = agent.clearQueue();
		});
		await agent.prompt("one");
		expect(cleared).toEqual({ steering: ["steer me"], followUp: ["follow me"] });
		expect(events.filter((e) => e.type === "queue_update").at(-1)).toEqual({ type: "queue_update", steering: [], followUp: [] });
		// Nothing queued ran: one turn only.
		expect(agent.messages().map((m) => m.role)).toEqual(["user", "assistant"]);
	});
});
