import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, runPi16, valueOf, type Step } from "./rpc-run.js";

afterEach(cleanUp);

const idle = (as: string): Step => ({ start: "waitForIdle", args: [30_000], as });
const turn = (text: string, as: string): Step[] => [idle(as), { call: "prompt", args: [text] }, { wait: as }];

describe("pi 1.6's RpcClient drives arbor --mode rpc: state, models, thinking, compaction", () => {
	it("getState, models and thinking levels as pi's client reads them", async () => {
		const run = await runPi16(
			[],
			[
				{ call: "getState" },
				{ call: "getAvailableThinkingLevels" },
				{ call: "setModel", args: ["local", "m2"] },
				{ call: "getAvailableThinkingLevels" },
				{ call: "cycleModel" },
				{ call: "setThinkingLevel", args: ["high"] },
				{ call: "cycleThinkingLevel" },
				{ call: "getAvailableModels" },
				{ call: "getCommands" },
			],
		);
		expect(valueOf(run, 0)).toMatchObject({ model: { provider: "local", id: "m1" }, isStreaming: false, isCompacting: false, messageCount: 0, pendingMessageCount: 0 });
		expect(valueOf(run, 1)).toEqual(["off", "minimal", "low", "medium", "high"]);
		expect(valueOf(run, 2)).toMatchObject({ provider: "local", id: "m2" });
		expect(valueOf(run, 3)).toEqual(["off"]);
		expect(valueOf(run, 4)).toMatchObject({ model: { id: "m1" }, isScoped: false });
		expect(valueOf(run, 6)).toEqual({ level: "off" });
		expect(valueOf(run, 7).map((m: { id: string }) => m.id).sort()).toEqual(["m1", "m2"]);
		expect(valueOf(run, 8)).toEqual([]);
	}, 90_000);

	it("compact: a short conversation fails with compaction_end's errorMessage; a long one compacts with estimatedTokensAfter", async () => {
		const big = `${"lorem ipsum ".repeat(8_000)}end`;
		const run = await runPi16(
			[textReply("Hi."), textReply("Read it."), textReply("Second.", { usage: { prompt: 30_000, completion: 10 } }), textReply("Summary of the big message.")],
			[
				...turn("hi", "a"),
				{ call: "compact", mayFail: true },
				{ events: true },
				...turn(big, "b"),
				...turn("second", "c"),
				{ call: "compact" },
				{ events: true },
				{ call: "getSessionStats" },
			],
		);
		const failed = run.results.find((r) => r.step === 3);
		expect(failed).toMatchObject({ ok: false, error: "nothing to compact: the conversation is too short" });
		const shortEnd = valueOf(run, 4).events.findLast((e: any) => e.type === "compaction_end");
		expect(shortEnd).toMatchObject({ reason: "manual", result: null, aborted: false, errorMessage: "nothing to compact: the conversation is too short" });
		const result = valueOf(run, 11);
		expect(result.summary).toContain("Summary of the big message.");
		expect(result.tokensBefore).toBe(30_010);
		// What the context holds now, as get_session_stats counts it too.
		expect(result.estimatedTokensAfter).toBeGreaterThan(0);
		expect(result.estimatedTokensAfter).toBeLessThan(result.tokensBefore);
		expect(result.estimatedTokensAfter).toBe(valueOf(run, 13).contextUsage.tokens);
		const end = valueOf(run, 12).events.findLast((e: any) => e.type === "compaction_end");
		expect(end.result).toMatchObject({ summary: result.summary, estimatedTokensAfter: result.estimatedTokensAfter });
	}, 120_000);
});
