/**
 * A small Markdown reader for terminal output: just enough structure (code fences, headings,
 * lists, quotes, inline code, bold) to make model replies readable. No dependency, no HTML.
 */
export type Span = { text: string; style?: "code" | "bold" | "italic" };

export type MdLine =
	| { kind: "text"; spans: Span[] }
	| { kind: "heading"; spans: Span[] }
	| { kind: "bullet"; marker: string; indent: number; spans: Span[] }
	| { kind: "quote"; spans: Span[] }
	| { kind: "code"; text: string; lang?: string }
	| { kind: "blank" };

/** Inline spans: `code`, **bold**, *italic* / _italic_. Unclosed markers stay literal. */
export function parseInline(text: string): Span[] {
	const spans: Span[] = [];
	const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])/g;
	let last = 0;
	for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
		if (m.index > last) spans.push({ text: text.slice(last, m.index) });
		if (m[1] !== undefined) spans.push({ text: m[1], style: "code" });
		else if (m[2] !== undefined || m[3] !== undefined) spans.push({ text: (m[2] ?? m[3])!, style: "bold" });
		else spans.push({ text: (m[4] ?? m[5])!, style: "italic" });
		last = m.index + m[0].length;
	}
	if (last < text.length) spans.push({ text: text.slice(last) });
	return spans;
}

function blockLine(line: string): MdLine {
	if (line.trim() === "") return { kind: "blank" };
	const heading = /^#{1,6}\s+(.*)$/.exec(line);
	if (heading) return { kind: "heading", spans: parseInline(heading[1]!) };
	const bullet = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(line);
	if (bullet) {
		const marker = /\d/.test(bullet[2]!) ? bullet[2]! : "•";
		return { kind: "bullet", marker, indent: Math.floor(bullet[1]!.length / 2), spans: parseInline(bullet[3]!) };
	}
	const quote = /^>\s?(.*)$/.exec(line);
	if (quote) return { kind: "quote", spans: parseInline(quote[1]!) };
	return { kind: "text", spans: parseInline(line) };
}

/** Splits a reply into display lines. An unclosed fence (still streaming) keeps its lines as code. */
export function parseMarkdown(text: string): MdLine[] {
	const lines: MdLine[] = [];
	let fence: { marker: string; lang?: string } | null = null;
	for (const line of text.split("\n")) {
		const fenceMatch = /^\s*(```+|~~~+)\s*([\w+-]*)/.exec(line);
		if (fence) {
			if (fenceMatch && fenceMatch[1]!.startsWith(fence.marker)) fence = null;
			else lines.push({ kind: "code", text: line, ...(fence.lang ? { lang: fence.lang } : {}) });
			continue;
		}
		if (fenceMatch) {
			fence = { marker: fenceMatch[1]!, ...(fenceMatch[2] ? { lang: fenceMatch[2] } : {}) };
			continue;
		}
		lines.push(blockLine(line));
	}
	return lines;
}
