import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { causeOf } from "../../source/session/io-errors.js";
import { drain, searchSessionsParallel } from "../../source/search/parallel.js";
import { searchSessions } from "../../source/search/search.js";
import { CLI } from "../helpers/cli.js";
import { copyFixture, tempDir } from "../session/helpers.js";
import { generated, rangeSession } from "./corpus.js";
import { parseQuery } from "../../source/search/query.js";
import { searchFile, type FileOutcome } from "../../source/search/search.js";
import { planUnits } from "../../source/search/units.js";

/**
 * The worker script of the build (a *-cli test: globalSetup builds dist/ first): the sources' own
 * worker is TypeScript, which a worker thread cannot load.
 */
const WORKER = new URL(`file://${path.join(path.dirname(CLI), "search-worker.js")}`);

/** Several session files (fixtures and generated bushy ones), a dangling symlink and a non-session file, in name order. */
function corpus(dir: string): string[] {
	const files = [copyFixture("pi-tree-session.jsonl", dir), copyFixture("pi-v1-large-session.jsonl", dir)];
	for (const seed of [1, 2, 3]) {
		const out = path.join(dir, `gen-${seed}.jsonl`);
		fs.writeFileSync(out, generated(seed, 600));
		files.push(out);
	}
	const dangling = path.join(dir, "dangling.jsonl");
	fs.symlinkSync(path.join(dir, "missing.jsonl"), dangling);
	const junk = path.join(dir, "junk.jsonl");
	fs.writeFileSync(junk, "not a session\n");
	return [...files, dangling, junk].sort();
}

describe("search on worker threads", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
	const files = corpus(dir);
	const skipsOf = (run: (onSkip: (file: string, error: unknown) => void) => unknown) => {
		const skips: string[] = [];
		const value = run((file, error) => skips.push(`${file}: ${causeOf(error)}`));
		return { value, skips };
	};

	it.each([
		["the", 10_000],
		["the", 7],
		["model error", 50],
		["re:err\\w+", 10_000],
		["re:\\w", 300], // regex only: every line read, the active path collected in the same pass (and handed over by the worker)
		["error", 10_000], // on most lines: the same
		["xylophone zzzz", 20],
		["zebra sync", 15],
		['"model error" naïve', 40],
	] as const)("gives byte-identical results and skip warnings to one thread: %s (limit %i)", async (q, limit) => {
		const one = skipsOf((onSkip) => searchSessions(files, q, limit, { onSkip }));
		for (const threads of [2, 3]) {
			const skips: string[] = [];
			const run = await searchSessionsParallel(files, q, limit, {
				threads,
				workerUrl: WORKER,
				mainScans: false, // every file goes through a worker and back
				onSkip: (file, error) => skips.push(`${file}: ${causeOf(error)}`),
			});
			expect(run.byWorkers).toBe(run.units); // files and ranges of files
			expect(JSON.stringify(run.result)).toBe(JSON.stringify(one.value));
			expect(skips).toEqual(one.skips);
		}
		expect(one.skips).toEqual([`${path.join(dir, "dangling.jsonl")}: no such file or directory (ENOENT)`]);
	});

	it("the main thread and a worker share the files; the result is the same", async () => {
		const one = searchSessions(files, "the", 30);
		const run = await searchSessionsParallel(files, "the", 30, { threads: 2, workerUrl: WORKER });
		expect(run.threads).toBe(2);
		expect(JSON.stringify(run.result)).toBe(JSON.stringify(one));
	});

	it("a bad query throws before any thread starts", async () => {
		await expect(searchSessionsParallel(files, "re:(", 5, { threads: 2, workerUrl: new URL("file:///nonexistent/worker.js") })).rejects.toThrow(/bad regular expression/);
	});

	it("a worker that fails is an error, not a quietly smaller result", async () => {
		await expect(searchSessionsParallel(files, "the", 5, { threads: 2, workerUrl: new URL("file:///nonexistent/worker.js"), mainScans: false })).rejects.toThrow();
	});
});

