import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { editTool } from "../../source/tools/edit.js";
import { writeTool } from "../../source/tools/write.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

describe("writeTool", () => {
	it("creates parent directories and reports bytes and lines", async () => {
		dir = makeTree();
		const r = await writeTool({ path: "deep/er/f.txt", content: "héllo\nworld\n" }, { cwd: dir });
		expect(r.output).toBe("Created deep/er/f.txt (13 bytes, 2 lines)");
		expect(r.details).toEqual({ path: path.join(dir, "deep/er/f.txt"), bytes: 13, lines: 2, created: true });
		expect(fs.readFileSync(path.join(dir, "deep/er/f.txt"), "utf8")).toBe("héllo\nworld\n");
		const again = await writeTool({ path: "deep/er/f.txt", content: "x" }, { cwd: dir });
		expect(again.output).toBe("Overwrote deep/er/f.txt (1 byte, 1 line)");
		expect(fs.readFileSync(path.join(dir, "deep/er/f.txt"), "utf8")).toBe("x");
	});

	it("refuses to overwrite a directory", async () => {
		dir = makeTree({ "d/x": "" });
		await expect(writeTool({ path: "d", content: "" }, { cwd: dir })).rejects.toThrow("d is a directory");
	});
});

const SOURCE = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].join("\n") + "\n";

