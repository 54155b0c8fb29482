import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/shared.js";

/** docs/style.md: files ≤ 200 lines, 400 only with a reason at the top. */
function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
		d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
	);
}

describe("file sizes in source/", () => {
	const files = sourceFiles(join(REPO_ROOT, "source")).map((file) => {
		const text = readFileSync(file, "utf8");
		return { name: relative(REPO_ROOT, file), lines: text.split("\n").length - 1, top: text.split("\n").slice(0, 15).join("\n") };
	});

	it("no file is over 400 lines", () => {
		expect(files.filter((f) => f.lines > 400).map((f) => `${f.name}: ${f.lines}`)).toEqual([]);
	});

	it("a file over 200 lines says why at its top (\"over 200 lines\")", () => {
		expect(files.filter((f) => f.lines > 200 && !/over 200 lines/i.test(f.top)).map((f) => `${f.name}: ${f.lines}`)).toEqual([]);
	});
});
