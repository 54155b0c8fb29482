import fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { SessionEntry } from "../../source/session/types.js";
import { readFileCalls, tempDir } from "./helpers.js";

const HEADER = { type: "session", version: 3, id: "chunky", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" };
const line = (id: string, parentId: string | null, text: string) =>
	JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });

describe("opening a session reads it in chunks", () => {
	it("never reads the whole file at once, and lines across and longer than a chunk (1 MiB) parse whole", () => {
		const dir = tempDir();
		try {
			const file = path.join(dir, "s.jsonl");
			const lines = [JSON.stringify(HEADER)];
			let parent: string | null = null;
			// ~3.3 MB of 300-byte lines, one 9 MB line (longer than a chunk), more short lines, a torn tail.
			for (let i = 0; i < 11_000; i++) {
				lines.push(line(`a${i}`, parent, `short ${i} ${"x".repeat(200)}`));
				parent = `a${i}`;
			}
			lines.push(line("big", parent, "é".repeat(4_500_000)));
			parent = "big";
			for (let i = 0; i < 11_000; i++) {
				lines.push(line(`b${i}`, parent, `after ${i} ${"y".repeat(200)}`));
				parent = `b${i}`;
			}
			const text = `${lines.join("\n")}\n{"type":"message","id":"torn`;
			fs.writeFileSync(file, text);
			const { result: store, files } = readFileCalls(() => SessionStore.open(file));
			expect(files.filter((f) => f === file)).toEqual([]);
			const view = store.snapshot();
			expect(view.entries.length).toBe(22_001);
			expect(view.leafId).toBe("b10999");
			const big = view.getEntry("big");
			expect(big?.type === "message" && big.message.role === "user" && big.message.content).toBe("é".repeat(4_500_000));
			expect(view.getPath("b10999").length).toBe(22_001);
			expect(view.warnings).toEqual([{ kind: "torn-tail", line: 22_003, message: "line 22003: incomplete last line skipped" }]);
			// Offsets are where each line starts in the file (fork copies lines raw from them).
			const bytes = Buffer.from(text);
			const raw = view as unknown as { rawOffset(e: SessionEntry): number | undefined };
			for (const id of ["a0", "a10999", "big", "b0", "b10999"]) {
				const at = raw.rawOffset(view.getEntry(id)!) ?? -1;
				expect(bytes.toString("utf8", at, at + 40)).toContain(`"id":"${id}"`);
				expect(bytes[at - 1]).toBe(0x0a);
			}
			store.close();
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
