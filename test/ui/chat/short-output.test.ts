import { describe, expect, it } from "vitest";
import { firstHunkChanges, firstSentence, shortOutput } from "../../../source/ui/chat/short-output.js";

const edit = ["Edited a.txt", "--- a/a.txt", "+++ b/a.txt", "@@ -8,6 +8,7 @@", " keep 8", "-old 9", "+new 9", "+added 10", " keep 10", "@@ -40,2 +41,2 @@", "-later", "+later2"];

describe("short forms (issue 37: previews show the change, a summary its first sentence)", () => {
	it("an edit's short form: the line before the diff, then the first hunk's -/+ lines numbered (not the ---/+++ headers)", () => {
		expect(shortOutput(edit, true)).toEqual({ shown: ["Edited a.txt", " 9 -old 9", " 9 +new 9"], rest: edit.length - 3 });
		expect(firstHunkChanges(edit)).toEqual([" 9 -old 9", " 9 +new 9", "10 +added 10"]);
	});
	it("a diff without a hunk, or plain output: its first lines", () => {
		expect(shortOutput(["--- a", "+++ b", "x", "y"], true)).toEqual({ shown: ["--- a", "+++ b", "x"], rest: 1 });
		expect(shortOutput(["a", "b"], false)).toEqual({ shown: ["a", "b"], rest: 0 });
	});
	it("a summary's first sentence, past its headings and list marks", () => {
		expect(firstSentence("## Goal\nFix the parser. Then test it.\n\n## Next Steps\n1. x")).toBe("Fix the parser.");
		expect(firstSentence("## Goal\n- **Make** the tree fast\n")).toBe("Make the tree fast");
		expect(firstSentence("Plain summary, one line")).toBe("Plain summary, one line");
		expect(firstSentence("## Only a heading")).toBe("Only a heading");
	});
});
