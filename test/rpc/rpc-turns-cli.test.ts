import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { answerConfirm, cleanUp, startRpc, type RpcEvent } from "./helpers.js";

afterEach(cleanUp);

const types = (events: RpcEvent[]) => events.map((e) => e.type);

describe("arbor --mode rpc driven by pi's RpcClient: turns", () => {
	it("streams a full turn with a write tool call the client allows, in pi's events", async () => {
		const rpc = await startRpc([toolCallReply([{ id: "call_1", name: "write", args: { path: "note.txt", content: "hello\n" } }], { text: "Writing." }), textReply("Done writing.")]);
		const idle = rpc.client.collectEvents(20_000);
		await rpc.client.prompt("write a note");
		const request = await answerConfirm(rpc, { confirmed: true });
		expect(request).toMatchObject({ method: "confirm", title: "Allow write?", toolName: "write", toolCallId: "call_1", args: { path: "note.txt" } });
		const events = (await idle) as RpcEvent[];
		expect(readFileSync(join(rpc.cwd, "note.txt"), "utf8")).toBe("hello\n");
		const seen = types(events);
		expect(seen[0]).toBe("agent_start");
		expect(seen.at(-1)).toBe("agent_end");
		for (const t of ["turn_start", "message_start", "message_update", "tool_execution_start", "tool_execution_end", "message_end", "turn_end"]) expect(seen).toContain(t);
		const deltas = events.filter((e) => e.type === "message_update" && e.assistantMessageEvent.type === "text_delta").map((e) => e.assistantMessageEvent.delta);
		expect(deltas.join("")).toBe("Writing.Done writing.");
		const toolEnd = events.find((e) => e.type === "tool_execution_end");
		expect(toolEnd).toMatchObject({ toolCallId: "call_1", toolName: "write", isError: false });
		const turnEnds = events.filter((e) => e.type === "turn_end");
		expect(turnEnds).toHaveLength(2);
		expect(turnEnds[0]?.toolResults.map((r: { toolCallId: string }) => r.toolCallId)).toEqual(["call_1"]);
		const end = events.at(-1) as RpcEvent;
		expect(end.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect((await rpc.client.getMessages()).map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(await rpc.client.getLastAssistantText()).toBe("Done writing.");
		// The provider got the tool result in the second request.
		expect(JSON.stringify(rpc.server.requests[1]?.body.messages)).toContain("call_1");
	});

	it("a refused permission (or no answer before abort) never runs the tool", async () => {
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "bash", args: { command: "touch ran.txt" } }]), textReply("Not run.")]);
		const idle = rpc.client.collectEvents(20_000);
		await rpc.client.prompt("run it");
		await answerConfirm(rpc, { confirmed: false });
		const events = (await idle) as RpcEvent[];
		expect(existsSync(join(rpc.cwd, "ran.txt"))).toBe(false);
		expect(events.find((e) => e.type === "tool_execution_end")).toMatchObject({ isError: true });
		expect(JSON.stringify(events.find((e) => e.type === "tool_execution_end"))).toContain("declined");
	});

	it("a question nobody answers is refused when the client aborts: the tool never runs", async () => {
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "write", args: { path: "never.txt", content: "x" } }]), textReply("unused")]);
		const idle = rpc.client.collectEvents(20_000);
		await rpc.client.prompt("write");
		const question = await waitFor(() => rpc.events.find((e) => e.type === "extension_ui_request" && e.method === "confirm"), { what: "the question" });
		await rpc.client.abort();
		await idle;
		const last = (await rpc.client.getMessages()).at(-1) as { role: string; stopReason?: string };
		expect(last).toMatchObject({ role: "assistant", stopReason: "aborted" });
		// The abort answered the question "no": a late "yes" finds no open question and runs nothing.
		rpc.raw(`${JSON.stringify({ type: "extension_ui_response", id: question.id, confirmed: true })}\n`);
		await waitFor(() => rpc.stderr().includes(`extension_ui_response for no open question (${question.id})`), { what: "the late answer ignored" });
		expect(existsSync(join(rpc.cwd, "never.txt"))).toBe(false);
		expect((await rpc.client.getState()).isStreaming).toBe(false);
	});

	it("--yes runs write without asking", async () => {
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "write", args: { path: "y.txt", content: "y" } }]), textReply("ok")], ["--yes"]);
		const events = await rpc.client.promptAndWait("write", undefined, 20_000);
		expect(readFileSync(join(rpc.cwd, "y.txt"), "utf8")).toBe("y");
		expect(events.some((e) => (e as RpcEvent).type === "extension_ui_request")).toBe(false);
	});

	it("abort mid-stream ends the run, stores what streamed as aborted, and the session goes on", async () => {
		const rpc = await startRpc([textReply(["Partial ", "answer"], { hold: true }), textReply("Second answer.")]);
		const idle = rpc.client.waitForIdle(20_000);
		await rpc.client.prompt("start");
		await waitFor(() => rpc.events.some((e) => e.type === "message_update" && e.assistantMessageEvent.delta === "answer"), { what: "the streamed text" });
		await rpc.client.abort();
		await idle;
		const messages = await rpc.client.getMessages();
		const last = messages.at(-1) as { role: string; stopReason: string; content: { text: string }[] };
		expect(last).toMatchObject({ role: "assistant", stopReason: "aborted" });
		expect(last.content[0]?.text).toBe("Partial answer");
		expect((await rpc.client.getState()).isStreaming).toBe(false);
		await rpc.client.promptAndWait("again", undefined, 20_000);
		expect(await rpc.client.getLastAssistantText()).toBe("Second answer.");
	});

	it("steer lands at the next step boundary; follow_up runs after the turn; prompt while streaming needs streamingBehavior", async () => {
		const rpc = await startRpc([
			toolCallReply([{ id: "c1", name: "write", args: { path: "a.txt", content: "a" } }]),
			textReply("after steer"),
			textReply("after follow-up"),
			textReply("after fourth"),
		]);
		const idle = rpc.client.collectEvents(20_000);
		await rpc.client.prompt("write a");
		// The run waits on the permission question: queue both messages, then allow the tool.
		const question = await waitFor(() => rpc.events.find((e) => e.type === "extension_ui_request" && e.method === "confirm"), { what: "the question" });
		await rpc.client.steer("use the other folder");
		await rpc.client.followUp("and summarize");
		const busy = await rpc.send({ type: "prompt", message: "third" });
		expect(busy.success).toBe(false);
		expect(busy.error).toContain("streamingBehavior");
		expect(await rpc.send({ type: "prompt", message: "fourth", streamingBehavior: "followUp" })).toMatchObject({ success: true });
		rpc.raw(`${JSON.stringify({ type: "extension_ui_response", id: question.id, confirmed: true })}\n`);
		const events = (await idle) as RpcEvent[];
		const users = (await rpc.client.getMessages()).filter((m) => m.role === "user").map((m) => (m as { content: string }).content);
		expect(users).toEqual(["write a", "use the other folder", "and summarize", "fourth"]);
		const queues = events.filter((e) => e.type === "queue_update");
		expect(queues.some((q) => q.steering.includes("use the other folder") && q.followUp.includes("and summarize"))).toBe(true);
		expect(queues.at(-1)).toMatchObject({ steering: [], followUp: [] });
		// Each follow-up is its own turn, in order, within the one run.
		expect(rpc.server.requests).toHaveLength(4);
		expect(JSON.stringify(rpc.server.requests[1]?.body.messages)).toContain("use the other folder");
		expect(events.filter((e) => e.type === "agent_start")).toHaveLength(1);
		expect(await rpc.client.getLastAssistantText()).toBe("after fourth");
	});

	it("a prompt with an image sends it to the model", async () => {
		const rpc = await startRpc([textReply("a red pixel")]);
		const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
		await rpc.client.promptAndWait("what is this?", [{ type: "image", data: png, mimeType: "image/png" }], 20_000);
		const sent = JSON.stringify(rpc.server.requests[0]?.body.messages);
		expect(sent).toContain(png);
		const user = (await rpc.client.getMessages())[0] as { content: { type: string }[] };
		expect(user.content.map((c) => c.type)).toEqual(["text", "image"]);
	});
});
