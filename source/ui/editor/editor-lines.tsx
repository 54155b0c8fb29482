import { Box, Text } from "ink";
import React from "react";
import { nextBoundary } from "../../text/text-width.js";
import { Prefixed } from "../widgets/prefixed.js";

type Props = { text: string; cursor: number; active: boolean; width: number };

/** Tabs would move the terminal cursor to a tab stop Ink does not know about: show them as spaces. */
const shown = (text: string) => text.replace(/\t/g, "  ");

/**
 * The editor text with a block cursor over the whole grapheme at the cursor (an emoji, a CJK
 * character); the cursor cell is marked with NULs while splitting into lines.
 */
export function EditorLines({ text, cursor, active, width }: Props) {
	const end = nextBoundary(text, cursor);
	const at = end > cursor ? text.slice(cursor, end) : " ";
	const marked = active ? `${text.slice(0, cursor)}\u0000${at === "\n" ? " \n" : at}\u0000${text.slice(end)}` : text;
	return (
		<Box flexDirection="column" width={width}>
			{marked.split("\n").map((line, i) => {
				const [a, b, c] = line.split("\u0000");
				return (
					<Prefixed key={i} prefix={i === 0 ? "› " : "  "} width={width} color="cyan" bold>
						<Text>
							{shown(a ?? "")}
							{b !== undefined && <Text inverse>{shown(b)}</Text>}
							{c !== undefined && shown(c)}
						</Text>
					</Prefixed>
				);
			})}
		</Box>
	);
}
