import { describe, expect, it } from "vitest";
import { atToken, completeAt } from "../../../source/ui/editor/at-completion.js";

describe("@ completion text", () => {
	it("finds the @word that ends at the cursor, at the start or after a space only", () => {
		expect(atToken("@", 1)).toEqual({ start: 0, query: "" });
		expect(atToken("look at @src/ui", 15)).toEqual({ start: 8, query: "src/ui" });
		expect(atToken("mail@example.com", 16)).toBeNull();
		expect(atToken("@done and more", 14)).toBeNull();
	});

	it("puts @path and a space in place of the word, the cursor after it; spaces in the path escaped", () => {
		expect(completeAt("see @src", 8, { start: 4 }, "src/a.ts")).toEqual({ text: "see @src/a.ts ", cursor: 14 });
		expect(completeAt("see @sr rest", 6, { start: 4 }, "src/a.ts")).toEqual({ text: "see @src/a.ts rest", cursor: 14 });
		expect(completeAt("@", 1, { start: 0 }, "My Shots/a b.png")).toEqual({ text: "@My\\ Shots/a\\ b.png ", cursor: 20 });
	});
});
