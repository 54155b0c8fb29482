/**
 * Node's compile cache (source/cli.ts's enableCompileCache): on Node ≥ 22.1 a run leaves the compiled
 * code of the chunks it loaded in `<os temp>/node-compile-cache` (NODE_COMPILE_CACHE is not set: it
 * alone would turn the cache on), and NODE_DISABLE_COMPILE_CACHE=1 keeps it off; Node 20 has no
 * cache, and the run is the same.
 */
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../helpers/cli.js";

const nodeHasCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === "function";

/** Every file under `dir` (the cache keeps one folder per Node version). */
const filesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(d.parentPath, d.name)) : [d.name]));

describe("Node's compile cache", () => {
	it(`a run ${nodeHasCache ? "fills <os temp>/node-compile-cache" : "works without it (Node 20: no cache)"}; NODE_DISABLE_COMPILE_CACHE=1 writes none`, async () => {
		const { file, dir } = fixtureCopy("pi-tree-session.jsonl");
		const temp = mkdtempSync(join(tmpdir(), "arbor-cc-"));
		const tempOff = mkdtempSync(join(tmpdir(), "arbor-cc-"));
		const unset = { NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined };
		const on = await runCli(["tree", file], { cwd: dir, env: { ...unset, TMPDIR: temp } });
		const disabled = await runCli(["tree", file], { cwd: dir, env: { ...unset, TMPDIR: tempOff, NODE_DISABLE_COMPILE_CACHE: "1" } });
		const cache = join(temp, "node-compile-cache");
		for (const run of [on, disabled]) {
			expect(run.stderr).toBe("");
			expect(run.code).toBe(0);
			expect(run.stdout).toContain("user: bash reducer reducer model error");
		}
		expect(disabled.stdout).toBe(on.stdout);
		if (nodeHasCache) expect(filesUnder(cache).length).toBeGreaterThan(0);
		else expect(existsSync(cache)).toBe(false);
		expect(readdirSync(tempOff)).toEqual([]);
	});
});
