import { Box, Text } from "ink";
import React from "react";
import { parseMarkdown, type MdLine, type Span } from "../markdown.js";
import { Prefixed } from "./prefixed.js";

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

function Line({ line, width }: { line: MdLine; width: number }) {
	switch (line.kind) {
		case "blank":
			return <Text> </Text>;
		case "text":
			return <Text><Spans spans={line.spans} /></Text>;
		case "heading":
			return <Text bold><Spans spans={line.spans} /></Text>;
		case "bullet":
			return (
				<Prefixed prefix={`${"  ".repeat(line.indent)}${line.marker} `} width={width} color="cyan">
					<Text><Spans spans={line.spans} /></Text>
				</Prefixed>
			);
		case "quote":
			return (
				<Prefixed prefix="│ " width={width} dimColor>
					<Text dimColor><Spans spans={line.spans} /></Text>
				</Prefixed>
			);
		case "code":
			// Indented and coloured so code stands apart without box-drawing noise when copied.
			return (
				<Prefixed prefix="    " width={width}>
					<Text color="green">{line.text === "" ? " " : line.text}</Text>
				</Prefixed>
			);
		default: {
			const unreachable: never = line;
			return unreachable;
		}
	}
}

/** A Markdown-aware rendering of assistant text, wrapped to `width` columns. */
export function MarkdownView({ text, width }: { text: string; width: number }) {
	const lines = parseMarkdown(text);
	return (
		<Box flexDirection="column" width={width}>
			{lines.map((line, i) => (
				<Line key={i} line={line} width={width} />
			))}
		</Box>
	);
}
