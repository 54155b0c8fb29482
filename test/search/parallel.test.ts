import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PARALLEL_BYTES, searchThreads } from "../../source/search/parallel.js";
import { tempDir } from "../session/helpers.js";

describe("how many threads a search uses", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
	const files = ["a", "b", "c", "d"].map((name) => {
		const file = path.join(dir, `${name}.jsonl`);
		fs.writeFileSync(file, "{}\n");
		return file;
	});

	it("one below 64 MB in all, every core (up to 4) above it, ARBOR_SEARCH_THREADS over both, never more than the files", () => {
		expect(searchThreads(files, {})).toBe(1);
		const big = path.join(dir, "big.jsonl");
		fs.writeFileSync(big, "");
		fs.truncateSync(big, PARALLEL_BYTES); // sparse: the size counts, not the blocks
		const cores = Math.min(4, os.availableParallelism());
		expect(searchThreads([...files, big], {})).toBe(Math.min(cores, files.length + 1));
		expect(searchThreads([big], {})).toBe(1);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "3" })).toBe(3);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "1" })).toBe(1);
		expect(searchThreads(files.slice(0, 2), { ARBOR_SEARCH_THREADS: "8" })).toBe(2);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "zero" })).toBe(1);
		fs.rmSync(big);
	});
});
