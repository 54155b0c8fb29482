/// <reference lib="dom" />
/**
 * Code highlighting as DOM nodes: highlight.js tokenizes, and its token tree (not its HTML string)
 * becomes spans with text nodes, so code can never be parsed as markup.
 */
import hljs from "highlight.js/lib/common";
import { el } from "./dom.js";

type HlNode = string | { scope?: string; language?: string; children?: HlNode[] };

/** highlight.js's class names for a scope: `title.function` → `hljs-title function_`. */
function scopeClass(scope: string): string {
	return scope
		.split(".")
		.map((part, i) => (i === 0 ? `hljs-${part}` : `${part}${"_".repeat(i)}`))
		.join(" ");
}

function toDom(node: HlNode, parent: Node, depth: number): void {
	if (typeof node === "string") {
		parent.appendChild(document.createTextNode(node));
		return;
	}
	const cls = node.scope ? scopeClass(node.scope) : node.language ? `language-${node.language}` : "";
	const target = cls && depth > 0 ? parent.appendChild(el("span", { class: cls })) : parent;
	for (const child of node.children ?? []) toDom(child, target, depth + 1);
}

/**
 * Only a fence that names a known language is highlighted: auto-detection runs every grammar over
 * the text (tens of ms per block), which made a 400-message path take seconds to show.
 */
function tokenTree(code: string, lang: string | undefined): HlNode | undefined {
	try {
		if (!lang || !hljs.getLanguage(lang)) return undefined;
		const result = hljs.highlight(code, { language: lang, ignoreIllegals: true });
		return (result as unknown as { _emitter?: { rootNode?: HlNode } })._emitter?.rootNode;
	} catch (error) {
		// A grammar failing on odd input must not lose the code: show it plain.
		console.warn("highlight failed", error);
		return undefined;
	}
}

/** `<pre><code>` with highlighted spans (plain text when no grammar fits). */
export function codeBlock(code: string, lang?: string): HTMLElement {
	const codeEl = el("code", { class: "hljs" });
	const tree = tokenTree(code, lang?.trim().split(/\s+/)[0]);
	if (tree) toDom(tree, codeEl, 0);
	else codeEl.textContent = code;
	return el("pre", { class: "code" }, codeEl);
}
