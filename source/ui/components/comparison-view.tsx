import { Spinner } from "@inkjs/ui";
import { Box, Text } from "ink";
import React, { useMemo, useState } from "react";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import { planComparison, type BranchComparison } from "../../navigation/compare.js";
import { formatComparison } from "../../navigation/compare-format.js";
import type { SessionTreeView } from "../../session/api.js";
import { terminalText } from "../../text/terminal-text.js";
import { isCtrl, isKey } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";
import { useComparisonSummary, type ComparisonSummary } from "../hooks/use-comparison-summary.js";
import { treeWindowSize } from "./tree-selector.js";
import { errorMessage } from "../../text/error-text.js";

type Props = {
	view: SessionTreeView;
	a: string;
	b: string;
	rows: number;
	cols: number;
	summaryModel?: ResolvedModel;
	maxRetries?: number;
	onClose(): void;
};

/** Scroll keys: direction (PgUp/PgDn move a page). */
const SCROLL: Record<string, number> = { up: -1, down: 1, pageup: -1, pagedown: 1 };


function layout(view: SessionTreeView, a: string, b: string, cols: number): { comparison?: BranchComparison; lines: string[] } {
	try {
		const comparison = planComparison(view, a, b);
		return { comparison, lines: terminalText(formatComparison(view, comparison, cols - 1)).split("\n") };
	} catch (error) {
		return { lines: [errorMessage(error)] };
	}
}

function SummaryLine({ summary }: { summary: ComparisonSummary }) {
	switch (summary.kind) {
		case "none":
			return summary.notice ? <Text>{summary.notice}</Text> : null;
		case "running":
			return <Spinner label="Comparing with the summary model… (Esc to cancel)" />;
		case "failed":
			return <Text color="red">{summary.message}</Text>;
		case "done":
			return null;
		default: {
			const never: never = summary;
			return never;
		}
	}
}

/**
 * Two branches from their common ancestor, laid out as `arbor compare` prints them for this
 * terminal's width (side by side from 84 columns, stacked below). ↑↓ PgUp PgDn scroll; `s` asks the
 * summary model for a comparison (shown below it); Esc cancels that, else returns to the tree.
 */
export function ComparisonView(props: Props) {
	const { view, a, b, rows, cols } = props;
	const { comparison, lines: base } = useMemo(() => layout(view, a, b, cols), [view, a, b, cols]);
	const { summary, start, cancel } = useComparisonSummary({ summaryModel: props.summaryModel, maxRetries: props.maxRetries });
	const lines = summary.kind === "done" ? [...base, "", ...terminalText(summary.text).split("\n")] : base;
	const [top, setTop] = useState(0);
	const page = treeWindowSize(rows); // the tree's window: the comparison replaces it on screen
	const last = Math.max(0, lines.length - page);
	useKeys((event) => {
		if (isKey(event, "escape") || isCtrl(event, "c")) return summary.kind === "running" ? cancel() : props.onClose();
		if (event.kind === "text" && event.text === "s" && summary.kind !== "running" && comparison) return start(comparison.a, comparison.b);
		const delta = event.kind === "key" && !event.ctrl && !event.alt ? (SCROLL[event.name] ?? 0) * (event.name.startsWith("page") ? page : 1) : 0;
		if (delta !== 0) setTop(Math.max(0, Math.min(last, top + delta)));
	});
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate-end">{`Compare ${a} ↔ ${b}`}</Text>
			<Text dimColor wrap="truncate-end">↑↓ PgUp PgDn scroll · s ask the summary model · Esc back to the tree</Text>
			{lines.slice(top, top + page).map((line, i) => (
				<Text key={top + i} wrap="truncate-end">{line === "" ? " " : line}</Text>
			))}
			{lines.length > page ? <Text dimColor>{`(lines ${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length})`}</Text> : null}
			<SummaryLine summary={summary} />
		</Box>
	);
}
