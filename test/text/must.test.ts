import { describe, expect, it } from "vitest";
import { must } from "../../source/text/must.js";

describe("must", () => {
	it("returns a present value unchanged, including falsy ones", () => {
		expect(must([7, 8][1], "second")).toBe(8);
		expect(must(0, "zero")).toBe(0);
		expect(must("", "empty")).toBe("");
		expect(must(null, "null")).toBeNull();
	});

	it("throws an Error naming what was missing", () => {
		const list: number[] = [];
		expect(() => must(list[3], "entry 3 of the list")).toThrow(new Error("internal error: entry 3 of the list is missing"));
	});
});
