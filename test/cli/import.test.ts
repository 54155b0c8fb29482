import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const DIR = join(import.meta.dirname, "../fixtures/import");

describe("arbor import (built CLI)", () => {
	it("imports a folder, says what it skipped, and finds earlier imports the second time", async () => {
		const home = mkdtempSync(join(tmpdir(), "arbor-import-"));
		const before = readFileSync(join(DIR, "claude-code-rewinds.jsonl"));
		const first = await runCli(["import", DIR], { env: { ARBOR_HOME: home } });
		expect(first.stderr).toBe("");
		expect(first.code).toBe(0);
		expect(first.stdout).toMatch(/imported .*claude-code-rewinds\.jsonl \(claude-code\) → .*--home-dev-adder--.*: 20 entries; skipped .*1 × sidechain \(sub-agent\) record/);
		expect(first.stdout).toMatch(/skipped .*agent-5d1e2f3a\.jsonl: a sub-agent/);
		expect(first.stdout).toContain("3 imported, 1 not");
		const second = await runCli(["import", DIR, "--json"], { env: { ARBOR_HOME: home } });
		expect(second.code).toBe(0);
		const outcomes = JSON.parse(second.stdout) as { status: string }[];
		expect(outcomes.map((o) => o.status).sort()).toEqual(["already-imported", "already-imported", "already-imported", "skipped"]);
		expect(readFileSync(join(DIR, "claude-code-rewinds.jsonl")).equals(before)).toBe(true);
		const file = first.stdout.match(/→ (\S+--home-dev-adder--\S+\.jsonl)/)?.[1];
		expect(file).toBeDefined();
		const tree = await runCli(["tree", file!], { env: { ARBOR_HOME: home } });
		expect(tree.code).toBe(0);
		expect(tree.stdout).toContain("Now add docs instead");
	});

	it("a missing path or a named file of neither format is exit 2 with one line", async () => {
		const home = mkdtempSync(join(tmpdir(), "arbor-import-"));
		const missing = await runCli(["import", join(home, "nope.jsonl")], { env: { ARBOR_HOME: home } });
		expect(missing.code).toBe(2);
		expect(missing.stderr).toMatch(/^arbor: no such file or folder: .*nope\.jsonl\n$/);
		const agent = await runCli(["import", join(DIR, "agent-5d1e2f3a.jsonl")], { env: { ARBOR_HOME: home } });
		expect(agent.code).toBe(2);
		expect(agent.stderr).toMatch(/^arbor: .*agent-5d1e2f3a\.jsonl: a sub-agent/);
	});
});
