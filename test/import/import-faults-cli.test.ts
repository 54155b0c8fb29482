import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { onTinyDisk } from "../helpers/tiny-disk.js";

const SOURCE = join(import.meta.dirname, "../fixtures/import/claude-code-rewinds.jsonl");
const LINES = readFileSync(SOURCE, "utf8").split("\n").filter(Boolean);

/** The fixture's lines with `edit` applied to every record that parses. */
function variant(dir: string, name: string, lines: string[], edit: (r: Record<string, unknown>) => void = () => {}): string {
	const file = join(dir, name);
	const out = lines.map((line) => {
		let rec: Record<string, unknown>;
		try {
			rec = JSON.parse(line) as Record<string, unknown>;
		} catch {
			return line; // the fixture's malformed line stays as it is
		}
		edit(rec);
		return JSON.stringify(rec);
	});
	writeFileSync(file, `${out.join("\n")}\n`);
	return file;
}

const importedFile = (stdout: string) => stdout.match(/→ (\S+\.jsonl)/)?.[1];

describe("arbor import: faults in the source (built CLI)", () => {
	it("a cwd containing NUL: imported under the current folder, saying so (never Node's internal message)", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-import-"));
		const home = join(dir, "home");
		const source = variant(dir, "nul.jsonl", LINES, (r) => {
			if (typeof r.cwd === "string") r.cwd = "/home/dev/a\u0000b";
		});
		const run = await runCli(["import", source], { env: { ARBOR_HOME: home }, cwd: dir });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("1 × source cwd with a NUL character: imported under the current folder");
		const file = importedFile(run.stdout)!;
		expect(file.startsWith(join(home, "sessions", `--${dir.slice(1).replaceAll("/", "-")}--`))).toBe(true);
		expect(readJsonl(file)[0]).toMatchObject({ type: "session", cwd: dir });
		const tree = await runCli(["tree", file], { env: { ARBOR_HOME: home } });
		expect(tree.stderr).toBe("");
		expect(tree.code).toBe(0);
	});

	it("records repeated in a Claude Code file: written once, the repeats counted in the skipped line", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-import-"));
		const home = join(dir, "home");
		// Records 1–5 once more at the end, and record 2 a third time in the middle.
		const source = variant(dir, "dup.jsonl", [...LINES.slice(0, 8), LINES[2]!, ...LINES.slice(8), ...LINES.slice(1, 6)]);
		const run = await runCli(["import", source, "--json"], { env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const [outcome] = JSON.parse(run.stdout) as { file: string; entries: number; skipped: Record<string, number> }[];
		expect(outcome!.skipped["repeated record (its uuid came earlier)"]).toBe(6);
		const ids = readJsonl(outcome!.file).slice(1).map((e) => e.id as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toHaveLength(outcome!.entries);
		// The same file imported from the original: the same entries.
		const original = await runCli(["import", SOURCE, "--json"], { env: { ARBOR_HOME: join(dir, "home2") } });
		expect(JSON.parse(original.stdout)[0].entries).toBe(outcome!.entries);
		const tree = await runCli(["tree", outcome!.file], { env: { ARBOR_HOME: home } });
		expect(tree.stderr).toBe("");
		expect(tree.code).toBe(0);
	});
});

/** A Claude Code session of `n` user/assistant pairs, each message ~`chars` long. */
function bigSource(file: string, n: number, chars: number): void {
	const lines: string[] = [];
	for (let i = 1; i <= 2 * n; i++) {
		const user = i % 2 === 1;
		const message = user ? { role: "user", content: `q${i} ${"x".repeat(chars)}` } : { id: `msg_${i}`, role: "assistant", model: "m", content: [{ type: "text", text: `a${i} ${"y".repeat(chars)}` }] };
		lines.push(JSON.stringify({ parentUuid: i === 1 ? null : `u${i - 1}`, cwd: "/p", sessionId: "s", type: user ? "user" : "assistant", message, uuid: `u${i}`, timestamp: "2026-03-01T10:00:00.000Z" }));
	}
	writeFileSync(file, `${lines.join("\n")}\n`);
}

describe("arbor import: a full disk (built CLI)", () => {
	it("exit 2, one line naming the session and the cause, and no temp file left, whether the lines were in memory or streaming", async (ctx) => {
		await onTinyDisk(ctx, "256k", async (disk) => {
			const dir = mkdtempSync(join(tmpdir(), "arbor-import-"));
			// 8 MB: its lines outgrow the 4 MB buffer and go to the file while it converts; 300 kB: written at the end.
			for (const [name, pairs] of [["streamed.jsonl", 1000], ["whole.jsonl", 40]] as const) {
				const source = join(dir, name);
				bigSource(source, pairs, 4000);
				const run = await runCli(["import", source], { env: { ARBOR_HOME: join(disk, "home") }, cwd: dir });
				expect(run.code).toBe(2);
				expect(run.stderr).toMatch(/^arbor: cannot write imported session \S+\/sessions\/--p--\/2026-03-01T10-00-00-000Z_\S+\.jsonl: no space left on device \(ENOSPC\)\n$/);
				expect(spawnSync("find", [disk, "-type", "f"], { encoding: "utf8" }).stdout).toBe("");
			}
		});
	});
});
