import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { trashSession } from "../../source/session/trash.js";

let dirs: string[] = [];
afterEach(() => {
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
	dirs = [];
});

function place() {
	const home = mkdtempSync(join(tmpdir(), "arbor-trash-"));
	dirs.push(home);
	const folder = join(home, "sessions", "--proj--");
	mkdirSync(folder, { recursive: true });
	return { home, folder };
}

describe("trashSession", () => {
	it("moves the file, bytes unchanged, into <home>/trash; a second file of the same name gets a suffix", () => {
		const { home, folder } = place();
		const file = join(folder, "s.jsonl");
		writeFileSync(file, '{"type":"session","version":3,"id":"a","timestamp":"t","cwd":"/"}\n');
		const before = readFileSync(file);
		const moved = trashSession(file, home);
		expect(moved).toBe(join(home, "trash", "s.jsonl"));
		expect(existsSync(file)).toBe(false);
		expect(readFileSync(moved)).toEqual(before);
		writeFileSync(file, "second\n");
		expect(trashSession(file, home)).toBe(join(home, "trash", "s.1.jsonl"));
		expect(readdirSync(join(home, "trash")).sort()).toEqual(["s.1.jsonl", "s.jsonl"]);
		expect(existsSync(`${file}.lock`)).toBe(false);
	});

	it("refuses a session another writer holds, and leaves it in place", () => {
		const { home, folder } = place();
		const store = SessionStore.create({ cwd: "/", sessionDir: folder });
		store.appendMessage({ role: "user", content: "hi", timestamp: 1 });
		store.appendMessage({ role: "assistant", content: [{ type: "text", text: "yo" }], stopReason: "stop", timestamp: 2 } as never);
		const file = store.file!;
		try {
			// Our own lock counts too: the store holds the file.
			expect(() => trashSession(file, home)).toThrow(/locked/);
			expect(existsSync(file)).toBe(true);
		} finally {
			store.close();
		}
		expect(trashSession(file, home)).toContain(join(home, "trash"));
	});
});
