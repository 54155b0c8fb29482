/** The confirmation's preview of an edit finds the text as the tool will (edit-match.ts). */
import { afterEach, describe, expect, it } from "vitest";
import { previewToolCall } from "../../source/tools/preview.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

describe("previewToolCall: edit", () => {
	it("shows the diff of a match the tool folds (trailing spaces, typographic quotes), and says when the text is missing or not unique", async () => {
		dir = makeTree({ "f.ts": "a = “x”;  \nb = 2;\n", "g.ts": "x\nx\n" });
		const folded = await previewToolCall("edit", { path: "f.ts", oldText: 'a = "x";', newText: "a = 1;" }, dir);
		expect(folded).toBe(["--- a/f.ts", "+++ b/f.ts", "@@ -1,2 +1,2 @@", "-a = “x”;  ", "+a = 1;  ", " b = 2;"].join("\n"));
		expect(await previewToolCall("edit", { path: "f.ts", oldText: "zzz", newText: "y" }, dir)).toBe("--- f.ts: the text to replace is not found\n-zzz\n+y");
		expect(await previewToolCall("edit", { path: "g.ts", oldText: "x", newText: "y" }, dir)).toBe("--- g.ts: the text to replace is not unique\n-x\n+y");
	});
});
