import { describe, expect, it } from "vitest";
import { firstLine, oneLine } from "../../source/text/one-line.js";

describe("oneLine", () => {
	it("turns runs of white space into one space and trims the ends", () => {
		expect(oneLine("  first\n\n\tsecond  third \r\n")).toBe("first second third");
	});
	it("leaves other text alone (CJK, emoji, no-break space counts as white space)", () => {
		expect(oneLine("世界 👍🏽\u00a0x")).toBe("世界 👍🏽 x");
		expect(oneLine("")).toBe("");
	});
});

describe("firstLine", () => {
	it("is the first non-blank line as it stands, and says whether more follows", () => {
		expect(firstLine("\n  \n  ls -la  \nmore\n")).toEqual({ line: "  ls -la  ", more: true });
		expect(firstLine("  only  \n\n")).toEqual({ line: "  only  ", more: false });
		expect(firstLine("")).toEqual({ line: "", more: false });
	});
});