describe("search of a file cut into byte ranges", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
	const big = path.join(dir, "r.jsonl");
	fs.writeFileSync(big, rangeSession(900));
	const small = path.join(dir, "s.jsonl");
	fs.writeFileSync(small, generated(4, 50));
	const files = [big, small];
	const bytes = fs.readFileSync(big);

	it("cuts where a line, a multi-byte character and hits on both sides meet the cut, and gives what one thread gives", async () => {
		const query = parseQuery("xylophone");
		for (const threads of [2, 3]) {
			const units = planUnits(files, query, threads);
			const cuts = units.filter((u) => u.file === 0 && u.range.start > 0).map((u) => u.range.start);
			expect(cuts.length, `${threads} threads`).toBeGreaterThanOrEqual(4);
			const lineAt = (at: number) => bytes.toString("utf8", bytes.lastIndexOf(0x0a, at) + 1, bytes.indexOf(0x0a, at));
			const across = cuts.filter((at) => bytes[at - 1] !== 0x0a && ((bytes[at] ?? 0) & 0xc0) === 0x80 && /xylophone/i.test(lineAt(at)));
			expect(across.length, "a cut inside a character of a hit line").toBeGreaterThan(0);
			// Hits in the ranges on both sides of every cut.
			const totals = units.filter((u) => u.file === 0).map((u) => searchFile(big, query, 10, u.range));
			for (const t of totals) expect(t.kind === "scanned" && t.scan.total > 0).toBe(true);
		}
		for (const [q, limit] of [["xylophone", 10_000], ["xylophone", 7], ["xylophone naïve", 30], ["plain", 5]] as const) {
			const one = searchSessions(files, q, limit);
			expect(one.total).toBeGreaterThan(0);
			for (const threads of [2, 3]) {
				for (const mainScans of [true, false]) {
					const run = await searchSessionsParallel(files, q, limit, { threads, workerUrl: WORKER, mainScans });
					expect(JSON.stringify(run.result), `${q} ${limit} on ${threads} threads`).toBe(JSON.stringify(one));
					if (q.startsWith("xylophone")) expect(run.units).toBeGreaterThan(files.length);
				}
			}
		}
	});
});

describe("a unit handed to a worker", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	it("a whole file that came through postMessage (a copy of the plan) is still read whole: its active path comes with it, no second read", () => {
		const file = path.join(dir, "g.jsonl");
		const header = { type: "session", version: 3, id: "0000000d-0000-4000-8000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/d" };
		const entries = Array.from({ length: 300 }, (_, i) => ({ type: "message", id: `d${i}`, parentId: i ? `d${i - 1}` : null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: `the line ${i}` } }));
		fs.writeFileSync(file, `${[header, ...entries].map((e) => JSON.stringify(e)).join("\n")}\n`);
		const units = structuredClone(planUnits([file], parseQuery("the"), 2)); // as the worker gets them
		expect(units).toEqual([{ file: 0, range: { start: 0, end: Infinity } }]);
		const outcomes: FileOutcome[] = [];
		drain({ files: [file], queryText: "the", limit: 5, next: new SharedArrayBuffer(4), units }, (_, o) => outcomes.push(o));
		const [outcome] = outcomes;
		expect(outcome?.kind === "scanned" && outcome.scan.path !== undefined).toBe(true); // "the" is on most lines: every line read, the path collected
	});
});

describe("the search bundles", () => {
	it("dist/search-command.js and dist/search-worker.js are whole: they import node's own modules only (no chunk, no Ink, React or AI SDK)", () => {
		for (const name of ["search-command.js", "search-worker.js"]) {
			const text = fs.readFileSync(path.join(path.dirname(CLI), name), "utf8");
			const specs = [...text.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
			expect(specs.length, name).toBeGreaterThan(0);
			for (const spec of specs) expect(spec, name).toMatch(/^node:/);
			expect(text.length, name).toBeLessThan(100_000);
		}
		expect(fs.readFileSync(CLI, "utf8")).toContain('import("./search-command.js")');
	});
});
