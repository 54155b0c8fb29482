import { Box, Text } from "ink";
import React from "react";
import { terminalLine } from "../../text/terminal-text.js";
import { centredWindow } from "../widgets/list-window.js";

/** Rows with a `›` cursor; only the window around the selection is rendered. */
export function PickList({ rows, selected, size }: { rows: readonly string[]; selected: number; size: number }) {
	const { start, end } = centredWindow(rows.length, selected, size);
	return (
		<Box flexDirection="column">
			{rows.slice(start, end).map((row, i) => (
				<Text key={start + i} inverse={start + i === selected} wrap="truncate-end">
					{`${start + i === selected ? "›" : " "} ${terminalLine(row)}`}
				</Text>
			))}
		</Box>
	);
}
