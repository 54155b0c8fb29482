import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errnoCode, errorMessage } from "../../source/text/error-text.js";

describe("errorMessage", () => {
	it("is an Error's message, and any other thrown value as text", () => {
		expect(errorMessage(new Error("boom"))).toBe("boom");
		expect(errorMessage(new TypeError(""))).toBe("");
		expect(errorMessage("plain text")).toBe("plain text");
		expect(errorMessage(42)).toBe("42");
		expect(errorMessage(null)).toBe("null");
		expect(errorMessage(undefined)).toBe("undefined");
		expect(errorMessage({ message: "not an Error" })).toBe("[object Object]");
	});
});

describe("errnoCode", () => {
	it("is the code of a real fs error", () => {
		let thrown: unknown;
		try {
			readFileSync(join(import.meta.dirname, "no-such-file"));
		} catch (error) {
			thrown = error;
		}
		expect(errnoCode(thrown)).toBe("ENOENT");
	});

	it("is undefined for values without a string code", () => {
		expect(errnoCode(new Error("x"))).toBeUndefined();
		expect(errnoCode(Object.assign(new Error("x"), { code: 7 }))).toBeUndefined();
		expect(errnoCode("ENOENT")).toBeUndefined();
		expect(errnoCode(null)).toBeUndefined();
		expect(errnoCode(undefined)).toBeUndefined();
		expect(errnoCode({ code: "EACCES" })).toBe("EACCES");
	});
});
