/// <reference lib="dom" />
/**
 * Markdown → DOM. marked only lexes; every token becomes elements and text nodes here, so raw
 * HTML in a message shows as its characters and links can only point to http(s) or mailto.
 */
import { Lexer, type Token, type Tokens } from "marked";
import { el, type Child } from "./dom.js";
import { codeBlock } from "./highlight-dom.js";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** Markdown source may spell characters as entities; decode the common ones into plain text. */
function decode(text: string): string {
	return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

function safeHref(href: string): string | undefined {
	return /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : undefined;
}

function inline(tokens: readonly Token[] | undefined): Child[] {
	return (tokens ?? []).map(inlineToken);
}

function inlineToken(t: Token): Child {
	switch (t.type) {
		case "text":
			return "tokens" in t && t.tokens ? el("span", {}, ...inline(t.tokens)) : decode((t as Tokens.Text).text);
		case "escape":
			return (t as Tokens.Escape).text;
		case "strong":
			return el("strong", {}, ...inline((t as Tokens.Strong).tokens));
		case "em":
			return el("em", {}, ...inline((t as Tokens.Em).tokens));
		case "del":
			return el("del", {}, ...inline((t as Tokens.Del).tokens));
		case "codespan":
			return el("code", {}, (t as Tokens.Codespan).text);
		case "br":
			return el("br");
		case "link": {
			const href = safeHref((t as Tokens.Link).href);
			const text = inline((t as Tokens.Link).tokens);
			return href ? el("a", { href, rel: "noopener noreferrer", target: "_blank" }, ...text) : el("span", {}, ...text);
		}
		case "image":
			// No network requests: an image reference shows as text.
			return `[image: ${(t as Tokens.Image).text || (t as Tokens.Image).href}]`;
		default:
			return t.raw;
	}
}

function listBlock(t: Tokens.List): HTMLElement {
	const items = t.items.map((item) =>
		el("li", {}, item.task ? (item.checked ? "☑ " : "☐ ") : null, ...blocks(item.tokens.filter((x) => x.type !== "checkbox"))),
	);
	const start = t.ordered && t.start !== "" && t.start !== 1 ? String(t.start) : undefined;
	return t.ordered ? el("ol", { start }, ...items) : el("ul", {}, ...items);
}

function tableBlock(t: Tokens.Table): HTMLElement {
	const head = el("tr", {}, ...t.header.map((c) => el("th", {}, ...inline(c.tokens))));
	const rows = t.rows.map((r) => el("tr", {}, ...r.map((c) => el("td", {}, ...inline(c.tokens)))));
	return el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function block(t: Token): Child {
	switch (t.type) {
		case "space":
		case "def":
			return null;
		case "paragraph":
			return el("p", {}, ...inline((t as Tokens.Paragraph).tokens));
		case "heading": {
			const h = t as Tokens.Heading;
			return el(`h${Math.min(6, Math.max(1, h.depth)) as 1 | 2 | 3 | 4 | 5 | 6}`, {}, ...inline(h.tokens));
		}
		case "code":
			return codeBlock((t as Tokens.Code).text, (t as Tokens.Code).lang);
		case "blockquote":
			return el("blockquote", {}, ...blocks((t as Tokens.Blockquote).tokens));
		case "list":
			return listBlock(t as Tokens.List);
		case "table":
			return tableBlock(t as Tokens.Table);
		case "hr":
			return el("hr");
		case "html":
			return el("p", { class: "raw" }, t.raw);
		case "text":
			return el("p", {}, ...("tokens" in t && t.tokens ? inline(t.tokens) : [decode((t as Tokens.Text).text)]));
		default:
			return el("p", {}, t.raw);
	}
}

function blocks(tokens: readonly Token[]): Child[] {
	return tokens.map(block);
}

/** Rendered Markdown in a `div.md`; on a lexer failure the text is shown as it is. */
export function markdown(text: string): HTMLElement {
	const root = el("div", { class: "md" });
	try {
		for (const node of blocks(new Lexer({ gfm: true }).lex(text))) if (node) root.append(node);
	} catch (error) {
		console.warn("markdown failed", error);
		root.replaceChildren(el("pre", { class: "plain" }, text));
	}
	return root;
}
