import { describe, expect, it } from "vitest";
import { displayWidth } from "../../source/text/text-width.js";
import { htmlToLines, highlightCode } from "../../source/ui/markdown/highlight-code.js";
import { loadHighlighter } from "../../source/ui/markdown/highlight.js";
import { plainText, wrapSegs } from "../../source/ui/markdown/lines.js";
import { hasCodeBlock, lexMarkdown, renderMarkdown } from "../../source/ui/markdown/markdown.js";

const rows = (text: string, width = 80) => renderMarkdown(lexMarkdown(text), { width }).map(plainText);

describe("renderMarkdown", () => {
	it("keeps every character of text that only looks like emphasis (CommonMark rules)", () => {
		expect(rows("glob **/*.ts and *.js")).toEqual(["glob **/*.ts and *.js"]);
		expect(rows("a * b * c, snake_case_name, x_1 and y_2, 2 ** 3")).toEqual(["a * b * c, snake_case_name, x_1 and y_2, 2 ** 3"]);
		expect(rows("**bold** and *it* and `co*de`")).toEqual(["bold and it and co*de"]);
	});

	it("styles bold, italic and inline code", () => {
		const [line] = renderMarkdown(lexMarkdown("a **b** *c* `d`"), { width: 80 });
		expect(line!.filter((s) => s.style?.bold).map((s) => s.text)).toEqual(["b"]);
		expect(line!.filter((s) => s.style?.italic).map((s) => s.text)).toEqual(["c"]);
		expect(line!.find((s) => s.text === "d")!.style?.color).toBe("yellow");
	});

	it("prints links as text (url)", () => {
		expect(rows("see [the docs](https://x.dev/a) or <https://y.dev>")).toEqual(["see the docs (https://x.dev/a) or https://y.dev"]);
	});

	it("aligns tables by display columns (CJK counts two)", () => {
		const out = rows("| name | n |\n|:--|--:|\n| 一二三 | 1 |\n| ab | 100 |");
		expect(out).toEqual(["name   │   n", "───────┼────", "一二三 │   1", "ab     │ 100"]);
		expect(new Set(out.map(displayWidth)).size).toBe(1);
	});

	it("shrinks a table wider than the screen and wraps its cells within their columns: no text is lost", () => {
		const out = rows(`| a | b |\n|-|-|\n| ${"x".repeat(50)} | ${"y".repeat(50)} |`, 40);
		expect(out.every((l) => displayWidth(l) === 40)).toBe(true);
		expect(out.join("")).not.toContain("…");
		expect(out.slice(2).map((l) => l.split(" │ ")[0]).join("").trim()).toBe("x".repeat(50));
		expect(out.slice(2).map((l) => l.split(" │ ")[1]).join("").trim()).toBe("y".repeat(50));
	});

	it("at 80 columns a wide table keeps its words whole, its URL over rows, CJK by display width; wrapped rows are ruled apart", () => {
		const md = [
			"| Name | Description | Status | Owner | Notes |",
			"|---|---|---|---|---|",
			"| arbor | a terminal chat client whose conversations are trees | active ✅ | 日本語のチーム | see https://example.com/a/very/long/url/that/does/not/fit |",
			"| pi | the agent | ok | mario | - |",
		].join("\n");
		const out = rows(md, 80);
		expect(out.every((l) => displayWidth(l) <= 80)).toBe(true);
		expect(out.join("\n")).not.toContain("…");
		const cells = (col: number) => out.map((l) => l.split(" │ ")[col]?.trim() ?? "");
		// Every word of a cell is on one row (none longer than the column is broken).
		expect(cells(1).join(" ").replace(/\s+/g, " ")).toContain("a terminal chat client whose conversations are trees");
		expect(cells(4).join("")).toContain("https://example.com/a/very/long/url/that/does/not/fit");
		expect(cells(3)).toContain("日本語のチーム");
		// Header, rule, the wrapped arbor row, a rule, then pi's row.
		expect(out[1]).toMatch(/^─+┼─/);
		const piRow = out.findIndex((l) => l.startsWith("pi "));
		expect(out[piRow - 1]).toMatch(/^─+┼─/);
	});

	it("wraps by words without a space at the start of a row", () => {
		const out = rows("alpha beta gamma delta epsilon zeta eta theta", 12);
		expect(out).toEqual(["alpha beta", "gamma delta", "epsilon zeta", "eta theta"]);
		expect(out.some((l) => l.startsWith(" "))).toBe(false);
	});

	it("wraps CJK by display width and breaks words longer than a row", () => {
		expect(wrapSegs([{ text: "一二三四五六" }], 5).map(plainText)).toEqual(["一二", "三四", "五六"]);
		expect(rows("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
	});

	it("keeps the reply's line breaks", () => {
		expect(rows("one\ntwo")).toEqual(["one", "two"]);
	});

	it("lists, nested lists, quotes and code blocks", () => {
		expect(rows("# Title\n\n- one\n  - two\n1. first\n\n> quoted\n\n```\nlet x\n```")).toEqual([
			"Title", "", "• one", "  • two", "1. first", "", "│ quoted", "", "    let x",
		]);
	});

	it("an unclosed fence (still streaming) is code", () => {
		const tokens = lexMarkdown("```js\nlet x");
		expect(hasCodeBlock(tokens)).toBe(true);
		expect(renderMarkdown(tokens, { width: 80 }).map(plainText)).toEqual(["    let x"]);
	});

	it("sanitizes escape sequences before parsing", () => {
		expect(rows("a\u001b]0;PWNED\u0007b \u001b[2Jc")).toEqual(["ab c"]);
	});
});

describe("highlighting", () => {
	it("turns highlight.js HTML into styled lines", () => {
		const lines = htmlToLines('<span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;x\ny&quot;</span>;');
		expect(lines.map(plainText)).toEqual(['const a = "x', 'y";']);
		expect(lines[0]![0]).toEqual({ text: "const", style: { color: "magenta" } });
		expect(lines[1]![0]!.style?.color).toBe("green");
	});

	it("highlights a known language and leaves unknown ones plain", () => {
		const out = renderMarkdown(lexMarkdown("```ts\nconst n = 1;\n```"), { width: 80, highlight: highlightCode });
		expect(out.map(plainText)).toEqual(["    const n = 1;"]);
		expect(out[0]!.some((s) => s.style?.color === "magenta")).toBe(true);
		expect(highlightCode("x", "no-such-language")).toBeUndefined();
	});

	it("is not loaded when NO_COLOR is set", async () => {
		expect(await loadHighlighter({ NO_COLOR: "1" })).toBeUndefined();
	});
});
