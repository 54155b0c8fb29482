import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forEachChunk, type Range } from "../../source/search/chunks.js";
import { tempDir } from "../session/helpers.js";

/** The lines `range` of `file` yields, each with its offset in the file (read back from the chunks). */
function linesOf(file: string, range?: Range): [number, string][] {
	const out: [number, string][] = [];
	forEachChunk(
		file,
		({ bytes, offset }) => {
			for (let start = 0; start < bytes.length; ) {
				let end = bytes.indexOf(0x0a, start);
				if (end === -1) end = bytes.length;
				out.push([offset + start, bytes.toString("utf8", start, end)]);
				start = end + 1;
			}
		},
		undefined,
		range,
	);
	return out;
}

/** The oracle: every line of the file and where it starts. */
function allLines(bytes: Buffer): [number, string][] {
	const out: [number, string][] = [];
	for (let start = 0; start < bytes.length; ) {
		let end = bytes.indexOf(0x0a, start);
		if (end === -1) end = bytes.length;
		out.push([start, bytes.toString("utf8", start, end)]);
		start = end + 1;
	}
	return out;
}

describe("reading a file in byte ranges", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	it.each([
		["short lines, multi-byte characters, a final newline", "a\nbé\n\n日本語 x\nzz\n"],
		["no final newline", "one\ntwo é\nthree"],
		["a blank first line", "\nx\ny\n"],
	])("ranges cut at every offset share out the lines exactly, each line to the range it begins in (%s)", (_name, text) => {
		const file = path.join(dir, "small.jsonl");
		fs.writeFileSync(file, text);
		const bytes = Buffer.from(text);
		const lines = allLines(bytes);
		expect(linesOf(file)).toEqual(lines);
		for (let a = 0; a <= bytes.length; a++) {
			for (let b = a; b <= bytes.length + 1; b++) {
				const parts = [linesOf(file, { start: 0, end: a }), linesOf(file, { start: a, end: b }), linesOf(file, { start: b, end: Infinity })];
				expect(parts.flat(), `split at ${a} and ${b}`).toEqual(lines);
				for (const [at] of parts[1] ?? []) expect(at >= a && at < b).toBe(true);
			}
		}
	});

	it("a line longer than a read (1 MB) crossing a split point goes whole to the range it begins in", () => {
		const file = path.join(dir, "long.jsonl");
		const long = "é".repeat(1_500_000); // 3 MB, multi-byte
		const text = `head\n${long}\nafter é\nlast\n`;
		fs.writeFileSync(file, text);
		const bytes = Buffer.from(text);
		const lines = allLines(bytes);
		for (const split of [5, 6, 1_000_000, 1_000_001, 2_500_000, 3_000_005, 3_000_006, 3_000_007]) {
			const parts = [linesOf(file, { start: 0, end: split }), linesOf(file, { start: split, end: Infinity })];
			expect(
				parts.map((p) => p.map(([at, line]) => [at, line.length])),
				`split at ${split}`,
			).toEqual([lines.filter(([at]) => at < split), lines.filter(([at]) => at >= split)].map((p) => p.map(([at, line]) => [at, line.length])));
		}
	});
});
