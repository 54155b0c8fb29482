/** fillWrap: a short message filled into rows as a terminal fills them, without a leading space on a row. */
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../source/text/text-width.js";
import { fillWrap } from "../../source/text/word-wrap.js";

describe("fillWrap", () => {
	it("moves a word that fits the next row there, and starts no row with a space", () => {
		const text = 'compat:audit is not known to take images (declare "input": ["text", "image"] for it in models.json)';
		expect(fillWrap(text, 80)).toEqual(['compat:audit is not known to take images (declare "input": ["text", "image"] for', "it in models.json)"]);
	});

	it("starts a word wider than a row on the current row and breaks it at each row's end: joined, it is whole", () => {
		const path = `/dev/shm/arbor-t-x/home/sessions/--dev-shm-arbor--/${"a".repeat(60)}.jsonl`;
		const rows = fillWrap(`Forked into ${path}`, 40);
		expect(rows[0]).toBe(`Forked into ${path.slice(0, 28)}`);
		expect(rows.join("")).toBe(`Forked into ${path}`);
		for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(40);
	});

	it("keeps line breaks and counts wide characters as two columns", () => {
		expect(fillWrap("一二三四 五六\nnext line", 8)).toEqual(["一二三四", "五六", "next", "line"]);
	});
});
