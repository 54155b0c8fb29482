import { existsSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../helpers/cli.js";

const dirs: string[] = [];
afterAll(() => {
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of the branched v3 fixture whose header's version is damaged. */
function withHeader(edit: (line: string) => string): { file: string; home: string; before: Buffer } {
	const copy = fixtureCopy("pi-tree-session.jsonl");
	dirs.push(copy.dir);
	const text = readFileSync(copy.file, "utf8");
	const nl = text.indexOf("\n");
	writeFileSync(copy.file, edit(text.slice(0, nl)) + text.slice(nl));
	return { ...copy, before: readFileSync(copy.file) };
}

const DAMAGE: [string, (line: string) => string][] = [
	['"version":"3"', (l) => l.replace('"version":3', '"version":"3"')],
	['"version":0', (l) => l.replace('"version":3', '"version":0')],
	['"version":-1', (l) => l.replace('"version":3', '"version":-1')],
	["no version", (l) => l.replace('"version":3,', "")],
	['"vErsion"', (l) => l.replace('"version"', '"vErsion"')],
];

const WARNING = /^arbor: warning: .*: line 1: header has .* but entries carry ids: read as version 3 \(not migrated\)$/m;

describe("built CLI: a damaged header version never migrates a v3 file", () => {
	it.each(DAMAGE)("%s: label/navigate of an unknown id and print mode with a bad --at leave the file byte-identical", async (_name, edit) => {
		const { file, home, before } = withHeader(edit);
		const env = { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" };
		const runs = [
			await runCli(["label", file, "nosuchid", "x"], { env }),
			await runCli(["navigate", file, "nosuchid"], { env }),
			await runCli(["-p", "-s", file, "--at", "nosuchid", "--model", "compat:x", "--base-url", "http://127.0.0.1:9/v1", "hi"], { env }),
		];
		for (const run of runs) {
			expect(run.code).toBe(2);
			expect(run.stderr).toMatch(WARNING);
			expect(run.stderr).toMatch(/^arbor: no entry .*nosuchid/m);
		}
		expect(readFileSync(file).equals(before)).toBe(true);
		expect(readdirSync(dirname(file)).filter((f) => f.includes(".bak"))).toEqual([]);
	});

	it.each(DAMAGE)("%s: a label that succeeds appends one line; every id and branch is kept", async (_name, edit) => {
		const { file, home, before } = withHeader(edit);
		const run = await runCli(["label", file, "4b5d6f09", "kept"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Labelled 4b5d6f09: kept\n");
		const after = readFileSync(file);
		expect(after.subarray(0, before.length).equals(before)).toBe(true);
		expect(after.subarray(before.length).toString().split("\n")).toHaveLength(2);
		expect(existsSync(`${file}.v1.bak`)).toBe(false);
	});

	it("a v1 session behind a symlink: ids printed by `tree` name entries for `label`; the link survives the migration", async () => {
		const copy = fixtureCopy("pi-v1-large-session.jsonl");
		dirs.push(copy.dir);
		const link = join(copy.dir, "link.jsonl");
		symlinkSync(copy.file, link);
		const original = readFileSync(copy.file);
		const tree = await runCli(["tree", link, "--json"], { env: { ARBOR_HOME: copy.home } });
		const id = (JSON.parse(tree.stdout) as { roots: { id: string }[] }).roots[0]!.id;
		const bad = await runCli(["label", link, "nosuchid", "x"], { env: { ARBOR_HOME: copy.home } });
		expect(bad.code).toBe(2);
		expect(readFileSync(copy.file).equals(original)).toBe(true);
		const good = await runCli(["label", link, id, "first"], { env: { ARBOR_HOME: copy.home } });
		expect(good.stderr).toBe("");
		expect(good.stdout).toBe(`Labelled ${id}: first\n`);
		expect(readFileSync(`${copy.file}.v1.bak`).equals(original)).toBe(true);
		expect(readdirSync(copy.dir).sort()).toEqual(["link.jsonl", "pi-v1-large-session.jsonl", "pi-v1-large-session.jsonl.v1.bak"]);
		const again = await runCli(["tree", link, "--json"], { env: { ARBOR_HOME: copy.home } });
		expect((JSON.parse(again.stdout) as { roots: object[] }).roots[0]).toMatchObject({ id, label: "first" });
	});
});
