/**
 * Syntax highlighting with highlight.js (its common languages), turned from its HTML into styled
 * lines. Only loaded through highlight.ts, on the first code block: the first frame never pays for it.
 */
import hljs from "highlight.js/lib/common";
import { must } from "../../text/must.js";
import type { Line, Seg, SegStyle } from "./lines.js";

/** highlight.js scopes (first class name, without `hljs-`) → terminal colours. */
const SCOPES: Record<string, SegStyle> = {
	keyword: { color: "magenta" },
	"selector-tag": { color: "magenta" },
	literal: { color: "magenta" },
	built_in: { color: "cyan" },
	type: { color: "cyan" },
	class: { color: "cyan" },
	title: { color: "blue" },
	function: { color: "blue" },
	string: { color: "green" },
	regexp: { color: "green" },
	addition: { color: "green" },
	number: { color: "yellow" },
	symbol: { color: "yellow" },
	attr: { color: "yellow" },
	attribute: { color: "yellow" },
	variable: { color: "red" },
	deletion: { color: "red" },
	comment: { dim: true, italic: true },
	quote: { dim: true, italic: true },
	meta: { dim: true },
};
const PLAIN: SegStyle = {};
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e] ?? e);

/** highlight.js's HTML (nested `<span class="hljs-…">`) as lines of styled runs. */
export function htmlToLines(html: string): Line[] {
	const lines: Line[] = [[]];
	const stack: SegStyle[] = [];
	for (const m of html.matchAll(/<span class="([^"]*)">|<\/span>|[^<]+/g)) {
		if (m[1] !== undefined) {
			const scope = (m[1].split(" ")[0] ?? "").replace(/^hljs-/, "");
			stack.push(SCOPES[scope] ?? stack.at(-1) ?? PLAIN);
		} else if (m[0] === "</span>") {
			stack.pop();
		} else {
			const style = stack.at(-1) ?? PLAIN;
			decode(m[0]).split("\n").forEach((part, i) => {
				if (i > 0) lines.push([]);
				if (part !== "") must(lines.at(-1), "current line").push({ text: part, ...(style === PLAIN ? {} : { style }) } satisfies Seg);
			});
		}
	}
	return lines;
}

/** `code` highlighted as `lang`; undefined for a language highlight.js does not know (shown plain). */
export function highlightCode(code: string, lang: string | undefined): Line[] | undefined {
	if (!lang || !hljs.getLanguage(lang)) return undefined;
	return htmlToLines(hljs.highlight(code, { language: lang, ignoreIllegals: true }).value);
}
