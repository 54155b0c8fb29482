import { afterEach, describe, expect, it } from "vitest";
import { startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { startSseServer, textReply, toolCallReply, type Script, type SseServer } from "../helpers/sse-server.js";
import { tempProject } from "../checkpoints/helpers.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";
import { waitFor } from "../helpers/wait-for.js";
import { byConversation } from "./conversations.js";

/** The main conversation calls `task`; the task lists the folder, then answers. */
const scripts = () =>
	byConversation({
		delegate: [toolCallReply([{ id: "t1", name: "task", args: { description: "scan", prompt: "look around" } }]), textReply("All done.")],
		"look around": [toolCallReply([{ id: "s1", name: "ls", args: { path: "." } }]), textReply("Found nothing much.")],
	});

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
let at: ReturnType<typeof tempProject> | undefined;
afterEach(async () => {
	if (acp && acp.child.exitCode === null) await acp.end();
	await server?.close();
	at?.done();
	await cleanUp();
	[acp, server, at] = [undefined, undefined, undefined];
});

describe("a running task's progress reaches RPC and ACP clients (docs/tasks.md)", () => {
	it("ACP: the task's last tool call is a tool_call_update of the task call, between its announcement and its result", async () => {
		at = tempProject();
		server = await startSseServer(scripts());
		acp = startAcp(["--model", "compat:test-model", "--base-url", server.url, "--yes", "--tools", "read,ls,task"], at);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request<{ sessionId: string }>("session/new", { cwd: at.cwd, mcpServers: [] });
		const done = await acp.agent.request<{ stopReason: string }>("session/prompt", { sessionId, prompt: [{ type: "text", text: "delegate" }] });
		expect(done.stopReason).toBe("end_turn");
		const ofTask = acp.updates.map((n) => n.update as any).filter((u) => u.toolCallId === "t1");
		expect(ofTask[0]).toMatchObject({ sessionUpdate: "tool_call", toolCallId: "t1" });
		const progress = ofTask.filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "in_progress" && u.content?.[0]?.content?.text === "ls .");
		expect(progress).toHaveLength(1);
		const last = ofTask.at(-1);
		expect(last).toMatchObject({ sessionUpdate: "tool_call_update", status: "completed" });
		expect(ofTask.indexOf(progress[0])).toBeLessThan(ofTask.indexOf(last));
	});

	it("RPC: task_start, task_tool (the task's tool call) and task_end as events", async () => {
		const handler = scripts();
		// Every step here answers at once (no held request): byConversation's answers are never promises.
		const rpc = await startRpc((body) => handler(body) as Script, ["--tools", "read,ls,task"]);
		await rpc.client.promptAndWait("delegate");
		await waitFor(() => rpc.events.some((e) => e.type === "task_end"), { what: "task_end" });
		const events = rpc.events.filter((e) => e.type.startsWith("task_"));
		expect(events).toEqual([
			{ type: "task_start", id: "t1", description: "scan", depth: 1 },
			{ type: "task_tool", id: "t1", line: "ls ." },
			expect.objectContaining({ type: "task_end", id: "t1", ok: true }),
		]);
	});
});
