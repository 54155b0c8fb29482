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

/** Auto-detection is costly on long text; above this only a named language is highlighted. */
const AUTO_MAX = 4000;

function tokenTree(code: string, lang: string | undefined): HlNode | undefined {
	try {
		const language = lang && hljs.getLanguage(lang) ? lang : undefined;
		if (!language && code.length > AUTO_MAX) return undefined;
		const result = language ? hljs.highlight(code, { language, ignoreIllegals: true }) : hljs.highlightAuto(code);
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
