import { Box, Text } from "ink";
import React from "react";
import { terminalText } from "../../text/terminal-text.js";

/** The visible window of a long list keeping `selected` inside, clamped at both ends. */
export function windowOf(total: number, selected: number, size: number): { start: number; end: number } {
	const start = Math.max(0, Math.min(selected - Math.floor(size / 2), total - size));
	return { start, end: Math.min(total, start + size) };
}

/** Rows with a `›` cursor; only the window around the selection is rendered. */
export function PickList({ rows, selected, size }: { rows: readonly string[]; selected: number; size: number }) {
	const { start, end } = windowOf(rows.length, selected, size);
	return (
		<Box flexDirection="column">
			{rows.slice(start, end).map((row, i) => (
				<Text key={start + i} inverse={start + i === selected} wrap="truncate-end">
					{`${start + i === selected ? "›" : " "} ${terminalText(row).replace(/[\n\t]/g, " ")}`}
				</Text>
			))}
		</Box>
	);
}
