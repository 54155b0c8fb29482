import { describe, expect, it } from "vitest";
import { compactionStatus } from "../../source/ui/actions/compaction-turns.js";

describe("the status line an automatic compaction leaves", () => {
	it("says when the window is full but there is nothing older to compact", () => {
		expect(compactionStatus({ status: "nothing", contextTokens: 7_000, contextWindow: 8_192 }, true)).toEqual({
			text: "Context 7000 tokens (85 % of the window): nothing older to compact",
			kind: "info",
		});
		expect(compactionStatus({ status: "nothing" }, false)).toEqual({ text: "Nothing to compact yet", kind: "info" });
	});
});
