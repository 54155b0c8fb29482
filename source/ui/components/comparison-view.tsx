import { Box, Text, useInput } from "ink";
import React, { useMemo, useState } from "react";
import { planComparison } from "../../navigation/compare.js";
import { formatComparison } from "../../navigation/compare-format.js";
import type { SessionTreeView } from "../../session/api.js";
import { terminalText } from "../../session/terminal-text.js";

type Props = { view: SessionTreeView; a: string; b: string; rows: number; cols: number; onClose(): void };

/** Lines of the comparison shown at once: the tree's half of the terminal, at least 5. */
const pageOf = (rows: number) => Math.max(5, Math.floor(rows / 2));

/**
 * Two branches from their common ancestor, laid out as `arbor compare` prints them for this
 * terminal's width (side by side from 83 columns, stacked below). ↑↓ PgUp PgDn scroll; Esc back.
 */
export function ComparisonView({ view, a, b, rows, cols, onClose }: Props) {
	const lines = useMemo(() => {
		try {
			return terminalText(formatComparison(view, planComparison(view, a, b), cols - 1)).split("\n");
		} catch (error) {
			return [error instanceof Error ? error.message : String(error)];
		}
	}, [view, a, b, cols]);
	const [top, setTop] = useState(0);
	const page = pageOf(rows);
	const last = Math.max(0, lines.length - page);
	useInput((input, key) => {
		if (key.escape || (key.ctrl && input === "c")) return onClose();
		const delta = key.upArrow ? -1 : key.downArrow ? 1 : key.pageUp ? -page : key.pageDown ? page : 0;
		if (delta !== 0) setTop(Math.max(0, Math.min(last, top + delta)));
	});
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate-end">{`Compare ${a} ↔ ${b}`}</Text>
			<Text dimColor wrap="truncate-end">↑↓ PgUp PgDn scroll · Esc back to the tree</Text>
			{lines.slice(top, top + page).map((line, i) => (
				<Text key={top + i} wrap="truncate-end">{line === "" ? " " : line}</Text>
			))}
			{lines.length > page ? <Text dimColor>{`(lines ${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length})`}</Text> : null}
		</Box>
	);
}
