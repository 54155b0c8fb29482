import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findTool } from "../../source/tools/find.js";
import { grepTool } from "../../source/tools/grep.js";
import { ToolError } from "../../source/tools/result.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

/** A repo with root and nested .gitignore files, a negation, and always-skipped folders. */
function repo(): string {
	const d = makeTree({
		".gitignore": "*.log\n!keep.log\n/dist/\nsecret*\n",
		"src/a.ts": "const needle = 1;\nother\n",
		"src/b.tsx": "NEEDLE in caps\n",
		"src/gen/.gitignore": "*.ts\n!keep.ts\n",
		"src/gen/out.ts": "needle generated\n",
		"src/gen/keep.ts": "needle kept\n",
		"app.log": "needle in log\n",
		"keep.log": "needle kept log\n",
		"dist/x.js": "needle built\n",
		"lib/dist/y.js": "needle not root dist\n",
		"secret.env": "needle\n",
		"node_modules/m/index.js": "needle\n",
		".git/HEAD": "needle\n",
		"img.bin": Buffer.from("needle\u0000binary"),
	});
	return d;
}

describe("grepTool", () => {
	it("honours root and nested .gitignore with negation, skips binary/.git/node_modules", async () => {
		dir = repo();
		const r = await grepTool({ pattern: "needle" }, { cwd: dir });
		expect(r.output).toBe(
			[
				"keep.log:1: needle kept log",
				"lib/dist/y.js:1: needle not root dist",
				"src/a.ts:1: const needle = 1;",
				"src/gen/keep.ts:1: needle kept",
			].join("\n"),
		);
		expect(r.details).toEqual({ matches: 4, truncated: false });
	});

	it("supports ignoreCase, literal, glob and a sub-path that inherits parent rules", async () => {
		dir = repo();
		const ci = await grepTool({ pattern: "needle", ignoreCase: true, glob: "*.tsx" }, { cwd: dir });
		expect(ci.output).toBe("src/b.tsx:1: NEEDLE in caps");
		const lit = await grepTool({ pattern: "= 1;", literal: true }, { cwd: dir });
		expect(lit.output).toBe("src/a.ts:1: const needle = 1;");
		const sub = await grepTool({ pattern: "needle", path: "src/gen" }, { cwd: dir });
		expect(sub.output).toBe("src/gen/keep.ts:1: needle kept");
		const file = await grepTool({ pattern: "other", path: "src/a.ts" }, { cwd: dir });
		expect(file.output).toBe("src/a.ts:2: other");
	});

	it("caps at 200 matches, reports no matches, bad regex and missing path", async () => {
		dir = makeTree({ "many.txt": "hit\n".repeat(250) });
		const r = await grepTool({ pattern: "hit" }, { cwd: dir });
		const lines = r.output.split("\n");
		expect(lines).toHaveLength(201);
		expect(lines[199]).toBe("many.txt:200: hit");
		expect(lines[200]).toBe("[... stopped at 200 matches; narrow the pattern, path or glob]");
		expect(r.details).toEqual({ matches: 200, truncated: true });
		expect((await grepTool({ pattern: "zzz" }, { cwd: dir })).output).toBe("no matches");
		const bad = grepTool({ pattern: "(" }, { cwd: dir });
		await expect(bad).rejects.toBeInstanceOf(ToolError);
		await expect(grepTool({ pattern: "(" }, { cwd: dir })).rejects.toThrow(/^invalid regular expression: /);
		await expect(grepTool({ pattern: "x", path: "nope" }, { cwd: dir })).rejects.toThrow(
			"nope: no such file or directory",
		);
	});
});

describe("findTool", () => {
	it("matches globs by name or path with the same ignore rules", async () => {
		dir = repo();
		expect((await findTool({ pattern: "*.ts" }, { cwd: dir })).output).toBe("src/a.ts\nsrc/gen/keep.ts");
		expect((await findTool({ pattern: "*.{js,log}" }, { cwd: dir })).output).toBe("keep.log\nlib/dist/y.js");
		expect((await findTool({ pattern: "src/**/*.ts*" }, { cwd: dir })).output).toBe(
			"src/a.ts\nsrc/b.tsx\nsrc/gen/keep.ts",
		);
		expect((await findTool({ pattern: "*.ts", path: "src/gen" }, { cwd: dir })).output).toBe("src/gen/keep.ts");
		expect((await findTool({ pattern: "*.py" }, { cwd: dir })).output).toBe("no files found");
	});

	it("applies .gitignore files above the start up to the repo root; paths outside cwd are absolute", async () => {
		dir = makeTree({ ".git/HEAD": "", ".gitignore": "skip.txt\n", "a/skip.txt": "", "a/ok.txt": "", "b/.keep": "" });
		const r = await findTool({ pattern: "*.txt", path: "../a" }, { cwd: path.join(dir, "b") });
		expect(r.output).toBe(`${dir}/a/ok.txt`);
		// Without a .git marker the start directory is the root: the parent's rules do not apply.
		fs.rmSync(path.join(dir, ".git"), { recursive: true });
		const plain = await findTool({ pattern: "*.txt", path: "a" }, { cwd: dir });
		expect(plain.output).toBe("a/ok.txt\na/skip.txt");
	});

	it("caps at 500 results", async () => {
		dir = makeTree();
		for (let i = 0; i < 505; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(3, "0")}.txt`), "");
		const r = await findTool({ pattern: "*.txt" }, { cwd: dir });
		const lines = r.output.split("\n");
		expect(lines).toHaveLength(501);
		expect(lines[500]).toBe("[... stopped at 500 results; narrow the pattern or path]");
		expect(r.details).toEqual({ count: 500, truncated: true });
	});
});
