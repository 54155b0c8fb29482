import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cappedOutput } from "../../source/tools/extension-tools.js";
import { removeSpillFiles } from "../../source/tools/output-capture.js";

describe("an extension tool's output, held to the built-in tools' limits", () => {
	it("short output is as it was", () => {
		const result = { output: "fine\nshort", isError: false };
		expect(cappedOutput(result)).toBe(result);
	});

	it("5,000 lines: the last 2,000 with a note naming the temp file that holds all of them (gone when arbor ends)", () => {
		const text = Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join("\n");
		const capped = cappedOutput({ output: text });
		const [note, ...rest] = capped.output.split("\n");
		const file = /full output in (\S+)\]$/.exec(note!)?.[1];
		expect(note).toMatch(/^\[output truncated: showing the last 2000 of 5000 lines; full output in \S+arbor-tool-[\w-]+\.log\]$/);
		expect(rest).toHaveLength(2000);
		expect(rest.at(-1)).toBe("line 5000");
		expect(readFileSync(file!, "utf8")).toBe(text);
		removeSpillFiles();
		expect(existsSync(file!)).toBe(false);
	});

	it("one line of 200 KB: its last 50 KB", () => {
		const capped = cappedOutput({ output: `start${"x".repeat(200 * 1024)}end` });
		expect(capped.output.startsWith("[output truncated:")).toBe(true);
		expect(capped.output.endsWith("end")).toBe(true);
		expect(Buffer.byteLength(capped.output)).toBeLessThan(52 * 1024);
		removeSpillFiles();
	});

	it("2,500 short lines (5 KB): over the line limit though far under the byte limit", () => {
		const text = Array.from({ length: 2500 }, () => "x").join("\n");
		const capped = cappedOutput({ output: text });
		expect(capped.output.split("\n")[0]).toMatch(/^\[output truncated: showing the last 2000 of 2500 lines;/);
		expect(capped.output.split("\n")).toHaveLength(2001);
		removeSpillFiles();
	});
});
