/** Counts in the CLI's text output agree with their number: `1 entry`, `2 entries`. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { sessionDirFor } from "../../source/session/paths.js";

function place() {
	const cwd = mkdtempSync(join(tmpdir(), "arbor-counts-"));
	const home = join(cwd, "home");
	const { branched } = writeBranchSessions(cwd, home);
	// A third session with a single entry.
	const one = join(sessionDirFor(cwd, home), "2026-11-19_one.jsonl");
	const lines = [
		{ type: "session", version: 3, id: "0e0e0e0e-0000-4000-8000-000000000003", timestamp: "2026-11-19T10:00:00.000Z", cwd },
		{ type: "message", id: "o1", parentId: null, timestamp: "2026-11-19T10:00:01.000Z", message: { role: "user", content: "a lone quokka", timestamp: 1 } },
	];
	writeFileSync(one, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
	return { cwd, env: { ARBOR_HOME: home }, branched, one };
}

describe("singular counts in text output", () => {
	it("arbor sessions, tree, compare and search say `1 entry`, `1 hit`", async () => {
		const { cwd, env, branched, one } = place();
		const sessions = await runCli(["sessions"], { cwd, env });
		expect(sessions.stdout).toMatch(/0e0e0e0e {6}1 entry {2}a lone quokka\n/);
		expect(sessions.stdout).toMatch(/0a1b2c3d {6}6 entries {2}Plan the fruit stand\n/);
		const tree = await runCli(["tree", one], { cwd, env });
		expect(tree.stdout).toContain("(1/1 entry)");
		const compare = await runCli(["compare", branched, "uA", "aB"], { cwd, env: { ...env, COLUMNS: "100" } });
		expect(compare.code).toBe(0);
		expect(compare.stdout).toContain("A: 1 entry, ends at uA");
		expect(compare.stdout).toContain("B: 2 entries, ends at aB");
		const search = await runCli(["search", "quokka"], { cwd, env });
		expect(search.stdout).toContain("1 of 1 hit in 3 sessions searched");
		const none = await runCli(["search", "nothing-like-this"], { cwd, env });
		expect(none.stdout).toContain("no matches for \"nothing-like-this\" in 3 sessions");
	});
});
