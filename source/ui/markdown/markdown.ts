/**
 * Markdown for the terminal: `marked`'s lexer (CommonMark emphasis, so no character is lost to a
 * stray `*`) turned into styled, pre-wrapped lines. Links print as `text (url)`; fenced code is
 * highlighted when a highlighter is given (highlight.ts loads one lazily), else plain green.
 */
import { Lexer, type Token, type Tokens } from "marked";
import { terminalText } from "../../text/terminal-text.js";
import { breakLine, prefixLines, wrapSegs, type Line, type Seg, type SegStyle } from "./lines.js";
import { renderTable } from "./table.js";

/** Turns a code block into lines (highlight.ts), or undefined to show it plain. */
export type Highlight = (code: string, lang: string | undefined) => Line[] | undefined;
type MarkdownOptions = { width: number; highlight?: Highlight };

const CODE: SegStyle = { color: "green" };
const INLINE_CODE: SegStyle = { color: "yellow" };
const DIM: SegStyle = { dim: true };
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
		if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? all;
		const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
		return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? terminalText(String.fromCodePoint(code)) : all;
	});
}

function link(t: Tokens.Link, style: SegStyle): Seg[] {
	const text = inline(t.tokens, { ...style, underline: true });
	const shown = text.map((s) => s.text).join("");
	if (t.href === shown || t.href === `mailto:${shown}`) return text;
	return [...text, { text: ` (${t.href})`, style: DIM }];
}

/** Inline tokens as styled runs; a soft line break is a space, a hard break (`br`) a `\n`. */
export function inline(tokens: Token[] | undefined, style: SegStyle = {}): Seg[] {
	return (tokens ?? []).flatMap((t): Seg[] => {
		switch (t.type) {
			case "text":
				return t.tokens ? inline(t.tokens, style) : [{ text: decode(t.text).replace(/\n/g, " "), style }];
			case "strong":
				return inline(t.tokens, { ...style, bold: true });
			case "em":
				return inline(t.tokens, { ...style, italic: true });
			case "del":
				return inline(t.tokens, { ...style, strike: true });
			case "codespan":
				return [{ text: t.text.replace(/\n/g, " "), style: { ...style, ...INLINE_CODE } }];
			case "link":
				return link(t as Tokens.Link, style);
			case "image":
				return [{ text: `[image: ${t.text}] (${t.href})`, style: DIM }];
			case "br":
				return [{ text: "\n" }];
			case "escape":
			case "html":
				return [{ text: t.text, style }];
			default:
				return [{ text: t.raw, style }];
		}
	});
}

function code(t: Tokens.Code, opts: MarkdownOptions): Line[] {
	const text = t.text.replace(/\t/g, "    ");
	const lang = t.lang?.trim().split(/\s+/)[0] || undefined;
	const lines = opts.highlight?.(text, lang) ?? text.split("\n").map((l) => [{ text: l, style: CODE }]);
	// Indented (no box drawing) so code copied from the terminal stays clean.
	const pad: Seg = { text: "    " };
	return lines.flatMap((line) => prefixLines(breakLine(line, opts.width - 4), pad, pad));
}

function list(t: Tokens.List, opts: MarkdownOptions): Line[] {
	const start = typeof t.start === "number" ? t.start : 1;
	return t.items.flatMap((item, i) => {
		const box = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
		const marker = `${t.ordered ? `${start + i}.` : "•"} ${box}`;
		const inner = blocks(item.tokens.filter((c) => c.type !== "checkbox"), { ...opts, width: opts.width - marker.length });
		return prefixLines(inner, { text: marker, style: { color: "cyan" } }, { text: " ".repeat(marker.length) });
	});
}

function block(t: Token, opts: MarkdownOptions): Line[] {
	switch (t.type) {
		case "heading":
			return wrapSegs(inline(t.tokens, { bold: true }), opts.width);
		case "paragraph":
			return wrapSegs(inline(t.tokens), opts.width);
		case "text":
			return wrapSegs(t.tokens ? inline(t.tokens) : [{ text: decode(t.text) }], opts.width);
		case "list":
			return list(t as Tokens.List, opts);
		case "blockquote": {
			const bar: Seg = { text: "│ ", style: DIM };
			return prefixLines(blocks(t.tokens ?? [], { ...opts, width: opts.width - 2 }), bar, bar);
		}
		case "code":
			return code(t as Tokens.Code, opts);
		case "table":
			return renderTable(t as Tokens.Table, opts.width, inline);
		case "hr":
			return [[{ text: "─".repeat(Math.max(1, opts.width)), style: DIM }]];
		default:
			return wrapSegs([{ text: (t.raw ?? "").replace(/\n+$/, "") }], opts.width);
	}
}

/** Blocks in order; a blank source line between two blocks stays one blank row. */
function blocks(tokens: Token[], opts: MarkdownOptions): Line[] {
	const out: Line[] = [];
	for (const t of tokens) {
		if (t.type === "space") {
			if ((out.at(-1)?.length ?? 0) > 0) out.push([]);
		} else if (t.type !== "def") {
			out.push(...block(t, opts));
		}
	}
	while (out.at(-1)?.length === 0) out.pop();
	return out;
}

/** Tokens of a reply (sanitized for the terminal first); code tokens tell the view to load a highlighter. */
export function lexMarkdown(text: string): Token[] {
	return new Lexer({ gfm: true, breaks: true }).lex(terminalText(text));
}

/** True when the tokens hold a code block (anywhere, e.g. inside a list). */
export function hasCodeBlock(tokens: Token[]): boolean {
	return tokens.some((t) => t.type === "code" || hasCodeBlock(("tokens" in t && t.tokens) || ("items" in t && t.items) || []));
}

/** `text` as terminal rows of at most `opts.width` columns. */
export function renderMarkdown(tokens: Token[], opts: MarkdownOptions): Line[] {
	return blocks(tokens, { ...opts, width: Math.max(4, opts.width) });
}
