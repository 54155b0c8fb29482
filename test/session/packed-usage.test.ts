import { describe, expect, it } from "vitest";
import { PackedUsages } from "../../source/session/packed-usage.js";

const usage = (n: number) => ({
	input: n,
	output: n + 1,
	cacheRead: 0,
	cacheWrite: 2 ** 40,
	totalTokens: 2 * n + 1,
	cost: { input: n / 3, output: 0.1 + 0.2, cacheRead: 1e-12, cacheWrite: 0, total: n / 3 + 0.3 },
});

describe("packed usage records", () => {
	it("hands back every record equal, in the file's key order, past growth and after trimming", () => {
		const packed = new PackedUsages();
		const slots = Array.from({ length: 200 }, (_, i) => packed.pack(usage(i)));
		expect(slots).toEqual(Array.from({ length: 200 }, (_, i) => i));
		packed.trim();
		const late = packed.pack(usage(1000)); // a record packed after trimming still has room
		for (let i = 0; i < 200; i++) expect(JSON.stringify(packed.at(i))).toBe(JSON.stringify(usage(i)));
		expect(packed.at(late)).toEqual(usage(1000));
		expect(packed.at(0)).not.toBe(packed.at(0));
		// Trimmed while empty (a file without usage), then packed.
		const empty = new PackedUsages();
		empty.trim();
		expect(empty.at(empty.pack(usage(7)))).toEqual(usage(7));
	});

	it("keeps out anything that is not exactly pi's shape", () => {
		const packed = new PackedUsages();
		const { cost, ...noCost } = usage(1);
		const odd: unknown[] = [
			undefined,
			null,
			[1, 2],
			"usage",
			noCost,
			{ ...usage(1), extra: 1 },
			{ ...noCost, cost: { ...cost, total: "0.5" } },
			{ ...usage(1), input: null },
			{ output: 2, input: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost },
			{ ...noCost, cost: { ...cost, note: "x" } },
			Object.assign(Object.create(null) as object, usage(1)),
		];
		expect(odd.map((u) => packed.pack(u))).toEqual(odd.map(() => -1));
	});
});
