import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, runPi16, valueOf } from "./rpc-run.js";

afterEach(cleanUp);

describe("pi 1.6's RpcClient drives arbor --mode rpc: prompts", () => {
	it("prompt answers its disposition and waitForIdle returns on agent_settled", async () => {
		const run = await runPi16([textReply("Hello there.")], [{ start: "waitForIdle", args: [20_000], as: "idle" }, { call: "prompt", args: ["hi"] }, { wait: "idle" }, { events: true }, { call: "getLastAssistantText" }]);
		expect(valueOf(run, 1)).toBe("started");
		const { events } = valueOf(run, 3);
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		expect(valueOf(run, 4)).toBe("Hello there.");
	}, 60_000);
});
