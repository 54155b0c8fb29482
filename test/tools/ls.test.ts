import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lsTool } from "../../source/tools/ls.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

describe("lsTool", () => {
	it("sorts entries and marks directories (and links to them) with /", async () => {
		dir = makeTree({ "b.txt": "", "a/x": "", ".hidden": "", "C.md": "" });
		fs.symlinkSync(path.join(dir, "a"), path.join(dir, "link"));
		const r = await lsTool({}, { cwd: dir });
		expect(r.output).toBe(".hidden\nC.md\na/\nb.txt\nlink/");
		expect((await lsTool({ path: "a" }, { cwd: dir })).output).toBe("x");
	});

	it("caps at 500 entries with a note", async () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 503; i++) files[`f${String(i).padStart(3, "0")}`] = "";
		dir = makeTree(files);
		const lines = (await lsTool({ path: "." }, { cwd: dir })).output.split("\n");
		expect(lines).toHaveLength(501);
		expect(lines[499]).toBe("f499");
		expect(lines[500]).toBe("[... 3 more entries not shown]");
	});

	it("reports empty, missing and non-directories", async () => {
		dir = makeTree({ "f.txt": "", "empty/.keep": "" });
		fs.rmSync(path.join(dir, "empty/.keep"));
		expect((await lsTool({ path: "empty" }, { cwd: dir })).output).toBe("(empty directory)");
		await expect(lsTool({ path: "nope" }, { cwd: dir })).rejects.toThrow("nope: no such file or directory");
		await expect(lsTool({ path: "f.txt" }, { cwd: dir })).rejects.toThrow("f.txt is not a directory");
	});
});
