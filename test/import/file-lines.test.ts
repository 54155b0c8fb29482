/**
 * The importer reads its source once, in 1 MiB chunks (FileLines): the lines and the sha256 must be
 * those of the whole file's bytes, across chunk boundaries, and the source is never read whole.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { convertClaudeCode } from "../../source/import/claude-code.js";
import { FileLines } from "../../source/import/file-lines.js";
import { importFile } from "../../source/import/import.js";
import { encodeJson } from "../../source/import/raw-json.js";
import type { ImportedEntry, Source } from "../../source/import/types.js";
import { readFileCalls, tempDir } from "../session/helpers.js";

const NOW = "2026-11-22T00:00:00.000Z";
let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const rec = (n: number, text: string) =>
	JSON.stringify({ parentUuid: n === 1 ? null : `u${n - 1}`, cwd: "/p", sessionId: "s", uuid: `u${n}`, timestamp: `2026-03-01T10:00:${String(n % 60).padStart(2, "0")}.000Z`, type: "user", message: { role: "user", content: text } });

/** ~3.5 MB: short lines, a 2.5 MB line of 2-byte characters (longer than a chunk), blank lines, a malformed one, no final newline. */
function source(): string {
	const lines: string[] = [];
	for (let i = 1; i <= 3000; i++) lines.push(rec(i, `line ${i} é😀 ${"x".repeat(i % 300)}`));
	lines.push(rec(3001, "é".repeat(1_250_000)), "", "{not json", "");
	for (let i = 3002; i <= 4000; i++) lines.push(rec(i, `after ${i} ✓`));
	const file = path.join(dir, "s.jsonl");
	fs.writeFileSync(file, lines.join("\n"));
	return file;
}

function converted(input: Source) {
	const entries: ImportedEntry[] = [];
	const result = convertClaudeCode(input, (e) => entries.push(e), NOW);
	return { lines: entries.map((e) => encodeJson(e)), skipped: [...result.skipped], count: result.count };
}

describe("import: the source read in chunks", () => {
	it("gives the lines and the sha256 of the whole file's bytes", () => {
		const file = source();
		const bytes = fs.readFileSync(file);
		const fd = fs.openSync(file, "r");
		try {
			const input = new FileLines(fd);
			const fromChunks = converted(input);
			expect(fromChunks).toEqual(converted(bytes));
			expect(fromChunks.count).toBe(4000);
			expect(fromChunks.skipped).toEqual([["line 3003: malformed JSON", 1]]);
			expect(input.digest()).toBe(createHash("sha256").update(bytes).digest("hex"));
		} finally {
			fs.closeSync(fd);
		}
	});

	it("the sha256 covers the rest of the file when the lines were not read to the end", () => {
		const file = source();
		const fd = fs.openSync(file, "r");
		try {
			const input = new FileLines(fd);
			const first = input.lines().next();
			expect(first.done).toBe(false);
			expect(input.digest()).toBe(createHash("sha256").update(fs.readFileSync(file)).digest("hex"));
		} finally {
			fs.closeSync(fd);
		}
	});

	it("importFile never reads the source whole, and records the sha256 of its bytes", () => {
		const file = source();
		const { result, files } = readFileCalls(() => importFile(file, { home: path.join(dir, "home"), cwd: "/nowhere", now: NOW }));
		if (result.status !== "imported") throw new Error(JSON.stringify(result));
		expect(files).not.toContain(file);
		const header = JSON.parse(fs.readFileSync(result.file, "utf8").split("\n", 1)[0] ?? "") as { importedFrom: { sha256: string } };
		expect(header.importedFrom.sha256).toBe(createHash("sha256").update(fs.readFileSync(file)).digest("hex"));
		expect(importFile(file, { home: path.join(dir, "home"), cwd: "/nowhere", now: NOW }).status).toBe("already-imported");
	});
});
