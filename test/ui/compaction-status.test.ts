import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../source/agent/agent-session.js";
import { emptyUsage } from "../../source/llm/from-step.js";
import type { AppAction } from "../../source/ui/chat/app-reducer.js";
import { ChatEvents, compactionStatus } from "../../source/ui/chat/chat-events.js";

/** The chat fed the core's events: the actions its reducer gets. */
function feed(events: AgentEvent[]): AppAction[] {
	const actions: AppAction[] = [];
	const chat = new ChatEvents((a) => actions.push(a), () => {}, () => 7);
	for (const event of events) chat.on(event);
	return actions;
}

const ok = { ok: true as const, stopReason: "stop" as const, text: "hi", usage: emptyUsage(), leafId: "a1" };

describe("the status line an automatic compaction leaves", () => {
	it("says when the window is full but there is nothing older to compact, after the turn", () => {
		expect(feed([{ type: "compaction_nothing", contextTokens: 7_000, contextWindow: 8_192 }, { type: "turn_start", prompt: "go" }, { type: "turn_end", result: ok }])).toEqual([
			{ type: "turn-started", startedAt: 7 },
			{ type: "turn-finished", status: { text: "Context 7000 tokens (85 % of the window): nothing older to compact", kind: "info" } },
		]);
		expect(compactionStatus({ status: "nothing" }, false)).toEqual({ text: "Nothing to compact yet", kind: "info" });
	});

	it("an abort while compacting before the turn gives the prompt back to the editor (docs/core.md)", () => {
		const end: AgentEvent = { type: "agent_end", messages: [], result: undefined, unsent: "go on" };
		expect(feed([{ type: "compaction_start", reason: "threshold" }, { type: "compaction_end", reason: "threshold", result: { status: "cancelled", reason: "aborted" } }, end])).toEqual([
			{ type: "compaction-started", startedAt: 7 },
			{ type: "turn-finished", status: { text: "Compaction cancelled — message not sent", kind: "info" } },
			{ type: "editor-text-requested", text: "go on" },
		]);
	});
});
