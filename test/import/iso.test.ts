/** isoOf's shortcut (text already in toISOString's form is kept) agrees with parsing and re-printing. */
import { describe, expect, it } from "vitest";
import { isoOf } from "../../source/import/types.js";

const FALLBACK = "fallback";
const slow = (v: string) => {
	const ms = Date.parse(v);
	return Number.isNaN(ms) ? FALLBACK : new Date(ms).toISOString();
};

describe("isoOf", () => {
	it.each([
		"2026-03-01T09:00:00.000Z",
		"2024-02-29T23:59:59.999Z",
		"2000-02-29T00:00:00.000Z",
		"0000-01-01T00:00:00.000Z",
		"9999-12-31T23:59:59.999Z",
		// Rolled over or refused by Date.parse, or in another form: not kept as they are.
		"2026-02-29T00:00:00.000Z",
		"1900-02-29T00:00:00.000Z",
		"2026-04-31T00:00:00.000Z",
		"2026-03-01T24:00:00.000Z",
		"2026-03-01T23:60:00.000Z",
		"2026-03-01T23:00:60.000Z",
		"2026-13-01T00:00:00.000Z",
		"2026-00-10T00:00:00.000Z",
		"2026-01-00T00:00:00.000Z",
		"2026-03-01T09:00:00Z",
		"2026-03-01T09:00:00.000+02:00",
		"2026-03-01 09:00:00",
		"not a date",
	])("%s", (v) => {
		expect(isoOf(v, FALLBACK)).toBe(slow(v));
	});

	it("keeps every millisecond of a day's worth of generated times", () => {
		for (let ms = Date.parse("2024-02-28T00:00:00.000Z"); ms < Date.parse("2024-03-02T00:00:00.000Z"); ms += 997_003) {
			const v = new Date(ms).toISOString();
			expect(isoOf(v, FALLBACK)).toBe(v);
		}
	});
});
