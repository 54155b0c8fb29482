/**
 * The importer decodes a source's bytes a line at a time; the entries must be the ones decoding
 * the whole file first gives, multi-byte characters and invalid UTF-8 at line ends included.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { convertClaudeCode } from "../../source/import/claude-code.js";
import { convertCodex } from "../../source/import/codex.js";
import { encodeJson } from "../../source/import/raw-json.js";
import { importFile } from "../../source/import/import.js";
import type { ImportedEntry, Source } from "../../source/import/types.js";
import { tempDir } from "../session/helpers.js";

const DIR = path.join(import.meta.dirname, "../fixtures/import");
const NOW = "2026-11-22T00:00:00.000Z";

function converted(convert: typeof convertClaudeCode, source: Source) {
	const lines: string[] = [];
	const entries: ImportedEntry[] = [];
	const result = convert(source, (e) => entries.push(e), NOW);
	for (const e of entries) lines.push(encodeJson(e));
	return { lines, count: result.count, skipped: [...result.skipped], cwd: result.cwd, startedAt: result.startedAt };
}

describe("import: bytes decoded a line at a time", () => {
	it.each([
		["claude-code-rewinds.jsonl", convertClaudeCode],
		["rollout-2025-05-01T12-00-00-5a6b7c8d.jsonl", convertCodex],
		["rollout-2026-04-02T08-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl", convertCodex],
	] as const)("%s converts the same from bytes as from text", (name, convert) => {
		const bytes = fs.readFileSync(path.join(DIR, name));
		expect(converted(convert, bytes)).toEqual(converted(convert, bytes.toString("utf8")));
	});

	it("multi-byte characters, invalid UTF-8 before a newline and a malformed line read the same", () => {
		const rec = (n: number, text: string) =>
			`{"parentUuid": ${n === 1 ? "null" : `"u${n - 1}"`}, "cwd": "/p", "sessionId": "s", "uuid": "u${n}", "timestamp": "2026-03-01T10:00:0${n}.000Z", "type": "user", "message": {"role": "user", "content": "${text}"}}`;
		const bytes = Buffer.concat([
			Buffer.from(`${rec(1, `café 😀 ✓ ${"x".repeat(3000)}`)}\n`),
			Buffer.from(rec(2, "cut ").slice(0, -3)),
			Buffer.from([0xe2, 0x82, 0x0a]), // a sequence cut by the newline: a malformed line
			Buffer.from(`${rec(3, "after")}\r\n`),
			Buffer.from(rec(4, "end \u2028").slice(0, -3)),
			Buffer.from([0xf0, 0x9f]),
			Buffer.from(`"}}\n\n`),
		]);
		const fromBytes = converted(convertClaudeCode, bytes);
		expect(fromBytes).toEqual(converted(convertClaudeCode, bytes.toString("utf8")));
		expect(fromBytes.skipped).toEqual([["line 2: malformed JSON", 1]]);
		expect(fromBytes.lines).toHaveLength(3);
		expect(fromBytes.lines[2]).toContain("end \u2028\ufffd");
	});

	it("a lone invalid byte in a long, otherwise ASCII line is written as U+FFFD, as decoding gives", () => {
		const dir = tempDir();
		try {
			const head = `{"parentUuid": null, "cwd": "/p", "sessionId": "s", "uuid": "u1", "timestamp": "2026-03-01T10:00:01.000Z", "type": "user", "message": {"role": "user", "content": "bad `;
			const source = path.join(dir, "s.jsonl");
			fs.writeFileSync(source, Buffer.concat([Buffer.from(head), Buffer.from([0x80]), Buffer.from(` byte ${"x".repeat(3000)}"}}\n`)]));
			const outcome = importFile(source, { home: path.join(dir, "home"), cwd: "/nowhere", now: NOW });
			if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
			const bytes = fs.readFileSync(outcome.file);
			expect(bytes.includes(0x80) && !bytes.includes(Buffer.from("\ufffd"))).toBe(false);
			const entry = JSON.parse(bytes.toString("utf8").split("\n")[1] ?? "") as { message: { content: { text: string }[] } };
			expect(entry.message.content[0]?.text).toBe(`bad \ufffd byte ${"x".repeat(3000)}`);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});

	it("writes lines longer than an output buffer (4 MB) and multi-byte text whole, between short ones", () => {
		const dir = tempDir();
		try {
			const big = `é😀${"ü".repeat(1_500_000)}`; // 3 MB of UTF-8, more than 4 MB at 3 bytes a unit
			const rec = (n: number, text: string) => ({ parentUuid: n === 1 ? null : `u${n - 1}`, cwd: "/p", sessionId: "s", uuid: `u${n}`, timestamp: `2026-03-01T10:00:0${n}.000Z`, type: "user", message: { role: "user", content: text } });
			const texts = ["short", big, "ñ", big.slice(0, 700_000), "last"];
			const source = path.join(dir, "s.jsonl");
			fs.writeFileSync(source, texts.map((t, i) => JSON.stringify(rec(i + 1, t))).join("\n"));
			const outcome = importFile(source, { home: path.join(dir, "home"), cwd: "/nowhere", now: NOW });
			if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
			const lines = fs.readFileSync(outcome.file, "utf8").split("\n");
			expect(lines.pop()).toBe("");
			const entries = lines.slice(1).map((l) => JSON.parse(l) as { message: { content: { text: string }[] } });
			expect(entries.map((e) => e.message.content[0]?.text)).toEqual(texts);
			for (const line of lines) expect(line).toBe(JSON.stringify(JSON.parse(line)));
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
