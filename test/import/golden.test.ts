/**
 * Whole-output golden: the bytes `arbor import` writes for the import fixtures hash to what the
 * converter wrote before raw copying of verbatim fields (the hashes were taken with that build;
 * golden-generated-cli.test.ts does the same for a generated session through the built CLI). The
 * header's random id and the source path are left out of the hash; everything else is compared
 * byte for byte.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importFile } from "../../source/import/import.js";
import { tempDir } from "../session/helpers.js";

const DIR = path.join(import.meta.dirname, "../fixtures/import");
const work = tempDir();
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** sha256 of the imported file with the header's `id` and `importedFrom.file` blanked. */
function outputHash(source: string): string {
	const home = fs.mkdtempSync(path.join(work, "home-"));
	const outcome = importFile(source, { home, cwd: "/nowhere", now: "2026-11-22T00:00:00.000Z" });
	if (outcome.status !== "imported") throw new Error(`not imported: ${JSON.stringify(outcome)}`);
	const text = fs.readFileSync(outcome.file, "utf8");
	const cut = text.indexOf("\n");
	const header = JSON.parse(text.slice(0, cut)) as { id: string; importedFrom: { file: string } };
	header.id = "";
	header.importedFrom.file = "";
	return createHash("sha256").update(JSON.stringify(header)).update(text.slice(cut)).digest("hex");
}

const GOLDEN: Record<string, string> = {
	"claude-code-rewinds.jsonl": "8ede4183dfb9a7ada7f1258214cdb30f8bff8b839ff21c5259136ae33dbc9461",
	"rollout-2025-05-01T12-00-00-5a6b7c8d.jsonl": "5172bbfba085d00e06c36de554286e2b18b3765a444abafa80f179ed3190eb8a",
	"rollout-2026-04-02T08-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl": "5d4ba43981a43d09c1f56571e7351b51f3c1db6edba91d32d8819db61ac57340",
};

describe("import: whole output unchanged", () => {
	for (const name of Object.keys(GOLDEN)) {
		it(`${name} converts to the same bytes`, () => {
			expect(outputHash(path.join(DIR, name))).toBe(GOLDEN[name]);
		});
	}
});
