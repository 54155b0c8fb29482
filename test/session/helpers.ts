import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import nodeFs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { readJsonl } from "../helpers/jsonl.js";
import { FIXTURES_DIR } from "../helpers/shared.js";

/** A session fixture in test/fixtures (inside the repository). */
export function fixture(name: string): string {
	return path.join(FIXTURES_DIR, name);
}

/**
 * For a test file: a fresh temp folder per test (`dir`) and `s.jsonl` in it (`file`), the folder
 * removed after each test. Read the fields inside tests, not at module level.
 */
export function tempSessionFile(): { readonly dir: string; readonly file: string } {
	const at = { dir: "", file: "" };
	beforeEach(() => {
		at.dir = tempDir();
		at.file = path.join(at.dir, "s.jsonl");
	});
	afterEach(() => fs.rmSync(at.dir, { recursive: true, force: true }));
	return at;
}

/** A fresh temp folder; the caller removes it. */
export function tempDir(): string {
	return fs.mkdtempSync(path.join(os.tmpdir(), "arbor-session-"));
}

/** Copy a fixture into `dir` (writable copy). */
export function copyFixture(name: string, dir: string): string {
	const to = path.join(dir, name);
	fs.copyFileSync(fixture(name), to);
	fs.chmodSync(to, 0o600);
	return to;
}

/** Assert the file only grew: `before` is a prefix of its current bytes. Returns the new bytes. */
export function expectGrewFrom(file: string, before: Buffer): Buffer {
	const after = fs.readFileSync(file);
	expect(after.length).toBeGreaterThan(before.length);
	expect(after.subarray(0, before.length).equals(before)).toBe(true);
	return after;
}

/** JSONL lines of a file, parsed. */
export function readLines(file: string): Record<string, unknown>[] {
	return readJsonl(file);
}

/** Build a JSONL file from objects (each line ends with \n unless `tail` overrides the ending). */
export function writeJsonl(file: string, items: unknown[], tail = ""): void {
	fs.writeFileSync(file, items.map((i) => `${JSON.stringify(i)}\n`).join("") + tail, { mode: 0o600 });
}

export const HEADER = { type: "session", version: 3, id: "11111111-2222-4333-8444-555555555555", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" };

/** A v3 entry with a fixed timestamp, for hand-made files. */
export function entry(id: string, parentId: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
	const n = Number.parseInt(id.replace(/\D/g, "") || "0", 10);
	return {
		type: "message",
		id,
		parentId,
		timestamp: `2026-01-01T00:00:${String(n % 60).padStart(2, "0")}.000Z`,
		message: { role: "user", content: `m ${id}`, timestamp: 1767225600000 + n },
		...extra,
	};
}

/** Calls of fs.readFileSync (as every `import * as fs` sees it) while `run` runs. */
export function readFileCalls<T>(run: () => T): { result: T; files: string[] } {
	const spy = vi.spyOn(nodeFs, "readFileSync");
	syncBuiltinESMExports(); // the ESM bindings of node:fs follow the spied CJS export
	try {
		const result = run();
		return { result, files: spy.mock.calls.map(([p]) => String(p)) };
	} finally {
		spy.mockRestore();
		syncBuiltinESMExports();
	}
}
