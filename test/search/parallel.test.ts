import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PARALLEL_BYTES, searchSessionsParallel, searchThreads } from "../../source/search/parallel.js";
import { searchSessions } from "../../source/search/search.js";
import { generated } from "./corpus.js";
import { tempDir } from "../session/helpers.js";

describe("how many threads a search uses", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
	const files = ["a", "b", "c", "d"].map((name) => {
		const file = path.join(dir, `${name}.jsonl`);
		fs.writeFileSync(file, "{}\n");
		return file;
	});

	it("one below 64 MB in all, every core (up to 4) above it, ARBOR_SEARCH_THREADS over both, never more than the files below it", () => {
		expect(searchThreads(files, {})).toBe(1);
		const big = path.join(dir, "big.jsonl");
		fs.writeFileSync(big, "");
		fs.truncateSync(big, PARALLEL_BYTES); // sparse: the size counts, not the blocks
		const cores = Math.min(4, os.availableParallelism());
		expect(searchThreads([...files, big], {})).toBe(Math.min(cores, files.length + 1));
		expect(searchThreads([big], {})).toBe(cores); // one large file: its ranges are shared out
		expect(searchThreads([big], { ARBOR_SEARCH_THREADS: "8" })).toBe(4);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "3" })).toBe(3);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "1" })).toBe(1);
		expect(searchThreads(files.slice(0, 2), { ARBOR_SEARCH_THREADS: "8" })).toBe(2);
		expect(searchThreads(files, { ARBOR_SEARCH_THREADS: "zero" })).toBe(1);
		fs.rmSync(big);
	});

	it("does not wait for a worker that has taken no file once the main thread has searched them all", async () => {
		const sessions = [1, 2, 3].map((seed) => {
			const file = path.join(dir, `g${seed}.jsonl`);
			fs.writeFileSync(file, generated(seed, 200));
			return file;
		});
		const hang = path.join(dir, "hang.mjs");
		fs.writeFileSync(hang, "setInterval(() => {}, 1 << 30);\n"); // never takes a file, never answers
		const run = await searchSessionsParallel(sessions, "model error", 25, { threads: 2, workerUrl: new URL(`file://${hang}`) });
		expect(run.byWorkers).toBe(0);
		expect(run.result.hits.length).toBeGreaterThan(0);
		expect(JSON.stringify(run.result)).toBe(JSON.stringify(searchSessions(sessions, "model error", 25)));
	});
});
