import { Box, Text } from "ink";
import React from "react";
import { Prefixed } from "./prefixed.js";

type Props = { text: string; cursor: number; active: boolean; width: number };

/** The editor text with a block cursor; the cursor cell is marked with NULs while splitting. */
export function EditorLines({ text, cursor, active, width }: Props) {
	const before = text.slice(0, cursor);
	const at = text[cursor] ?? " ";
	const after = text.slice(cursor + 1);
	const shown = active ? `${before}\u0000${at === "\n" ? " \n" : at}\u0000${after}` : text;
	return (
		<Box flexDirection="column" width={width}>
			{shown.split("\n").map((line, i) => {
				const [a, b, c] = line.split("\u0000");
				return (
					<Prefixed key={i} prefix={i === 0 ? "› " : "  "} width={width} color="cyan" bold>
						<Text>
							{a}
							{b !== undefined && <Text inverse>{b}</Text>}
							{c}
						</Text>
					</Prefixed>
				);
			})}
		</Box>
	);
}
