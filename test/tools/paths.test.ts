import os from "node:os";
import { describe, expect, it } from "vitest";
import { displayPath, looksBinary, resolvePath } from "../../source/tools/paths.js";

describe("paths", () => {
	it("resolves relative, absolute and ~ paths", () => {
		expect(resolvePath("/w", "src/a.ts")).toBe("/w/src/a.ts");
		expect(resolvePath("/w", "/etc/x")).toBe("/etc/x");
		expect(resolvePath("/w", "~")).toBe(os.homedir());
		expect(resolvePath("/w", "~/notes.md")).toBe(`${os.homedir()}/notes.md`);
		expect(resolvePath("/w", "~x")).toBe("/w/~x");
	});
	it("shows paths relative to cwd only when inside it", () => {
		expect(displayPath("/w", "/w/a/b")).toBe("a/b");
		expect(displayPath("/w", "/w")).toBe(".");
		expect(displayPath("/w", "/other/c")).toBe("/other/c");
	});
	it("detects NUL bytes only in the first 8 KB", () => {
		const late = Buffer.alloc(9000, 65);
		late[8500] = 0;
		expect(looksBinary(late)).toBe(false);
		late[100] = 0;
		expect(looksBinary(late)).toBe(true);
	});
});
