import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script shared with the standalone fuzz run (no type declarations)
import { checkVariant, makeVariants } from "../../scripts/fuzz-sessions.mjs";
import { builtCli } from "../helpers/cli.js";

type Variant = { name: string; bytes: Buffer };
type Result = { codes: Record<string, number | null>; problems: string[] };

/**
 * A bounded, seeded slice of scripts/fuzz-sessions.mjs (run that for hundreds of variants):
 * damaged copies of both fixtures through the built CLI's context, tree and label.
 */
describe("fuzzed session files through the built CLI", () => {
	const variants = makeVariants(20261122, 12) as Variant[];

	it.each(variants.map((v) => [v.name, v] as const))("%s", async (_name, variant) => {
		builtCli();
		const dir = mkdtempSync(join(tmpdir(), "arbor-fuzz-"));
		try {
			const result = (await checkVariant(variant, dir, 25_000)) as Result;
			expect(result.problems).toEqual([]);
			for (const code of Object.values(result.codes)) expect([0, 2]).toContain(code);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
