import { Box, Text } from "ink";
import React, { useState } from "react";
import { nextBoundary } from "../../text/text-width.js";
import { counted } from "../../text/count.js";
import { CELL_MARK } from "../../text/word-wrap.js";
import { editorRows, rowWindow } from "./editor-rows.js";

type Props = { text: string; cursor: number; active: boolean; width: number; maxRows?: number };

const PREFIX = "› ";
const INDENT = "  ";

/**
 * The editor text with a block cursor over the whole grapheme at the cursor (an emoji, a CJK
 * character), word-wrapped by editor-rows.ts. At most `maxRows` rows show: a taller text shows a
 * window around the cursor's row, with how many rows are above and below it.
 */
export function EditorLines({ text, cursor, active, width, maxRows = Number.POSITIVE_INFINITY }: Props) {
	const { rows, cursorRow } = editorRows(text, cursor, nextBoundary(text, cursor), Math.max(1, width - PREFIX.length), active);
	// The window's first row is kept between renders, so moving the cursor inside it does not scroll.
	const [top, setTop] = useState(0);
	const window = rowWindow(rows.length, cursorRow, maxRows, top);
	if (window.top !== top) setTop(window.top);
	const windowed = window.size < rows.length;
	const below = rows.length - window.top - window.size;
	return (
		<Box flexDirection="column" width={width}>
			{windowed && <Text dimColor wrap="truncate-end">{window.top > 0 ? `${INDENT}… ${counted(window.top, "more row")} above` : " "}</Text>}
			{rows.slice(window.top, window.top + window.size).map((row, i) => {
				const [a, b, c] = row.split(CELL_MARK);
				return (
					<Text key={window.top + i} wrap="truncate-end">
						<Text color="cyan" bold>{window.top + i === 0 ? PREFIX : INDENT}</Text>
						{a ?? ""}
						{b !== undefined && <Text inverse>{b}</Text>}
						{c}
					</Text>
				);
			})}
			{windowed && <Text dimColor wrap="truncate-end">{below > 0 ? `${INDENT}… ${counted(below, "more row")} below` : " "}</Text>}
		</Box>
	);
}
