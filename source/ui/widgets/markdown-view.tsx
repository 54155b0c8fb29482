import { Box, Text } from "ink";
import React, { useEffect, useMemo, useState } from "react";
import { currentHighlighter, loadHighlighter } from "../markdown/highlight.js";
import type { Line, Seg } from "../markdown/lines.js";
import { hasCodeBlock, lexMarkdown, renderMarkdown, type Highlight } from "../markdown/markdown.js";

function Run({ seg }: { seg: Seg }) {
	const s = seg.style;
	if (!s) return <Text>{seg.text}</Text>;
	return (
		<Text bold={s.bold} italic={s.italic} underline={s.underline} strikethrough={s.strike} dimColor={s.dim} color={s.color}>
			{seg.text}
		</Text>
	);
}

/** One pre-wrapped row: never wider than the view, so Ink has nothing left to wrap. */
function Row({ line }: { line: Line }) {
	if (line.length === 0) return <Text> </Text>;
	return (
		<Text wrap="truncate-end">
			{line.map((seg, i) => (
				<Run key={i} seg={seg} />
			))}
		</Text>
	);
}

/**
 * The highlighter once it is needed: the first code block starts loading it and re-renders when it
 * arrives (the streaming view does, so replies printed after it are highlighted).
 */
function useHighlighter(needed: boolean): Highlight | undefined {
	const [highlight, setHighlight] = useState(currentHighlighter);
	useEffect(() => {
		if (!needed || highlight) return;
		let live = true;
		void loadHighlighter().then((h) => live && h && setHighlight(() => h));
		return () => {
			live = false;
		};
	}, [needed, highlight]);
	return highlight;
}

/** A Markdown rendering of assistant text (sanitized, wrapped to `width` columns). */
export function MarkdownView({ text, width }: { text: string; width: number }) {
	const tokens = useMemo(() => lexMarkdown(text), [text]);
	const highlight = useHighlighter(useMemo(() => hasCodeBlock(tokens), [tokens]));
	const lines = useMemo(() => renderMarkdown(tokens, { width, highlight }), [tokens, width, highlight]);
	return (
		<Box flexDirection="column" width={width}>
			{lines.map((line, i) => (
				<Row key={i} line={line} />
			))}
		</Box>
	);
}
