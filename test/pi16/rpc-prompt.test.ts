import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { cleanUp, runPi16, valueOf } from "./rpc-run.js";

afterEach(cleanUp);

const IDLE = { start: "waitForIdle", args: [30_000], as: "idle" };
const types = (events: { type: string }[]) => events.map((e) => e.type);

describe("pi 1.6's RpcClient drives arbor --mode rpc: prompts, tools, queues, abort", () => {
	it("prompt answers its disposition and waitForIdle returns on agent_settled", async () => {
		const run = await runPi16([textReply("Hello there.")], [IDLE, { call: "prompt", args: ["hi"] }, { wait: "idle" }, { events: true }, { call: "getLastAssistantText" }]);
		expect(valueOf(run, 1)).toBe("started");
		const { events } = valueOf(run, 3);
		expect(events.at(-2)).toMatchObject({ type: "agent_end", willRetry: false });
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		expect(valueOf(run, 4)).toBe("Hello there.");
	}, 90_000);

	it("promptAndWait: a tool turn in pi's order (the assistant's message_end before tool_execution_start), durationMs on its end", async () => {
		const write = toolCallReply([{ id: "call_1", name: "write", args: { path: "a.txt", content: "A\n" } }], { text: "Writing." });
		const run = await runPi16([write, textReply("Written.")], [{ call: "promptAndWait", args: ["write a", undefined, 30_000] }], ["--yes"]);
		const events = valueOf(run, 0);
		expect(readFileSync(join(run.cwd, "a.txt"), "utf8")).toBe("A\n");
		const seen = types(events);
		expect(seen.at(-1)).toBe("agent_settled");
		const firstAssistantEnd = events.findIndex((e: any) => e.type === "message_end" && e.message.role === "assistant");
		const toolStart = seen.indexOf("tool_execution_start");
		const toolEnd = seen.indexOf("tool_execution_end");
		const resultStart = events.findIndex((e: any) => e.type === "message_start" && e.message.role === "toolResult");
		expect(firstAssistantEnd).toBeGreaterThan(-1);
		expect([firstAssistantEnd < toolStart, toolStart < toolEnd, toolEnd < resultStart]).toEqual([true, true, true]);
		const end = events[toolEnd];
		expect(end).toMatchObject({ toolCallId: "call_1", toolName: "write", isError: false });
		expect(typeof end.durationMs).toBe("number");
		expect(end.durationMs).toBeGreaterThanOrEqual(0);
		// pi 1.6's message_update carries the usage; toolcall_start names the call.
		const updates = events.filter((e: any) => e.type === "message_update");
		expect(updates.every((e: any) => typeof e.usage?.input === "number")).toBe(true);
		expect(updates.find((e: any) => e.assistantMessageEvent.type === "toolcall_start")?.assistantMessageEvent).toMatchObject({ id: "call_1", toolName: "write" });
	}, 90_000);

	it("steer and followUp answer queued, clearQueue returns and empties both, a later steer reaches the next request", async () => {
		const write = toolCallReply([{ id: "w1", name: "write", args: { path: "b.txt", content: "B" } }]);
		const run = await runPi16(
			[write, textReply("Steered.")],
			[
				IDLE,
				{ call: "prompt", args: ["write b"] },
				{ event: "extension_ui_request", method: "confirm" },
				{ call: "steer", args: ["first steer"] },
				{ call: "followUp", args: ["first follow-up"] },
				{ call: "clearQueue" },
				{ call: "getState" },
				{ call: "steer", args: ["second steer"] },
				{ call: "prompt", args: ["third", undefined, "followUp"] },
				{ call: "clearQueue" },
				{ call: "steer", args: ["kept steer"] },
				{ answer: { confirmed: true } },
				{ wait: "idle" },
			],
		);
		expect([valueOf(run, 3), valueOf(run, 4)]).toEqual(["queued", "queued"]);
		expect(valueOf(run, 5)).toEqual({ steering: ["first steer"], followUp: ["first follow-up"] });
		expect(valueOf(run, 6)).toMatchObject({ isStreaming: true, pendingMessageCount: 0 });
		expect(valueOf(run, 8)).toBe("queued");
		expect(valueOf(run, 9)).toEqual({ steering: ["second steer"], followUp: ["third"] });
		const second = JSON.stringify(run.server.requests[1]?.body.messages);
		expect(second).toContain("kept steer");
		for (const cleared of ["first steer", "first follow-up", "second steer", "third"]) expect(second).not.toContain(cleared);
		expect(run.server.requests).toHaveLength(2);
	}, 90_000);

	it("abort ends the run: agent_settled says aborted, waitForIdle returns", async () => {
		const run = await runPi16([textReply("Never finished", { hold: true })], [IDLE, { call: "prompt", args: ["go"] }, { event: "message_update" }, { call: "abort" }, { wait: "idle" }, { events: true }, { call: "getMessages" }]);
		const { events } = valueOf(run, 5);
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: true });
		expect(valueOf(run, 6).at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
	}, 90_000);
});
