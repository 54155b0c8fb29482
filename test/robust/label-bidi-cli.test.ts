import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FIXTURES_DIR } from "../helpers/shared.js";
import { entries, place } from "../helpers/print-run.js";

let at: { cwd: string; home: string };
beforeEach(() => {
	at = place("arbor-bidi-");
});
afterEach(() => fs.rmSync(at.cwd, { recursive: true, force: true }));

const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];

describe("bidirectional formatting characters in a label", () => {
	it("arbor label and arbor tree print the label without them (stripped as other control characters are)", async () => {
		const file = path.join(at.cwd, "s.jsonl");
		fs.copyFileSync(path.join(FIXTURES_DIR, "pi-tree-session.jsonl"), file);
		const label = `gpj.${BIDI.join("")}exe`;
		const cli = (args: string[]) => runCli(args, { cwd: at.cwd, env: { ARBOR_HOME: at.home } });
		const set = await cli(["label", file, "b38d5e45", label]);
		expect([set.code, set.stdout]).toEqual([0, "Labelled b38d5e45: gpj.exe\n"]);
		const tree = await cli(["tree", file, "--filter", "all"]);
		expect(tree.stdout).toContain("[gpj.exe]");
		for (const c of BIDI) expect(tree.stdout).not.toContain(c);
		// The file keeps what was given: only what is printed is cleaned.
		expect(entries(file).some((e) => e.type === "label" && e.label === label)).toBe(true);
	});
});
