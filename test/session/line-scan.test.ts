/**
 * Issue 41: a scan of a session's lines must examine each byte a bounded number of times. The
 * listing's mark search ran from every line to its chunk's end (lines × chunk: 95 s of cpu for 300
 * sessions); the export's `<` search the same way. Counted here as the bytes Buffer#indexOf may
 * look at (from its start offset to the hit, or to the buffer's end when there is none).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listSessions } from "../../source/session/listing.js";
import { resolveSession } from "../../source/session/resolve-session.js";
import { writeExportData } from "../../source/export/export-data.js";
import { SessionStore } from "../../source/session/store.js";
import { ByteBatch } from "../../source/session/raw-lines.js";
import { LineMark } from "../../source/session/line-mark.js";
import { knownSecrets } from "../../source/text/secrets.js";
import { entry, tempDir, writeJsonl } from "./helpers.js";

let home: string;
beforeEach(() => {
	home = tempDir();
});
afterEach(() => {
	vi.restoreAllMocks();
	fs.rmSync(home, { recursive: true, force: true });
});

/** Bytes the Buffer#indexOf calls made while `run` runs may examine. */
function examined(run: () => void): number {
	const original = Buffer.prototype.indexOf;
	let total = 0;
	vi.spyOn(Buffer.prototype, "indexOf").mockImplementation(function (this: Buffer, ...args: unknown[]) {
		const [value, offset, encoding] = args as [string | number | Uint8Array, number | undefined, BufferEncoding | undefined];
		const at = original.call(this, value, offset, encoding);
		const from = typeof offset === "number" ? (offset < 0 ? Math.max(0, this.length + offset) : offset) : 0;
		const width = typeof value === "number" ? 1 : value.length;
		total += (at === -1 ? this.length : at + width) - from;
		return at;
	});
	run();
	vi.restoreAllMocks();
	return total;
}

/** A 3 MB session of 6,000 user/assistant lines with costs, named once at its end. */
function bigSession(dir: string): string {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, "2026-01-01T00-00-00-000Z_s1.jsonl");
	const items: unknown[] = [{ type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w/p" }];
	let parent: string | null = null;
	for (let i = 0; i < 6000; i++) {
		const id = `e${i}`;
		const text = `line ${i} ${"x".repeat(400)}`;
		const message = i % 2 === 0
			? { role: "user", content: [{ type: "text", text }], timestamp: i }
			: { role: "assistant", content: [{ type: "text", text }], usage: { cost: { total: 0.001 } }, stopReason: "stop", timestamp: i };
		items.push(entry(id, parent, { message }));
		parent = id;
	}
	items.push(entry("name", parent, { type: "session_info", name: "the end" }));
	writeJsonl(file, items);
	return file;
}

describe("scanning lines", () => {
	it("the listing examines each byte of a session a bounded number of times (name and cost marks included)", () => {
		const dir = path.join(home, "sessions");
		const file = bigSession(dir);
		const size = fs.statSync(file).size;
		let rows: ReturnType<typeof listSessions> = [];
		const bytes = examined(() => {
			rows = listSessions(dir, { cost: true });
		});
		expect(rows.map((r) => [r.name, r.entryCount, Math.round((r.cost ?? 0) * 1000)])).toEqual([["the end", 6001, 3000]]);
		// Newlines once, each mark once, the tail once: a few times the file. Searching to the chunk's
		// end from every line was over 1,000 times the file here.
		expect(bytes).toBeLessThan(5 * size);
	});

	it("the export's data copy examines each byte of a session a bounded number of times (its `<` escaping included)", () => {
		const file = bigSession(path.join(home, "sessions"));
		const size = fs.statSync(file).size;
		const view = SessionStore.open(file).snapshot();
		let written = 0;
		const out = new ByteBatch((bytes) => {
			written += bytes.length;
		});
		const bytes = examined(() => {
			writeExportData(view, "s.jsonl", out);
			out.flush();
		});
		expect(written).toBeGreaterThan(size);
		// Each secret known in this process (earlier tests in the worker may have registered some) is
		// looked for once per line, in its plain and its JSON form: two passes more per secret.
		expect(bytes).toBeLessThan((5 + 2 * knownSecrets().length) * size);
	});

	it("-s <id prefix> reads the sessions' headers, not the whole listing", () => {
		const dir = path.join(home, "sessions", "p");
		const file = bigSession(dir);
		let found = "";
		const bytes = examined(() => {
			found = resolveSession("s", { cwd: home, home, sessionDir: dir });
		});
		expect(found).toBe(file);
		expect(bytes).toBeLessThan(200_000);
	});

	it("LineMark finds a mark in the right lines of successive chunks read into one reused buffer", () => {
		const mark = new LineMark(Buffer.from("AB"));
		const buf = Buffer.from("xx\nAB\nyy\nzAB\n");
		const lines: [number, number][] = [[0, 2], [3, 5], [6, 8], [9, 12]];
		expect(lines.map(([s, e]) => mark.in(buf, s, e))).toEqual([false, true, false, true]);
		// The next chunk in the same buffer: nothing found earlier may leak into it.
		buf.write("AB\nqq\nrr\nss\n", 0);
		expect([mark.in(buf, 0, 2), mark.in(buf, 3, 5), mark.in(buf, 6, 8)]).toEqual([true, false, false]);
		buf.write("qq\nqq\nqq\nAB\n", 0);
		expect([mark.in(buf, 0, 2), mark.in(buf, 3, 5), mark.in(buf, 9, 11)]).toEqual([false, false, true]);
	});
});
