import { Box, Text } from "ink";
import React, { type ReactNode } from "react";

type Props = {
	/** Printed on the first row only; later rows get as many spaces (a hanging indent). */
	prefix: string;
	/** Columns the whole row may take: the prefix is subtracted before the content wraps. */
	width: number;
	color?: string;
	bold?: boolean;
	dimColor?: boolean;
	children: ReactNode;
};

/** Prefixes are narrow characters (`›`, `●`, `│`, spaces), so code points = columns. */
const columns = (prefix: string) => [...prefix].length;

/** Columns left for content beside `prefix`; never below 1 so Ink still has room to wrap. */
export function contentWidth(width: number, prefix: string): number {
	return Math.max(1, width - columns(prefix));
}

/**
 * A prefix column and a content column with explicit widths. Without them Yoga lets a long Text
 * squeeze the prefix and overflow its parent (inside <Static> the row can end up wider than the
 * terminal), so the terminal wraps again and leaves one-word fragments on their own lines.
 */
export function Prefixed({ prefix, width, color, bold, dimColor, children }: Props) {
	const prefixWidth = columns(prefix);
	return (
		<Box width={width} flexDirection="row">
			<Box width={prefixWidth} flexShrink={0}>
				<Text color={color} bold={bold} dimColor={dimColor}>{prefix}</Text>
			</Box>
			<Box width={contentWidth(width, prefix)} flexDirection="column">
				{children}
			</Box>
		</Box>
	);
}
