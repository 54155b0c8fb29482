import { Box, Text } from "ink";
import React from "react";
import { parseMarkdown, type MdLine, type Span } from "../markdown.js";

function Spans({ spans }: { spans: Span[] }) {
	return (
		<>
			{spans.map((span, i) => {
				switch (span.style) {
					case "code":
						return <Text key={i} color="yellow">{span.text}</Text>;
					case "bold":
						return <Text key={i} bold>{span.text}</Text>;
					case "italic":
						return <Text key={i} italic>{span.text}</Text>;
					case undefined:
						return <Text key={i}>{span.text}</Text>;
					default: {
						const unreachable: never = span.style;
						return unreachable;
					}
				}
			})}
		</>
	);
}

function Line({ line }: { line: MdLine }) {
	switch (line.kind) {
		case "blank":
			return <Text> </Text>;
		case "text":
			return <Text><Spans spans={line.spans} /></Text>;
		case "heading":
			return <Text bold><Spans spans={line.spans} /></Text>;
		case "bullet":
			return (
				<Text>
					{"  ".repeat(line.indent)}
					<Text color="cyan">{line.marker} </Text>
					<Spans spans={line.spans} />
				</Text>
			);
		case "quote":
			return <Text dimColor>│ <Spans spans={line.spans} /></Text>;
		case "code":
			// Indented and coloured so code stands apart without box-drawing noise when copied.
			return <Text color="green">{"    " + (line.text === "" ? " " : line.text)}</Text>;
		default: {
			const unreachable: never = line;
			return unreachable;
		}
	}
}

/** A Markdown-aware rendering of assistant text for the terminal. */
export function MarkdownView({ text }: { text: string }) {
	const lines = parseMarkdown(text);
	return (
		<Box flexDirection="column">
			{lines.map((line, i) => (
				<Line key={i} line={line} />
			))}
		</Box>
	);
}
