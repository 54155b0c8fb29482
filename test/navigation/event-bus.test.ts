import { describe, expect, it } from "vitest";
import { EventBus } from "../../source/events/bus.js";

describe("EventBus results", () => {
	it("tool_call: a block wins over a later handler's, with the blocking handler's reason", async () => {
		const bus = new EventBus();
		bus.on("tool_call", () => undefined);
		bus.on("tool_call", () => ({ block: true, reason: "first says no" }));
		bus.on("tool_call", () => ({ block: false, reason: "second says yes" }));
		expect(await bus.emit("tool_call", { toolName: "bash", input: {} })).toEqual({ block: true, reason: "first says no" });
	});

	it("tool_call: no handler, or none that blocks, lets the call run", async () => {
		const bus = new EventBus();
		expect(await bus.emit("tool_call", { toolName: "read", input: {} })).toEqual({});
		bus.on("tool_call", () => ({ reason: "just a note" }));
		expect((await bus.emit("tool_call", { toolName: "read", input: {} })).block).toBeUndefined();
	});

	it("before events: any cancel wins, later results override earlier fields", async () => {
		const bus = new EventBus();
		bus.on("session_before_tree", () => ({ cancel: true, label: "a" }));
		bus.on("session_before_tree", () => ({ cancel: false, label: "b" }));
		const event = { targetId: "x", oldLeafId: null, commonAncestorId: null, entriesToSummarize: [], userWantsSummary: false };
		expect(await bus.emit("session_before_tree", event)).toEqual({ cancel: true, label: "b" });
	});
});
