import { Box, Text } from "ink";
import React from "react";

/** The editor text with a block cursor; the cursor cell is marked with NULs while splitting. */
export function EditorLines({ text, cursor, active }: { text: string; cursor: number; active: boolean }) {
	const before = text.slice(0, cursor);
	const at = text[cursor] ?? " ";
	const after = text.slice(cursor + 1);
	const shown = active ? `${before}\u0000${at === "\n" ? " \n" : at}\u0000${after}` : text;
	return (
		<Box flexDirection="column">
			{shown.split("\n").map((line, i) => {
				const [a, b, c] = line.split("\u0000");
				return (
					<Text key={i}>
						<Text color="cyan" bold>{i === 0 ? "› " : "  "}</Text>
						{a}
						{b !== undefined && <Text inverse>{b}</Text>}
						{c}
					</Text>
				);
			})}
		</Box>
	);
}

