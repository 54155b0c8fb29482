/**
 * Whole-output golden through the built CLI: a generated Claude Code session
 * (scripts/gen-claude-code.mjs, 2 MB: long tool outputs, thinking, tool calls, merges, rewinds, a
 * compaction) imports to the bytes the converter wrote before raw copying of verbatim fields (the
 * hash was taken with that code). The header's random id and the source path are left out of the
 * hash; everything else is compared byte for byte.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const ROOT = path.join(import.meta.dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-import-golden-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const GENERATED_2MB = "1d56fd70e53fcf36a93618cad00d90fab45e8e7d6177e5dfe7e35c37d323695b";

describe("arbor import: whole output unchanged (built CLI)", () => {
	it("a generated 2 MB Claude Code session converts to the same bytes", async () => {
		const source = path.join(work, "generated-2mb.jsonl");
		const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/gen-claude-code.mjs"), "--out", source, "--mb", "2"], { encoding: "utf8" });
		expect(gen.status, gen.stderr).toBe(0);
		const run = await runCli(["import", source], { env: { ARBOR_HOME: path.join(work, "home") } });
		expect(run.code, run.stderr).toBe(0);
		const file = run.stdout.match(/→ (\S+\.jsonl)/)?.[1];
		if (!file) throw new Error(`no session file in: ${run.stdout}`);
		const text = fs.readFileSync(file, "utf8");
		const cut = text.indexOf("\n");
		const header = JSON.parse(text.slice(0, cut)) as { id: string; importedFrom: { file: string } };
		header.id = "";
		header.importedFrom.file = "";
		expect(createHash("sha256").update(JSON.stringify(header)).update(text.slice(cut)).digest("hex")).toBe(GENERATED_2MB);
	});
});
