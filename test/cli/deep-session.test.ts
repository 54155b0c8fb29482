import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { GEN_SESSION } from "../helpers/shared.js";

/** A linear session of n entries; texts capped at 40 characters (the depth is the point, not 150 MB of text). */
function generate(n: number): string {
	const out = join(mkdtempSync(join(tmpdir(), "arbor-deep-")), `linear-${n}.jsonl`);
	execFileSync(process.execPath, [GEN_SESSION, "--kind", "linear", "--n", String(n), "--text-max", "40", "--out", out], { stdio: "ignore" });
	return out;
}

const ids = (file: string) =>
	readFileSync(file, "utf8")
		.split("\n")
		.slice(1)
		.filter(Boolean)
		.map((l) => JSON.parse(l).id as string);

describe("arbor tree --json at any depth", () => {
	it("a 100k-entry linear session: exit 0, one nested chain of every entry in file order", { timeout: 240_000 }, async () => {
		const file = generate(100_000);
		const run = await runCli(["tree", "--json", "--filter", "all", file], { env: { ARBOR_HOME: join(file, "..", "home") } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const tree = JSON.parse(run.stdout);
		const chain: string[] = [];
		let branching = 0;
		for (let nodes = tree.roots; nodes.length > 0; nodes = nodes[0].children) {
			if (nodes.length !== 1) branching++;
			chain.push(nodes[0].id);
		}
		expect(branching).toBe(0);
		expect(chain.join(" ") === ids(file).join(" ")).toBe(true);
		expect(chain).toHaveLength(100_000);
		expect(tree.leafId).toBe(chain.at(-1));
	});

	it("a 10k-entry linear session with the default filter", { timeout: 120_000 }, async () => {
		const file = generate(10_000);
		const run = await runCli(["tree", "--json", file], { env: { ARBOR_HOME: join(file, "..", "home") } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const tree = JSON.parse(run.stdout);
		let depth = 0;
		for (let nodes = tree.roots; nodes.length > 0; nodes = nodes[0].children) depth++;
		expect(depth).toBeGreaterThan(5_000);
	});
});
