import { describe, expect, it } from "vitest";
import { fuzzyPaths, fuzzyScore } from "../../source/text/fuzzy-path.js";

describe("fuzzyPaths", () => {
	const paths = ["source/ui/editor/editor.tsx", "source/ui/editor/editor-state.ts", "test/ui/editor/editor-keys.test.ts", "docs/edit.md", "readme.md", "source/tools/edit.ts"];

	it("needs the query's characters in order, case-insensitive", () => {
		expect(fuzzyScore("readme.md", "rdm")).toBeGreaterThan(0);
		expect(fuzzyScore("readme.md", "mdr")).toBe(-1);
		expect(fuzzyPaths(paths, "README", 10)).toEqual(["readme.md"]);
	});

	it("ranks a file name that starts with the query first, then shorter paths", () => {
		expect(fuzzyPaths(paths, "edit", 3)).toEqual(["docs/edit.md", "source/tools/edit.ts", "source/ui/editor/editor.tsx"]);
		expect(fuzzyPaths(paths, "edst", 1)).toEqual(["source/ui/editor/editor-state.ts"]);
	});

	it("an empty query lists the first paths, shortest first; limit is kept", () => {
		expect(fuzzyPaths(paths, "", 2)).toEqual(["readme.md", "docs/edit.md"]);
	});

	// Speed is a bench figure (scripts/bench-at.mjs); this checks the matcher on 50,000 paths.
	it("50,000 paths are matched: the best match first", () => {
		const many = Array.from({ length: 50_000 }, (_, i) => `pkg${i % 50}/module${Math.floor(i / 50)}/file-${i}.ts`);
		const start = performance.now();
		const found = fuzzyPaths(many, "file-4999", 8);
		const ms = performance.now() - start;
		expect(found[0]).toBe("pkg49/module99/file-4999.ts");
		console.log(`fuzzyPaths over 50,000 paths: ${ms.toFixed(1)} ms`);
	});
});