describe("editTool", () => {
	it("replaces a unique match and returns a unified diff with 3 lines of context", async () => {
		dir = makeTree({ "f.txt": SOURCE });
		const r = await editTool({ path: "f.txt", oldText: "e\nf\n", newText: "E\nf\nF2\n" }, { cwd: dir });
		// The changed region is one block: "f" sits inside it, so it appears as -f/+f.
		const expected = [
			"--- a/f.txt",
			"+++ b/f.txt",
			"@@ -2,8 +2,9 @@",
			" b",
			" c",
			" d",
			"-e",
			"-f",
			"+E",
			"+f",
			"+F2",
			" g",
			" h",
			" i",
		].join("\n");
		expect(r.details?.diff).toBe(expected);
		expect(r.output).toBe(`Edited f.txt\n${expected}`);
		expect(fs.readFileSync(path.join(dir, "f.txt"), "utf8")).toBe(SOURCE.replace("e\nf\n", "E\nf\nF2\n"));
	});

	it("diffs a change on the first and on the last line", async () => {
		dir = makeTree({ "f.txt": SOURCE });
		const first = await editTool({ path: "f.txt", oldText: "a", newText: "A" }, { cwd: dir });
		expect(first.details?.diff).toBe("--- a/f.txt\n+++ b/f.txt\n@@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n d");
		const last = await editTool({ path: "f.txt", oldText: "j\n", newText: "" }, { cwd: dir });
		expect(last.details?.diff).toBe("--- a/f.txt\n+++ b/f.txt\n@@ -7,4 +7,3 @@\n g\n h\n i\n-j");
	});

	it("rejects missing, ambiguous and empty oldText and missing files, leaving the file alone", async () => {
		dir = makeTree({ "f.txt": "x = 1\nx = 1\n" });
		await expect(editTool({ path: "f.txt", oldText: "y", newText: "z" }, { cwd: dir })).rejects.toThrow(
			"oldText not found in f.txt",
		);
		await expect(editTool({ path: "f.txt", oldText: "x = 1", newText: "z" }, { cwd: dir })).rejects.toThrow(
			"oldText occurs 2 times in f.txt; add more context to make it unique",
		);
		await expect(editTool({ path: "f.txt", oldText: "", newText: "z" }, { cwd: dir })).rejects.toThrow(
			"oldText must not be empty; use write to create a file",
		);
		await expect(editTool({ path: "g.txt", oldText: "a", newText: "b" }, { cwd: dir })).rejects.toThrow(
			"g.txt: no such file",
		);
		expect(fs.readFileSync(path.join(dir, "f.txt"), "utf8")).toBe("x = 1\nx = 1\n");
	});

	it("matches LF oldText in a CRLF file and keeps CRLF", async () => {
		dir = makeTree({ "w.txt": "one\r\ntwo\r\nthree\r\n" });
		await editTool({ path: "w.txt", oldText: "one\ntwo", newText: "1\n2" }, { cwd: dir });
		expect(fs.readFileSync(path.join(dir, "w.txt"), "utf8")).toBe("1\r\n2\r\nthree\r\n");
	});

	it("finds oldText the model wrote without the file's trailing spaces, typographic quotes or dashes, and replaces only that region", async () => {
		const file = "const a = 1;   \nconst msg = “it’s fine” — ok;\t\nconst b = 2;  \nconst c = ‘untouched’;  \n";
		dir = makeTree({ "f.ts": file });
		const r = await editTool({ path: "f.ts", oldText: "const a = 1;\nconst msg = \"it's fine\" - ok;", newText: "const a = 10;\nconst msg = \"fixed\";" }, { cwd: dir });
		// The rest of the file keeps its own quotes and trailing spaces.
		expect(fs.readFileSync(path.join(dir, "f.ts"), "utf8")).toBe("const a = 10;\nconst msg = \"fixed\";\t\nconst b = 2;  \nconst c = ‘untouched’;  \n");
		expect(r.output).toContain("-const msg = “it’s fine” — ok;\t");
		expect(r.output).toContain("+const msg = \"fixed\";\t");
	});

	it("a CRLF file with trailing spaces: the folded match keeps CRLF in the new text", async () => {
		dir = makeTree({ "w.txt": "one  \r\ntwo\r\nthree\r\n" });
		await editTool({ path: "w.txt", oldText: "one\ntwo", newText: "1\n2" }, { cwd: dir });
		expect(fs.readFileSync(path.join(dir, "w.txt"), "utf8")).toBe("1\r\n2\r\nthree\r\n");
	});

	it("a folded match that is not unique is refused, and nothing is written; an exact match wins over folded ones", async () => {
		dir = makeTree({ "u.txt": "say “hi”\nsay ”hi“  \n" });
		await expect(editTool({ path: "u.txt", oldText: "say 'hi'", newText: "x" }, { cwd: dir })).rejects.toThrow("oldText not found");
		await expect(editTool({ path: "u.txt", oldText: 'say "hi"', newText: "x" }, { cwd: dir })).rejects.toThrow("oldText occurs 2 times");
		expect(fs.readFileSync(path.join(dir, "u.txt"), "utf8")).toBe("say “hi”\nsay ”hi“  \n");
		await editTool({ path: "u.txt", oldText: "say ”hi“", newText: "x" }, { cwd: dir });
		expect(fs.readFileSync(path.join(dir, "u.txt"), "utf8")).toBe("say “hi”\nx  \n");
	});

	it("several edits in one call, each found in the file as it was: applied together, one hunk each (or one for nearby lines)", async () => {
		const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
		dir = makeTree({ "m.txt": `${lines.join("\n")}\n` });
		const r = await editTool({ path: "m.txt", edits: [{ oldText: "line 25", newText: "LINE 25" }, { oldText: "line 2\n", newText: "LINE 2\nextra\n" }, { oldText: "line 4", newText: "LINE 4" }] }, { cwd: dir });
		const after = fs.readFileSync(path.join(dir, "m.txt"), "utf8").split("\n");
		expect(after.slice(0, 6)).toEqual(["line 1", "LINE 2", "extra", "line 3", "LINE 4", "line 5"]);
		expect(after[25]).toBe("LINE 25");
		// Lines 2 and 4 share their context: one hunk; line 25 is its own.
		expect(r.output.match(/^@@ .* @@$/gm)).toEqual(["@@ -1,7 +1,8 @@", "@@ -22,7 +23,7 @@"]);
		expect(r.output).toContain("@@ -1,7 +1,8 @@\n line 1\n-line 2\n+LINE 2\n+extra\n line 3\n-line 4\n+LINE 4\n line 5\n line 6\n line 7\n@@ -22,7 +23,7 @@\n line 22\n line 23\n line 24\n-line 25\n+LINE 25\n line 26");
	});

	it("all or none: an edit not found, not unique or overlapping another refuses the call, naming it, and writes nothing", async () => {
		dir = makeTree({ "n.txt": "alpha\nbeta\ngamma\nbeta\n" });
		const call = (edits: { oldText: string; newText: string }[]) => editTool({ path: "n.txt", edits }, { cwd: dir });
		await expect(call([{ oldText: "alpha", newText: "A" }, { oldText: "delta", newText: "D" }])).rejects.toThrow("edits[1].oldText not found in n.txt");
		await expect(call([{ oldText: "alpha", newText: "A" }, { oldText: "beta", newText: "B" }])).rejects.toThrow("edits[1].oldText occurs 2 times in n.txt");
		await expect(call([{ oldText: "alpha\nbeta", newText: "x" }, { oldText: "beta\ngamma", newText: "y" }])).rejects.toThrow("edits[0] and edits[1] overlap in n.txt: merge them into one edit");
		await expect(call([{ oldText: "alpha", newText: "A" }, { oldText: "", newText: "y" }])).rejects.toThrow("edits[1].oldText must not be empty");
		expect(fs.readFileSync(path.join(dir, "n.txt"), "utf8")).toBe("alpha\nbeta\ngamma\nbeta\n");
	});
});
