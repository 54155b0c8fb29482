import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileIndex } from "../../source/tools/file-index.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function tree(files: Record<string, string>): string {
	dir = mkdtempSync(join(tmpdir(), "arbor-index-"));
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(join(dir, file, ".."), { recursive: true });
		writeFileSync(join(dir, file), text);
	}
	return dir;
}

/** Resolves at the index's next change after which `done` holds. */
const until = (index: FileIndex, done: () => boolean) =>
	new Promise<void>((resolve) => {
		const off = index.onChange(() => {
			if (done()) {
				off();
				resolve();
			}
		});
	});

describe("FileIndex", () => {
	it("lists the files the tools' walk sees: .gitignore honoured, .git and node_modules skipped", async () => {
		const root = tree({ ".gitignore": "build/\n*.log\n", "a.ts": "", "src/b.ts": "", "build/out.js": "", "x.log": "", "node_modules/m/index.js": "", ".git/HEAD": "" });
		const index = new FileIndex(root);
		expect(index.loading).toBe(true);
		index.refresh();
		await until(index, () => !index.loading);
		expect([...index.files].sort()).toEqual([".gitignore", "a.ts", "src/b.ts"]);
	});

	it("a later walk keeps answering from the last list until it is done, then swaps", async () => {
		const root = tree({ "a.ts": "" });
		const index = new FileIndex(root);
		index.refresh();
		await until(index, () => !index.loading);
		writeFileSync(join(root, "b.ts"), "");
		index.refresh();
		expect(index.files).toEqual(["a.ts"]);
		await until(index, () => index.files.length === 2);
		expect(index.files).toEqual(["a.ts", "b.ts"]);
		// Within minAgeMs of the last walk nothing starts.
		writeFileSync(join(root, "c.ts"), "");
		index.refresh(60_000);
		await new Promise((resolve) => setImmediate(resolve));
		expect(index.files).toEqual(["a.ts", "b.ts"]);
	});
});
