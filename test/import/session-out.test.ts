/**
 * An import's lines leave memory once they outgrow a buffer (session-out.ts): they go to a temp
 * file after a gap for the header, which is written last. The session must be byte for byte the
 * one written from memory, wherever the header's cwd turns out to be, and no temp file may stay.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "../../source/import/import.js";
import { tempDir } from "../session/helpers.js";

const DIR = path.join(import.meta.dirname, "../fixtures/import");
const NOW = "2026-11-22T00:00:00.000Z";

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((d) => d.isFile())
		.map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
		.sort();
}

/** The session's bytes with its random id taken out, and where it went (relative to home). */
function importedWith(source: string, chunkBytes?: number) {
	const home = tempDir();
	const outcome = importFile(source, { home, cwd: "/nowhere", now: NOW, chunkBytes });
	if (outcome.status !== "imported") throw new Error(`not imported: ${JSON.stringify(outcome)}`);
	const text = fs.readFileSync(outcome.file, "utf8");
	const id = (JSON.parse(text.slice(0, text.indexOf("\n"))) as { id: string }).id;
	return { home, outcome, text: text.replaceAll(id, "<id>"), files: filesBelow(home).map((f) => f.replaceAll(id, "<id>")) };
}

/** A Claude Code record (one line). */
function rec(n: number, fields: Record<string, unknown>): string {
	return JSON.stringify({
		parentUuid: n === 1 ? null : `u${n - 1}`,
		sessionId: "s1",
		type: "user",
		message: { role: "user", content: `message ${n} ${"words ".repeat(40)}` },
		uuid: `u${n}`,
		timestamp: `2026-03-01T10:00:${String(n).padStart(2, "0")}.000Z`,
		...fields,
	});
}

describe("import: lines streamed to the session's folder", () => {
	it.each([
		"claude-code-rewinds.jsonl",
		"rollout-2025-05-01T12-00-00-5a6b7c8d.jsonl",
		"rollout-2026-04-02T08-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl",
	])("%s: the same session whether its lines stayed in memory or went to the file early", (name) => {
		const whole = importedWith(path.join(DIR, name));
		for (const chunk of [64, 512, 4096]) {
			const streamed = importedWith(path.join(DIR, name), chunk);
			expect(streamed.text).toBe(whole.text);
			expect(streamed.files).toEqual(whole.files);
		}
	});

	it("a cwd first named after the lines went to the file moves the session to that cwd's folder", () => {
		const dir = tempDir();
		const lines = [1, 2, 3, 4, 5, 6].map((n) => rec(n, n < 5 ? {} : { cwd: "/late/project/folder" }));
		// Same length as "/nowhere": the header fits the gap, the file is renamed into the other folder.
		const sameLength = [1, 2, 3, 4, 5, 6].map((n) => rec(n, n < 5 ? {} : { cwd: "/project" }));
		for (const [name, recs, folder] of [
			["late.jsonl", lines, "--late-project-folder--"],
			["same.jsonl", sameLength, "--project--"],
		] as const) {
			const source = path.join(dir, name);
			fs.writeFileSync(source, `${recs.join("\n")}\n`);
			const whole = importedWith(source);
			const streamed = importedWith(source, 256);
			expect(streamed.text).toBe(whole.text);
			expect(streamed.files).toEqual(whole.files);
			expect(streamed.files).toEqual([expect.stringMatching(new RegExp(`^sessions/${folder}/[^/]+\\.jsonl$`))]);
			expect(JSON.parse(streamed.text.split("\n")[0] ?? "")).toMatchObject({ cwd: recs === lines ? "/late/project/folder" : "/project" });
		}
	});

	it("importing the same bytes again leaves no temp file behind", () => {
		const source = path.join(DIR, "claude-code-rewinds.jsonl");
		const first = importedWith(source, 64);
		const again = importFile(source, { home: first.home, cwd: "/nowhere", now: NOW, chunkBytes: 64 });
		expect(again).toMatchObject({ status: "already-imported", file: first.outcome.file });
		expect(filesBelow(first.home)).toHaveLength(1);
	});

	it("temp files of imports whose process is gone are removed; a running one's and other files stay", () => {
		const source = path.join(DIR, "claude-code-rewinds.jsonl");
		const first = importedWith(source);
		const folder = path.dirname(first.outcome.status === "imported" ? first.outcome.file : "");
		const dead = 4_194_305; // above any system's largest process id
		const names = [`a.jsonl.import-${dead}.tmp`, `b.jsonl.import-${process.ppid}.tmp`, "notes.tmp", `c.jsonl.import-${dead}.tmp.keep`];
		for (const name of names) fs.writeFileSync(path.join(folder, name), "x");
		// The same bytes again: its lines go to a temp file before their sha256 finds the first import.
		const second = importFile(source, { home: first.home, cwd: "/nowhere", now: NOW, chunkBytes: 64 });
		expect(second.status).toBe("already-imported");
		expect(fs.readdirSync(folder).filter((n) => !n.endsWith(".jsonl")).sort()).toEqual(names.slice(1).sort());
	});
});
