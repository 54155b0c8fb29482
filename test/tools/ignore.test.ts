import { describe, expect, it } from "vitest";
import { globPathFilter, globToRegExp } from "../../source/tools/glob.js";
import { isIgnored, parseGitignore } from "../../source/tools/ignore.js";

describe("globToRegExp", () => {
	it("handles *, **, ?, classes and braces", () => {
		expect(globToRegExp("*.ts").test("a.ts")).toBe(true);
		expect(globToRegExp("*.ts").test("src/a.ts")).toBe(false);
		expect(globToRegExp("src/**/*.ts").test("src/a.ts")).toBe(true);
		expect(globToRegExp("src/**/*.ts").test("src/x/y/a.ts")).toBe(true);
		expect(globToRegExp("src/**").test("src/x/y")).toBe(true);
		expect(globToRegExp("a?c").test("abc")).toBe(true);
		expect(globToRegExp("a?c").test("a/c")).toBe(false);
		expect(globToRegExp("[!a]x").test("bx")).toBe(true);
		expect(globToRegExp("[!a]x").test("ax")).toBe(false);
		expect(globToRegExp("*.{ts,tsx}").test("a.tsx")).toBe(true);
		expect(globToRegExp("a.b").test("axb")).toBe(false);
	});

	it("path filter: no slash matches the base name at any depth", () => {
		expect(globPathFilter("*.md")("docs/deep/readme.md")).toBe(true);
		expect(globPathFilter("docs/*.md")("docs/deep/readme.md")).toBe(false);
		expect(globPathFilter("./docs/**/*.md")("docs/deep/readme.md")).toBe(true);
	});
});

describe("gitignore rules", () => {
	const rules = [
		...parseGitignore("# comment\n\n*.log\n!keep.log\n/build\ncache/\ndocs/**/*.tmp\n\\#hash\n", ""),
		...parseGitignore("secret.txt\n!*.log\n", "pkg"),
	];
	const cases: [string, boolean, boolean][] = [
		["a.log", false, true],
		["deep/x/a.log", false, true],
		["keep.log", false, false],
		["build", true, true],
		["src/build", true, false],
		["cache", true, true],
		["cache", false, false],
		["src/cache", true, true],
		["docs/a.tmp", false, true],
		["docs/x/y/a.tmp", false, true],
		["a.tmp", false, false],
		["#hash", false, true],
		["pkg/secret.txt", false, true],
		["secret.txt", false, false],
		["pkg/b.log", false, false],
	];
	it.each(cases)("%s (dir=%s) ignored=%s", (rel, isDir, expected) => {
		expect(isIgnored(rules, rel, isDir)).toBe(expected);
	});
});
